// SPDX-License-Identifier: MIT
#pragma once
#include <Qt>

namespace marrow::ui {

// Which mouse gestures move the camera. Blender: MMB orbits, Shift+MMB pans,
// Ctrl+MMB zooms, the wheel zooms, Home frames all. Maya: Alt+LMB orbits,
// Alt+MMB pans, Alt+RMB zooms, the wheel zooms, F frames all (A too). In
// both, a plain left click belongs to the active tool (select a bone).
enum class NavigationScheme { Blender, Maya };

enum class NavigationAction { None, Orbit, Pan, Zoom };

// The camera action a press of `button` with `modifiers` starts, or None
// when the press belongs to the tool. Pure, so both schemes are tested
// without a window.
NavigationAction navigationActionFor(NavigationScheme scheme, Qt::MouseButton button, Qt::KeyboardModifiers modifiers);

// True when `key` (with `modifiers`) frames the whole model in `scheme`.
bool isFrameAllKey(NavigationScheme scheme, int key, Qt::KeyboardModifiers modifiers);
// True when `key` frames the selected joints.
bool isFrameSelectedKey(NavigationScheme scheme, int key, Qt::KeyboardModifiers modifiers);

} // namespace marrow::ui
