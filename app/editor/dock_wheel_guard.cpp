// SPDX-License-Identifier: MIT
#include "app/editor/dock_wheel_guard.h"

#include <QAbstractScrollArea>
#include <QAbstractSlider>
#include <QAbstractSpinBox>
#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QScrollBar>
#include <QWheelEvent>

namespace marrow::app {

namespace {

bool isValueField(const QWidget* widget)
{
    // A scroll bar is what the wheel should move, not a field.
    return qobject_cast<const QComboBox*>(widget) || qobject_cast<const QAbstractSpinBox*>(widget) ||
           (qobject_cast<const QAbstractSlider*>(widget) && !qobject_cast<const QScrollBar*>(widget));
}

bool inDock(const QWidget* widget)
{
    for (const QWidget* w = widget->parentWidget(); w && !w->isWindow(); w = w->parentWidget())
        if (qobject_cast<const QDockWidget*>(w))
            return true;
    return false;
}

QAbstractScrollArea* scrollAreaAround(QWidget* widget)
{
    for (QWidget* w = widget->parentWidget(); w && !w->isWindow(); w = w->parentWidget())
        if (auto* area = qobject_cast<QAbstractScrollArea*>(w))
            return area;
    return nullptr;
}

} // namespace

DockWheelGuard::DockWheelGuard(QWidget* window)
    : QObject(window)
    , m_window(window)
{
    // Fields polished already: the rest are caught at their Polish event.
    const auto fields = window->findChildren<QWidget*>();
    for (QWidget* field : fields)
        if (guards(field))
            dropWheelFocus(field);
    qApp->installEventFilter(this);
}

bool DockWheelGuard::guards(QWidget* widget) const
{
    return m_window && widget && widget->window() == m_window && isValueField(widget) && inDock(widget);
}

void DockWheelGuard::dropWheelFocus(QWidget* field)
{
    if ((field->focusPolicy() & Qt::WheelFocus) == Qt::WheelFocus)
        field->setFocusPolicy(Qt::StrongFocus);
}

bool DockWheelGuard::eventFilter(QObject* watched, QEvent* event)
{
    if ((event->type() != QEvent::Wheel && event->type() != QEvent::Polish) || !watched->isWidgetType())
        return false;
    auto* field = static_cast<QWidget*>(watched);
    if (!guards(field))
        return false;
    if (event->type() == QEvent::Polish) {
        dropWheelFocus(field);
        return false;
    }
    if (field->hasFocus())
        return false;
    // Hand the notches to the dock's scroll area; the field never sees them.
    if (QAbstractScrollArea* area = scrollAreaAround(field)) {
        const auto* wheel = static_cast<QWheelEvent*>(event);
        QWidget* viewport = area->viewport();
        QWheelEvent scroll(viewport->mapFromGlobal(wheel->globalPosition()), wheel->globalPosition(),
                           wheel->pixelDelta(), wheel->angleDelta(), wheel->buttons(), wheel->modifiers(),
                           wheel->phase(), wheel->inverted(), wheel->source());
        QCoreApplication::sendEvent(viewport, &scroll);
    }
    event->accept();
    return true;
}

} // namespace marrow::app
