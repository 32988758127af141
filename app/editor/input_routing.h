// SPDX-License-Identifier: MIT
#pragma once

class QMainWindow;
class QWidget;

namespace marrow::ui {
class TimelineWidget;
}

namespace marrow::app {

// Where the keyboard and the wheel go in `window`, Blender's way: keys to the
// area under the mouse (AreaKeyRouter: the viewport, the bone tree, the dope
// sheet, the graph, the timeline), modified keys past idle text fields
// (ShortcutRouter), the wheel past unfocused fields in docks
// (DockWheelGuard), and the focus back to the window after a dialog
// (DialogFocusRestorer). Call once the timeline has its graph tab.
void installInputRouting(QMainWindow* window, QWidget* viewport, QWidget* boneTree, ui::TimelineWidget* timeline);

} // namespace marrow::app
