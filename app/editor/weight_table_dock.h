// SPDX-License-Identifier: MIT
#pragma once

class QDockWidget;
class QMainWindow;

namespace marrow::doc {
class Document;
}
namespace marrow::ws {
class BrushState;
class PaintSelection;
class Selection;
}
namespace marrow::ui {
class WeightHealthPanel;
class WeightTablePanel;
}

namespace marrow::app {

// The Weight Table and Weight Health docks (View menu), tabbed behind the
// Weight Paint dock.
struct WeightTableDock {
    QDockWidget* dock = nullptr;
    ui::WeightTablePanel* panel = nullptr;
    QDockWidget* healthDock = nullptr;
    ui::WeightHealthPanel* health = nullptr;
};
// Table edits follow `brush`'s X-Mirror.
WeightTableDock installWeightTableDock(QMainWindow* window, QDockWidget* besides, doc::Document* document,
                                       ws::Selection* selection, ws::PaintSelection* vertices,
                                       const ws::BrushState* brush);

} // namespace marrow::app
