// SPDX-License-Identifier: MIT
#pragma once
#include "widgets/viewport/orbit_camera.h"

#include <QKeySequence>
#include <QString>

#include <optional>

namespace marrow::ui {

// Blender's numpad views. 1, 3, 7: Front, Right, Top; with Ctrl the
// opposite (Back, Left, Bottom); 5 toggles orthographic; 2, 4, 6, 8 orbit
// the viewpoint 15 degrees (8 up, 4 left, as Blender's view_orbit); 0
// stays free (Blender's camera view). Maya has no numpad views: its keymap keeps these keys and
// reaches the same commands from View › Viewpoint. The top-row digits are
// not views, as in Blender's default keymap.
enum class ViewCommand {
    Front,
    Back,
    Right,
    Left,
    Top,
    Bottom,
    TogglePerspective,
    OrbitLeft,
    OrbitRight,
    OrbitUp,
    OrbitDown,
};

// The command a key press is, if any (numpad keys carry Qt::KeypadModifier).
std::optional<ViewCommand> viewCommandFor(int key, Qt::KeyboardModifiers modifiers);
// The key of `command`, for the View menu ("Num+1", "Ctrl+Num+1").
QKeySequence viewCommandShortcut(ViewCommand command);
// Turns the camera (an axis view switches to orthographic: Blender's auto perspective).
void applyViewCommand(OrbitCamera& camera, ViewCommand command);

// "Front", "Top", ... as Blender names them.
QString axisViewName(AxisView view);
// The viewport's corner text, as Blender's: "Front Orthographic", "User Perspective".
QString viewTitle(const OrbitCamera& camera);

} // namespace marrow::ui
