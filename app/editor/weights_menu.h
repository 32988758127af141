// SPDX-License-Identifier: MIT
#pragma once
#include "core/workspace/weight_operations.h"

class QMainWindow;
class QMenu;
class QAction;

namespace marrow::doc {
class Document;
}
namespace marrow::ui {
class LogPanel;
}

namespace marrow::app {

// Blender's Weights menu, before Playback: Automatic Weights (also with
// rigid islands), Normalize All, Limit Total, Clean, Quantize 8/16-bit,
// Smooth, Mirror +X/-X, Invert and Flood the active bone, Transfer Weights
// from another skinned mesh onto the active one, and the Subset the
// operations edit (All, Deform Bones, Selected Bones, Active Bone). Each is
// ws::applyWeightOperation (the active mesh; Automatic Weights every skinned
// mesh), one undo entry; what it
// did (rows changed, bone heat's fallbacks) goes to the status bar and the
// log. Parameters are asked once per use, starting from the last ones.
struct WeightsMenu {
    QMenu* menu = nullptr;
    QAction* automatic = nullptr;
    QAction* automaticRigid = nullptr;
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
    QAction* subsetAll = nullptr;
    QAction* subsetDeform = nullptr;
    QAction* subsetSelected = nullptr;
    QAction* subsetActive = nullptr;
};
WeightsMenu installWeightsMenu(QMainWindow* window, doc::Document* document, const ws::Selection* selection,
                               ui::LogPanel* log);

} // namespace marrow::app
