// SPDX-License-Identifier: MIT
#include "widgets/inspector/channel_spin_box.h"

#include <QApplication>
#include <QFocusEvent>
#include <QKeyEvent>
#include <QLineEdit>
#include <QMouseEvent>
#include <QWheelEvent>

#include <cmath>

namespace marrow::ui {

namespace {

bool isStepKey(int key)
{
    return key == Qt::Key_Up || key == Qt::Key_Down || key == Qt::Key_PageUp || key == Qt::Key_PageDown;
}

} // namespace

ChannelSpinBox::ChannelSpinBox(QWidget* parent)
    : QDoubleSpinBox(parent)
{
    setKeyboardTracking(false);
    setAccelerated(true);  // a long press on an arrow speeds up, as in every Qt spin box
    setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    // Wheel edits need focus first (see wheelEvent); clicks and Tab still give it.
    setFocusPolicy(Qt::StrongFocus);
    // Only shown at minimum(), which the panel reserves for "nothing to show".
    setSpecialValueText(QStringLiteral("\u2014"));
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);

    m_wheelTimer.setSingleShot(true);
    m_wheelTimer.setInterval(kWheelBurstMs);
    connect(&m_wheelTimer, &QTimer::timeout, this, &ChannelSpinBox::gestureFinished);
    // Enter and focus out (the base class emits editingFinished for both).
    connect(this, &QAbstractSpinBox::editingFinished, this, [this] {
        // Committed: the text is no longer "being edited", so Ctrl+Z now
        // means the editor's undo, not the field's (see ShortcutRouter).
        lineEdit()->setModified(false);
        m_wheelTimer.stop();
        emit gestureFinished();
    });
    lineEdit()->installEventFilter(this);
    setTextEditing(false);
}

void ChannelSpinBox::showBlank()
{
    setValue(minimum());
}

bool ChannelSpinBox::hasPendingText() const
{
    return hasFocus() && lineEdit()->isModified();
}

void ChannelSpinBox::setTextEditing(bool editing)
{
    m_textEditing = editing;
    // The pointer tells which a drag will do: scrub the value or select text.
    lineEdit()->setCursor(editing ? Qt::IBeamCursor : Qt::SizeHorCursor);
}

void ChannelSpinBox::focusInEvent(QFocusEvent* event)
{
    QDoubleSpinBox::focusInEvent(event);
    // Tab and shortcuts come to type; a mouse press decides on release (scrub or click).
    if (event->reason() != Qt::MouseFocusReason)
        setTextEditing(true);
}

void ChannelSpinBox::focusOutEvent(QFocusEvent* event)
{
    QDoubleSpinBox::focusOutEvent(event);  // interprets the text, emits editingFinished
    m_pressed = false;
    m_scrubbing = false;
    setTextEditing(false);
}

void ChannelSpinBox::mouseReleaseEvent(QMouseEvent* event)
{
    QDoubleSpinBox::mouseReleaseEvent(event);  // stops the arrow's auto-repeat
    if (event->button() == Qt::LeftButton)
        emit gestureFinished();
}

void ChannelSpinBox::keyReleaseEvent(QKeyEvent* event)
{
    QDoubleSpinBox::keyReleaseEvent(event);  // stops the key's auto-repeat
    // Auto-repeat sends release/press pairs while the key is held: only the
    // real release ends the gesture.
    if (isStepKey(event->key()) && !event->isAutoRepeat())
        emit gestureFinished();
}

void ChannelSpinBox::wheelEvent(QWheelEvent* event)
{
    if (!hasFocus()) {
        event->ignore();  // let the scroll area behind us scroll
        return;
    }
    QDoubleSpinBox::wheelEvent(event);
    m_wheelTimer.start();  // the burst ends this long after its last step
}

bool ChannelSpinBox::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == lineEdit() && scrubEvent(event))
        return true;
    return QDoubleSpinBox::eventFilter(watched, event);
}

bool ChannelSpinBox::scrubEvent(QEvent* event)
{
    switch (event->type()) {
    case QEvent::MouseButtonPress:
    case QEvent::MouseButtonDblClick: {
        auto* e = static_cast<QMouseEvent*>(event);
        if (m_textEditing || e->button() != Qt::LeftButton || isReadOnly())
            return false;
        m_pressed = true;
        m_scrubbing = false;
        m_pressGlobal = e->globalPosition().toPoint();
        m_lastScrubX = m_pressGlobal.x();
        return true;  // no caret yet: this may become a scrub
    }
    case QEvent::MouseMove: {
        if (!m_pressed)
            return false;
        auto* e = static_cast<QMouseEvent*>(event);
        const int x = e->globalPosition().toPoint().x();
        if (!m_scrubbing) {
            if (std::abs(x - m_pressGlobal.x()) < QApplication::startDragDistance())
                return true;
            m_scrubbing = true;
            m_lastScrubX = x;
        }
        const double step = singleStep() * ((e->modifiers() & Qt::ShiftModifier) ? 0.1 : 1.0);
        const int dx = x - m_lastScrubX;
        if (dx != 0) {
            m_lastScrubX = x;
            // Emits valueChanged like an arrow step; clamped to the range.
            setValue(value() + step * dx);
        }
        return true;
    }
    case QEvent::MouseButtonRelease: {
        if (!m_pressed)
            return false;
        auto* e = static_cast<QMouseEvent*>(event);
        if (e->button() != Qt::LeftButton)
            return true;
        m_pressed = false;
        if (m_scrubbing) {
            m_scrubbing = false;
            selectAll();  // typing next replaces the number
            emit gestureFinished();
        } else {
            // A click: edit the text, all of it selected, as Blender's fields do.
            setTextEditing(true);
            setFocus(Qt::MouseFocusReason);
            selectAll();
        }
        return true;
    }
    default:
        return false;
    }
}

} // namespace marrow::ui
