// SPDX-License-Identifier: MIT
#include "app/editor/area_key_router.h"

#include "app/editor/shortcut_router.h"

#include <QAbstractSpinBox>
#include <QApplication>
#include <QComboBox>
#include <QCursor>
#include <QKeyEvent>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QTextEdit>
#include <QWidget>

namespace marrow::app {

namespace {

// A field that takes typed text (not a list's type-ahead).
bool takesText(const QWidget* w)
{
    if (const auto* edit = qobject_cast<const QLineEdit*>(w))
        return !edit->isReadOnly();
    if (const auto* combo = qobject_cast<const QComboBox*>(w))
        return combo->isEditable();
    if (const auto* text = qobject_cast<const QTextEdit*>(w))
        return !text->isReadOnly();
    if (const auto* plain = qobject_cast<const QPlainTextEdit*>(w))
        return !plain->isReadOnly();
    return qobject_cast<const QAbstractSpinBox*>(w) != nullptr;
}

// The spin box a line edit belongs to, or the widget itself.
QWidget* fieldOf(QWidget* w)
{
    if (auto* spin = qobject_cast<QAbstractSpinBox*>(w->parentWidget()))
        return spin;
    return w;
}

bool isModifierKey(int key)
{
    return key == Qt::Key_Shift || key == Qt::Key_Control || key == Qt::Key_Alt || key == Qt::Key_Meta ||
           key == Qt::Key_AltGr || key == Qt::Key_Super_L || key == Qt::Key_Super_R;
}

} // namespace

AreaKeyRouter::AreaKeyRouter(QWidget* window)
    : QObject(window)
    , m_window(window)
{
    qApp->installEventFilter(this);
}

void AreaKeyRouter::addArea(QWidget* area)
{
    if (area)
        m_areas.append(area);
}

QWidget* AreaKeyRouter::areaOf(QWidget* widget) const
{
    for (QWidget* w = widget; w && w != m_window; w = w->parentWidget())
        for (const QPointer<QWidget>& area : m_areas)
            if (area == w)
                return w;
    return nullptr;
}

QWidget* AreaKeyRouter::areaUnderMouse() const
{
    QWidget* under = QApplication::widgetAt(QCursor::pos());
    if (!under || under->window() != m_window)
        return nullptr;
    return areaOf(under);
}

bool AreaKeyRouter::mayRoute() const
{
    return m_window && QApplication::activeWindow() == m_window && !QApplication::activePopupWidget() &&
           !QApplication::activeModalWidget() && QApplication::mouseButtons() == Qt::NoButton &&
           !QWidget::mouseGrabber() && !QWidget::keyboardGrabber();
}

bool AreaKeyRouter::keepsKey(QWidget* focus, const QKeyEvent& key) const
{
    if (!takesText(focus))
        return false;
    QWidget* field = fieldOf(focus);
    if (field == m_committed)
        return false;  // Enter handed the keys back to the area under the pointer
    if (!(key.modifiers() & (Qt::ControlModifier | Qt::AltModifier | Qt::MetaModifier)))
        return true;  // letters, digits, Delete: they are the field's
    return ShortcutRouter::isBeingEdited(field);
}

void AreaKeyRouter::trackCommit(QObject* watched, QEvent* event)
{
    const QEvent::Type type = event->type();
    if (type != QEvent::KeyPress && type != QEvent::FocusIn && type != QEvent::MouseButtonPress)
        return;
    auto* widget = static_cast<QWidget*>(watched);
    if (widget->window() != m_window || !takesText(widget))
        return;
    QWidget* field = fieldOf(widget);
    const auto* key = type == QEvent::KeyPress ? static_cast<QKeyEvent*>(event) : nullptr;
    if (key && (key->key() == Qt::Key_Return || key->key() == Qt::Key_Enter))
        m_committed = field;
    else if (m_committed == field && !(key && isModifierKey(key->key())))
        m_committed = nullptr;  // clicked or typed into again: the field's keys once more
}

bool AreaKeyRouter::holdsKeys(QWidget* focus)
{
    // An area in a modal gesture (a modal G, a drag) claims Escape to cancel
    // it: it keeps every key until the gesture ends, wherever the mouse went.
    QKeyEvent probe(QEvent::ShortcutOverride, Qt::Key_Escape, Qt::NoModifier);
    m_probing = true;
    QCoreApplication::sendEvent(focus, &probe);
    m_probing = false;
    return probe.isAccepted();
}

bool AreaKeyRouter::eventFilter(QObject* watched, QEvent* event)
{
    if (!watched->isWidgetType())
        return false;
    trackCommit(watched, event);
    // ShortcutOverride comes first for every key press, before the shortcut
    // map looks for a shortcut in the focus's context: the moment to move it.
    if (event->type() != QEvent::ShortcutOverride || m_probing)
        return false;
    auto* focus = static_cast<QWidget*>(watched);
    if (focus != QApplication::focusWidget() || focus->window() != m_window || !mayRoute())
        return false;
    auto* key = static_cast<QKeyEvent*>(event);
    if (isModifierKey(key->key()) || keepsKey(focus, *key))
        return false;
    QWidget* target = areaUnderMouse();
    if (!target || target == focus || target->isAncestorOf(focus) || !target->isEnabled() || holdsKeys(focus))
        return false;
    target->setFocus(Qt::MouseFocusReason);
    if (QApplication::focusWidget() == focus)
        return false;  // the area takes no focus: leave the key where it was
    // The new focus now sees the override (its own keys: Home in the graph,
    // Delete in the dope sheet); the old one never does.
    QKeyEvent copy(QEvent::ShortcutOverride, key->key(), key->modifiers(), key->nativeScanCode(),
                   key->nativeVirtualKey(), key->nativeModifiers(), key->text(), key->isAutoRepeat(),
                   key->count());
    QCoreApplication::sendEvent(QApplication::focusWidget(), &copy);
    event->setAccepted(copy.isAccepted());
    return true;
}

} // namespace marrow::app
