// SPDX-License-Identifier: MIT
#pragma once
#include "core/anim/channel.h"

#include <QPoint>

#include <functional>

class QAction;
class QMenu;
class QWidget;

namespace marrow::ui {

// The key editors' right-click menu, shared by the dope sheet and the graph
// (Blender's dope sheet / graph context menu): Copy, Paste; Interpolation
// Mode and Handle Type submenus; Duplicate, Delete; Select All, None. Items
// reuse the editor's actions (shown with their keys, through
// addProxyAction); a null action or empty setter leaves its item out.
// Without a key selection the items that act on it are disabled; Paste
// follows canPaste.
struct KeyContextMenuItems {
    bool hasSelection = false;
    bool canPaste = false;
    QAction* copy = nullptr;
    QAction* paste = nullptr;
    std::function<void(anim::Interpolation)> setInterpolation;
    std::function<void(anim::TangentMode)> setHandleType;
    QAction* duplicate = nullptr;
    QAction* remove = nullptr;
    QAction* selectAll = nullptr;
    QAction* selectNone = nullptr;
};

// Builds the menu (deleted when closed) and pops it up at `globalPos`;
// returned for tests.
QMenu* popupKeyContextMenu(QWidget* parent, QPoint globalPos, const KeyContextMenuItems& items);

// The choices themselves, for T's and V's menus too: Constant, Linear,
// Cubic; Free, Aligned, Vector, Automatic (Blender's handle types; its
// Automatic is our auto-clamped). Each action calls `set` with its mode.
void addInterpolationActions(QMenu* menu, const std::function<void(anim::Interpolation)>& set);
void addHandleTypeActions(QMenu* menu, const std::function<void(anim::TangentMode)>& set);

} // namespace marrow::ui
