// SPDX-License-Identifier: MIT
#pragma once
#include "widgets/viewport/view_keys.h"

#include <QList>

class QAction;
class QMenu;
class QMainWindow;

namespace marrow::ui {
class ViewportWidget;
}

namespace marrow::app {

// View › Viewpoint, as Blender's: Front, Back, Right, Left, Top, Bottom and
// Perspective/Orthographic, with the numpad keys (ui::viewCommandFor) as
// viewport shortcuts. Both keymaps get them: Maya has no numpad views, so
// its users reach them from this menu (and still have the keys).
struct ViewpointActions {
    QMenu* menu = nullptr;
    QAction* front = nullptr;
    QAction* back = nullptr;
    QAction* right = nullptr;
    QAction* left = nullptr;
    QAction* top = nullptr;
    QAction* bottom = nullptr;
    QAction* perspective = nullptr;  // toggles perspective / orthographic
};

// Adds the submenu to the menu-bar menu that holds `after`, right below it.
ViewpointActions installViewpointActions(QMainWindow* window, ui::ViewportWidget* viewport, QAction* after);

} // namespace marrow::app
