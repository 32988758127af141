// SPDX-License-Identifier: MIT
#pragma once
// Finding a context menu's items by their text, for the menu tests.
#include <QAction>
#include <QMenu>
#include <QString>

namespace marrow::test {

// The action whose text is `text`, or the submenu titled so; null if none.
inline QAction* menuItem(const QMenu* menu, const QString& text)
{
    for (QAction* action : menu->actions())
        if (action->text() == text || (action->menu() && action->menu()->title() == text))
            return action;
    return nullptr;
}

// The item `text` of the submenu `sub`.
inline QAction* menuSubItem(const QMenu* menu, const QString& sub, const QString& text)
{
    QAction* parent = menuItem(menu, sub);
    return parent && parent->menu() ? menuItem(parent->menu(), text) : nullptr;
}

} // namespace marrow::test
