// SPDX-License-Identifier: MIT
#pragma once

class QAction;
class QDockWidget;
class QObject;

namespace marrow::doc {
class Document;
}
namespace marrow::ws {
class BrushState;
class PaintSelection;
class PoseEvaluator;
class Selection;
class WeightPaintSession;
}
namespace marrow::ui {
class LogPanel;
class ViewportWidget;
class WeightBrushTool;
class WeightPaintPanel;
}

namespace marrow::app {

// Weight Paint mode in the editor: the WeightPaintSession (owned by
// `owner`), the brush tool added to the viewport as its mode tool (Ctrl+Tab),
// the heat map turned on when the mode is entered and off when it is left
// (unless the user had turned it on), repaints when the brush changes, and
// the session's notes in the log. Call before the Tools menu is
// built so the tool gets its action there.
struct WeightPaintMode {
    ws::WeightPaintSession* session = nullptr;
    ws::PaintSelection* vertices = nullptr;  // the vertex selection and its mask (V)
    ui::WeightBrushTool* tool = nullptr;
};
WeightPaintMode installWeightPaintMode(QObject* owner, ui::ViewportWidget* viewport, doc::Document* document,
                                       ws::Selection* selection, ws::PoseEvaluator* evaluator, ws::BrushState* brush,
                                       QAction* heatMap);
// After the docks exist: the session's notes go to the log, and entering
// the mode brings the Weight Paint dock to the front of its tabs (and, the
// first time, makes it taller than the History dock below it).
// The Rest Position toggle (View menu, and a check box in the Weight Paint
// dock) drives the evaluator's bind-pose picture.
void wireRestPosition(QAction* restPosition, ws::PoseEvaluator* evaluator, ui::WeightPaintPanel* panel);
void wireWeightPaintDocks(const WeightPaintMode& mode, ui::ViewportWidget* viewport, QDockWidget* paintDock,
                          QDockWidget* history, ui::LogPanel* log, doc::Document* document);

} // namespace marrow::app
