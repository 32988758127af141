// SPDX-License-Identifier: MIT
#pragma once

class QMainWindow;
class QWidget;

namespace marrow::ui {
class ToolManager;
}

namespace marrow::app {

class StatusBarPresenter;

// The viewport's tools in the window: a Tools menu (inserted before
// Playback) and a Tools toolbar from the ToolManager's QActionGroup, each
// tooltip naming its shortcut; the tool shortcuts act where the mouse is
// (the viewport, like the frame keys, so the bone tree's type-ahead keeps
// its letters); Ctrl+Tab (toggle the mode tool) is window-wide; the status
// bar names the mode and shows the active tool's hint.
void installEditorTools(QMainWindow* window, QWidget* viewport, ui::ToolManager& tools, StatusBarPresenter* status);

} // namespace marrow::app
