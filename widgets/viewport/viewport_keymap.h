// SPDX-License-Identifier: MIT
#pragma once
#include "widgets/viewport/viewport_navigation.h"

#include <QKeySequence>
#include <QList>
#include <QString>

namespace marrow::ui {

// One line of a keymap: what to press and what it does.
struct KeyBinding {
    QString keys;
    QString action;
};

// The viewport's keys and mouse gestures in `scheme`, for Help › Keyboard
// Shortcuts and the preferences' hints; the frame shortcuts below are the
// ones the View menu's actions carry, so the list and the menu agree.
QList<KeyBinding> viewportKeymap(NavigationScheme scheme);
// Frame All: Home (Blender); A and Home (Maya).
QList<QKeySequence> frameAllShortcuts(NavigationScheme scheme);
// Frame Selected: F in both (and the keypad's period in Blender).
QList<QKeySequence> frameSelectedShortcuts(NavigationScheme scheme);
// One line for the preferences: "MMB orbit, …, Home frame all, F frame selected".
QString navigationSummary(NavigationScheme scheme);

} // namespace marrow::ui
