// SPDX-License-Identifier: MIT
#pragma once
class QAction;
class QMenu;

namespace marrow::ui {

// Adds to a context menu a stand-in for an existing action: the same text,
// icon, shortcut (shown, not bound: the source keeps the key) and check
// state, triggering the source. The menu may disable it (nothing selected,
// an empty clipboard) without disabling the source's shortcut, which a
// disabled QAction would lose. Owned by the menu.
QAction* addProxyAction(QMenu* menu, QAction* source, bool enabled = true);

} // namespace marrow::ui
