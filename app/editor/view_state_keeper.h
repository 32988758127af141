// SPDX-License-Identifier: MIT
#pragma once
#include "app/editor/pose_mode.h"
#include "app/editor/skeleton_edit_mode.h"
#include "app/editor/weight_paint_mode.h"
#include "core/io/document_extras.h"

class QAction;

namespace marrow::ws {
class Selection;
class Playback;
}
namespace marrow::ui {
class ToolManager;
class ViewportTool;
class ViewportWidget;
}

namespace marrow::app {

class DocumentController;

// The editor's side of doc::ViewState (issue 36 item 7: reopening showed the
// first clip, not the one being edited). The workspace puts the active clip
// and the time back on open (Selection, PoseEvaluator); the editor saves all
// three and puts the mode back. Modes by name: "select", "pose",
// "weight_paint" (the tools) and "edit_skeleton" (the Pose tool with Edit
// Skeleton on).
struct ViewStateParts {
    ws::Selection* selection = nullptr;
    ws::Playback* playback = nullptr;
    ui::ToolManager* tools = nullptr;
    ui::ViewportTool* poseTool = nullptr;
    ui::ViewportTool* paintTool = nullptr;
    QAction* editSkeleton = nullptr;
};

// What the editor shows now, as a save keeps it.
doc::ViewState currentViewState(const ViewStateParts& parts);
// Enters the saved mode; an empty or unknown name leaves the mode as it is.
void restoreEditorMode(const ViewStateParts& parts, const std::string& mode);
// Every save of `files` asks currentViewState first; returns the parts.
ViewStateParts installViewState(ws::Selection* selection, ws::Playback* playback, ui::ViewportWidget* viewport,
                                const PoseMode& pose, const WeightPaintMode& paint, const SkeletonEditMode& skeleton,
                                DocumentController* files);

} // namespace marrow::app
