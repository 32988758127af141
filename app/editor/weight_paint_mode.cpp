// SPDX-License-Identifier: MIT
#include "app/editor/weight_paint_mode.h"
#include "app/editor/editor_docks.h"

#include "core/document/document.h"
#include "core/workspace/brush_state.h"
#include "core/workspace/paint_selection.h"
#include "core/workspace/pose_evaluator.h"
#include "core/workspace/weight_paint_session.h"
#include "widgets/log/log_panel.h"
#include "widgets/viewport/tool_manager.h"
#include "widgets/viewport/viewport_widget.h"
#include "widgets/viewport/weight_brush_tool.h"
#include "widgets/weight_paint/paint_tool_bar.h"
#include "widgets/weight_paint/weight_paint_panel.h"

#include <QAction>
#include <QDockWidget>
#include <QFileInfo>
#include <QMainWindow>
#include <QStatusBar>

#include <memory>

namespace marrow::app {

namespace {

// Weights are what the mode is about: entering it shows them, and leaving it
// hides them again, unless the user turned the heat map on (Shift+H, View ›
// Weight Heat Map) before or during the mode; the user's last toggle is
// their choice, and the mode's own switches never count as one. Elsewhere
// the heat map stays off, so selecting a bone in Select or Pose mode (or for
// a blend profile) leaves the character lit.
void followHeatMap(ui::ToolManager& tools, ui::ViewportTool* paint, QAction* heatMap)
{
    struct State {
        bool userOn = false;     // the user's own choice, from their last toggle
        bool switching = false;  // the mode is toggling the action
        bool inMode = false;
    };
    auto state = std::make_shared<State>();
    state->userOn = heatMap->isChecked();
    QObject::connect(heatMap, &QAction::toggled, heatMap, [state](bool on) {
        if (!state->switching)
            state->userOn = on;
    });
    QObject::connect(&tools, &ui::ToolManager::activeToolChanged, heatMap, [state, heatMap, paint](ui::ViewportTool* active) {
        const bool entering = active == paint;
        if (entering == state->inMode)
            return;
        state->inMode = entering;
        state->switching = true;
        heatMap->setChecked(entering || state->userOn);
        state->switching = false;
    });
}

// The Weight Paint panel inside its dock's scroll area.
ui::WeightPaintPanel* paintPanelOf(QDockWidget* dock)
{
    return dock ? dock->findChild<ui::WeightPaintPanel*>() : nullptr;
}

} // namespace

WeightPaintMode installWeightPaintMode(QObject* owner, ui::ViewportWidget* viewport, doc::Document* document,
                                       ws::Selection* selection, ws::PoseEvaluator* evaluator, ws::BrushState* brush,
                                       QAction* heatMap)
{
    WeightPaintMode mode;
    mode.session = new ws::WeightPaintSession(document, evaluator, selection, brush, owner);
    mode.vertices = new ws::PaintSelection(document, owner);
    mode.session->setPaintSelection(mode.vertices);
    QObject::connect(mode.vertices, &ws::PaintSelection::changed, viewport, [viewport] { viewport->update(); });
    QObject::connect(mode.vertices, &ws::PaintSelection::maskingChanged, viewport, [viewport] { viewport->update(); });
    auto tool = std::make_unique<ui::WeightBrushTool>(mode.session, brush);
    mode.tool = tool.get();
    ui::ToolManager& tools = viewport->tools();
    tools.addTool(std::move(tool));
    tools.setModeTool(mode.tool);
    followHeatMap(tools, mode.tool, heatMap);
    QObject::connect(brush, &ws::BrushState::settingsChanged, viewport, [viewport] { viewport->update(); });
    viewport->setShowZeroWeights(brush->showZeroWeights());
    QObject::connect(brush, &ws::BrushState::showZeroWeightsChanged, viewport, &ui::ViewportWidget::setShowZeroWeights);
    return mode;
}

void wireRestPosition(QAction* restPosition, ws::PoseEvaluator* evaluator, ui::WeightPaintPanel* panel)
{
    QObject::connect(restPosition, &QAction::toggled, evaluator, &ws::PoseEvaluator::setRestPosition);
    QObject::connect(evaluator, &ws::PoseEvaluator::restPositionChanged, restPosition, &QAction::setChecked);
    if (panel)
        panel->addActionCheckBox(restPosition);
}

void wireWeightPaintDocks(const WeightPaintMode& mode, ui::ViewportWidget* viewport, QDockWidget* paintDock,
                          QDockWidget* history, ui::LogPanel* log, doc::Document* document)
{
    QObject::connect(&viewport->tools(), &ui::ToolManager::activeToolChanged, paintDock,
                     [paintDock, paint = mode.tool](ui::ViewportTool* active) {
                         if (active != paint)
                             return;
                         paintDock->show();
                         paintDock->raise();
                     });
    if (auto* panel = paintPanelOf(paintDock))
        panel->toolBar()->setPaintSelection(mode.vertices);
    auto* window = qobject_cast<QMainWindow*>(paintDock->parentWidget());
    if (window)
        giveColumnOnFirstShow(window, paintDock, history);
    if (window)
        QObject::connect(mode.tool, &ui::WeightBrushTool::notice, window,
                         [window](const QString& text) { window->statusBar()->showMessage(text, 6000); });
    QObject::connect(mode.session, &ws::WeightPaintSession::message, log, [log, document, window](const QString& text) {
        log->addEntry(ui::LogPanel::Severity::Info, QFileInfo(document->sourcePath()).fileName(), text);
        if (window)
            window->statusBar()->showMessage(text, 8000);
    });
}

} // namespace marrow::app
