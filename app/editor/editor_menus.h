// SPDX-License-Identifier: MIT
#pragma once

class QMainWindow;

namespace marrow::app {

struct EditorActions;
struct EditorDocks;

// The menu bar (File, Edit, View, Playback, Help) and the main toolbar, from
// the window's actions and docks. View lists every dock's toggle (Log too).
void buildEditorMenus(QMainWindow* window, EditorActions& actions, const EditorDocks& docks);
void buildEditorToolBar(QMainWindow* window, EditorActions& actions);

} // namespace marrow::app
