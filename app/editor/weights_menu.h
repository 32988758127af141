// SPDX-License-Identifier: MIT
#pragma once
#include "app/editor/export_profile_menu.h"
#include "core/workspace/weight_operations.h"

class QMainWindow;
class QMenu;
class QAction;
class QWidget;

namespace marrow::doc {
class Document;
}
namespace marrow::ui {
class LogPanel;
}
namespace marrow::ws {
class BrushState;
class PaintSelection;
}

namespace marrow::app {

class AdjustLastOperation;

// Blender's Weights menu, before Playback: Automatic Weights (also with
// rigid islands, and Blender's bone segments when checked), Bind to Skeleton for static meshes, Rebind at
// Rest (a bind pose that differs from the rest pose, as earlier builds bound), Normalize All, Limit Total, Clean, Quantize 8/16-bit,
// Smooth, Mirror +X/-X, Invert and Flood the active bone, Transfer Weights
// from another skinned mesh onto the active one, Copy/Paste Weights and
// Weight Hammer on the vertex selection, and the Subset the
// operations edit (All, Deform Bones, Selected Bones, Active Bone). Each is
// ws::applyWeightOperation (the active mesh; Automatic Weights every skinned
// mesh), one undo entry; what it
// did (rows changed, bone heat's fallbacks) goes to the status bar and the
// log. Limit, Clean, Quantize, Smooth and Flood run with the values last
// used; Adjust Last Operation (F9) shows them in a panel in the viewport's
// corner, where changing one redoes the operation (AdjustLastOperation).
struct WeightsMenu {
    QMenu* menu = nullptr;
    QAction* automatic = nullptr;
    QAction* automaticRigid = nullptr;
    QAction* blenderSegments = nullptr;  // checkable: Automatic Weights and Bind use BoneSegments::Blender
    QAction* bindAutomatic = nullptr;  // Bind to Skeleton › With Automatic Weights, Empty Weights, Nearest Bone
    QAction* bindEmpty = nullptr;
    QAction* bindNearest = nullptr;
    // Every skin whose bind pose differs from its rest-posed meshes rebound
    // at rest (ws::rebindAtRest): enabled only when one differs.
    QAction* rebindAtRest = nullptr;
    QAction* normalizeAll = nullptr;
    QAction* limitTotal = nullptr;
    QAction* clean = nullptr;
    QAction* quantize8 = nullptr;
    QAction* quantize16 = nullptr;
    QAction* smooth = nullptr;
    QAction* mirrorPlus = nullptr;
    QAction* mirrorMinus = nullptr;
    QAction* invert = nullptr;
    QAction* flood = nullptr;
    QAction* transfer = nullptr;
    QAction* copyWeights = nullptr;  // the active vertex's row onto the selected vertices
    QAction* hammer = nullptr;
    QAction* subsetAll = nullptr;
    QAction* subsetDeform = nullptr;
    QAction* subsetSelected = nullptr;
    QAction* subsetActive = nullptr;
    QAction* adjustLast = nullptr;              // F9: shows or hides adjustPanel
    AdjustLastOperation* adjustPanel = nullptr;  // over the viewport (null without one)
    ExportProfileMenu exportProfile;  // Weights › Export Profile
};
// `vertices` (may be null) gives the vertex selection: its mask (V) limits
// every operation, and Copy/Paste Weights (the active vertex's row onto the
// selected ones) and Weight Hammer work on it. Under a mask, `brush`'s
// X-Mirror (may be null) writes the mirrored rows to the mask's other side.
// The Adjust Last Operation panel floats over `viewport` (may be null: none).
WeightsMenu installWeightsMenu(QMainWindow* window, QWidget* viewport, doc::Document* document,
                               const ws::Selection* selection, const ws::PaintSelection* vertices,
                               const ws::BrushState* brush, ui::LogPanel* log);

} // namespace marrow::app
