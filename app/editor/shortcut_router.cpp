// SPDX-License-Identifier: MIT
#include "app/editor/shortcut_router.h"

#include <QAbstractSpinBox>
#include <QApplication>
#include <QKeyEvent>
#include <QLineEdit>

namespace marrow::app {

namespace {

// The spin box a line edit belongs to, or the line edit itself.
QWidget* textField(QWidget* widget)
{
    if (auto* edit = qobject_cast<QLineEdit*>(widget)) {
        if (auto* spin = qobject_cast<QAbstractSpinBox*>(edit->parentWidget()))
            return spin;
        return edit;
    }
    if (qobject_cast<QAbstractSpinBox*>(widget))
        return widget;
    return nullptr;
}

} // namespace

ShortcutRouter::ShortcutRouter(QWidget* window)
    : QObject(window)
    , m_window(window)
{
    qApp->installEventFilter(this);
}

bool ShortcutRouter::isBeingEdited(QWidget* field)
{
    QLineEdit* edit = qobject_cast<QLineEdit*>(field);
    if (!edit && field)
        edit = field->findChild<QLineEdit*>(QString(), Qt::FindDirectChildrenOnly);
    return edit && edit->isModified();
}

bool ShortcutRouter::eventFilter(QObject* watched, QEvent* event)
{
    if (event->type() != QEvent::ShortcutOverride || !m_window || !watched->isWidgetType())
        return false;
    auto* widget = static_cast<QWidget*>(watched);
    if (widget->window() != m_window)
        return false;
    QWidget* field = textField(widget);
    if (!field || isBeingEdited(field))
        return false;  // not a text field, or typing: the field decides as usual
    const auto* key = static_cast<QKeyEvent*>(event);
    if (!(key->modifiers() & (Qt::ControlModifier | Qt::AltModifier | Qt::MetaModifier)))
        return false;
    // Swallow the override unaccepted: the shortcut map now looks for a
    // window shortcut, and with none the key press still reaches the field.
    return true;
}

} // namespace marrow::app
