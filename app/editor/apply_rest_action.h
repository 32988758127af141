// SPDX-License-Identifier: MIT
#pragma once

class QAction;
class QMainWindow;
class QMenu;

namespace marrow::doc {
class Document;
}
namespace marrow::ws {
class PoseEvaluator;
}

namespace marrow::app {

// Pose › Apply Pose as Rest Pose (Blender's Ctrl+A › Apply Pose as Rest
// Pose): the pose on screen (the clip at the current time with the
// unkeyed pose edits) becomes the rest pose and the meshes are bound in it
// (model::applyPoseAsRest), the pose edits dropped, all one undo entry.
// The character looks the same at that moment; clips keep their keys, so
// the status bar says so. Added to `poseMenu`; returns the action.
QAction* installApplyPoseAsRest(QMainWindow* window, QMenu* poseMenu, doc::Document* document,
                                ws::PoseEvaluator* evaluator);

} // namespace marrow::app
