// SPDX-License-Identifier: MIT
#pragma once
#include "app/editor/shortcuts_dialog.h"

namespace marrow::app {

class MainWindow;

// Help › Keyboard Shortcuts' sections for the window as it is now: what
// works everywhere, in the viewport, per mode (Select, Pose, Edit Skeleton, Weight Paint:
// the mode's actions and its tool's keyHelp), the Select menu, the dope
// sheet and the graph editor. Built from the live actions each time the
// dialog opens, so a changed keymap shows.
QList<ShortcutsDialog::Section> editorShortcutSections(MainWindow& window);

} // namespace marrow::app
