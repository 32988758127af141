// SPDX-License-Identifier: MIT
#pragma once
#include "app/editor/editor_actions.h"
#include "app/editor/key_actions.h"
#include "app/editor/pose_mode.h"
#include "app/editor/select_actions.h"
#include "app/editor/skeleton_edit_mode.h"
#include "app/editor/weight_paint_mode.h"

class QMenu;
class QObject;

namespace marrow::doc {
class Document;
}
namespace marrow::ws {
class BrushState;
class Selection;
}

namespace marrow::app {

// Everything the viewport's right-click menus show: the window's actions
// (each item is a stand-in showing its key, ui::addProxyAction) and the
// state the weight menu edits directly.
struct ViewportMenuSources {
    EditorActions* editor = nullptr;
    KeyActions keys;
    SelectActions select;
    PoseMode pose;
    WeightPaintMode paint;
    doc::Document* document = nullptr;
    ws::Selection* selection = nullptr;
    ws::BrushState* brush = nullptr;
    SkeletonEditMode skeleton;
};

// Blender's right-click context menu in the viewport, per mode: a right
// press and release without a drag, not a navigation (Maya's Alt+RMB
// zoom) and not the click that cancels a modal G/R/S or the brush's F
// adjust (PoseTool and WeightBrushTool cancel on that press), opens
//  - Pose: Insert / Delete Keyframe, Clear Transform, Copy / Paste / Paste
//    Flipped Pose, Select, Auto IK, Reset Pose;
//  - Weight Paint: the brush modes (Sample among them), X-Mirror,
//    Auto-Normalize, Lock the active bone's weights, Rest Position, Heat Map;
//  - Edit Skeleton (over any tool while it is on): Extrude, Add, Subdivide,
//    Symmetrize, Snap, Parent / Clear Parent, Rename, Delete, X-Mirror, Select;
//  - Select: Select, Frame Selected, Frame All.
// Installed as an event filter on the viewport: the tools still see every press.
void installViewportMenus(ui::ViewportWidget* viewport, const ViewportMenuSources& sources);

// The menu of the active tool's mode, for `viewport` (deleted when closed).
QMenu* buildViewportMenu(ui::ViewportWidget* viewport, const ViewportMenuSources& sources);

} // namespace marrow::app
