// SPDX-License-Identifier: MIT
#include "app/editor/view_state_keeper.h"

#include "app/editor/document_controller.h"
#include "core/workspace/playback.h"
#include "core/workspace/selection.h"
#include "widgets/viewport/pose_tool.h"
#include "widgets/viewport/select_tool.h"
#include "widgets/viewport/tool_manager.h"
#include "widgets/viewport/viewport_widget.h"
#include "widgets/viewport/weight_brush_tool.h"

#include <QAction>

namespace marrow::app {

namespace {

const char* const kSelect = "select";
const char* const kPose = "pose";
const char* const kWeightPaint = "weight_paint";
const char* const kEditSkeleton = "edit_skeleton";

ui::ViewportTool* selectTool(const ui::ToolManager& tools)
{
    for (ui::ViewportTool* tool : tools.tools())
        if (qobject_cast<ui::SelectTool*>(tool))
            return tool;
    return nullptr;
}

} // namespace

doc::ViewState currentViewState(const ViewStateParts& p)
{
    doc::ViewState view;
    view.clip = p.selection->activeClip();
    // A transition's preview time is no time of the clip: its start then.
    view.time = p.playback->mode() == ws::Playback::Mode::Clip ? p.playback->time() : 0.0;
    const ui::ViewportTool* active = p.tools->activeTool();
    if (p.editSkeleton && p.editSkeleton->isChecked())
        view.mode = kEditSkeleton;
    else if (active && active == p.poseTool)
        view.mode = kPose;
    else if (active && active == p.paintTool)
        view.mode = kWeightPaint;
    else if (active && active == selectTool(*p.tools))
        view.mode = kSelect;
    return view;
}

void restoreEditorMode(const ViewStateParts& p, const std::string& mode)
{
    ui::ViewportTool* tool = mode == kPose ? p.poseTool
                             : mode == kWeightPaint ? p.paintTool
                             : mode == kSelect ? selectTool(*p.tools)
                                               : nullptr;
    if (mode == kEditSkeleton && p.editSkeleton) {
        p.editSkeleton->setChecked(true);  // it picks the Pose tool
        return;
    }
    if (!tool)
        return;  // a later build's mode, or none saved
    if (p.editSkeleton)
        p.editSkeleton->setChecked(false);
    p.tools->setActiveTool(tool);
}

ViewStateParts installViewState(ws::Selection* selection, ws::Playback* playback, ui::ViewportWidget* viewport,
                                const PoseMode& pose, const WeightPaintMode& paint, const SkeletonEditMode& skeleton,
                                DocumentController* files)
{
    const ViewStateParts parts{selection, playback, &viewport->tools(), pose.tool, paint.tool, skeleton.toggle};
    files->setViewStateSource([parts] { return currentViewState(parts); });
    return parts;
}

} // namespace marrow::app
