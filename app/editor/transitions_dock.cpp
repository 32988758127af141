// SPDX-License-Identifier: MIT
#include "app/editor/transitions_dock.h"
#include "app/editor/editor_docks.h"
#include "core/document/document.h"
#include "core/workspace/ghost_poses.h"
#include "widgets/log/log_panel.h"
#include "widgets/timeline/transition/transition_colors.h"
#include "widgets/viewport/viewport_widget.h"
#include "widgets/timeline/timeline_widget.h"
#include "widgets/transitions/transitions_panel.h"

#include <QDockWidget>
#include <QMainWindow>
#include <QScrollArea>
#include <QStatusBar>

#include <memory>

namespace marrow::app {

namespace {

// Asks for a modest width, as the other right-hand docks do: a wide hint in
// the tabbed group would take the bone tree's room.
class NarrowScrollArea : public QScrollArea {
public:
    using QScrollArea::QScrollArea;
    QSize sizeHint() const override { return {290, 360}; }
};

} // namespace

void installTransitionsDock(QMainWindow* window, EditorDocks& docks, doc::Document* document,
                            ws::Selection* selection, ws::Playback* playback, ws::TransitionPreview* preview)
{
    docks.transitionsPanel = new ui::TransitionsPanel(document, selection, playback, preview, window);
    auto* scroll = new NarrowScrollArea(window);
    scroll->setWidget(docks.transitionsPanel);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setMinimumSize(120, 40);
    auto* dock = new QDockWidget(QObject::tr("Transitions"), window);
    dock->setObjectName(QStringLiteral("TransitionsDock"));
    dock->setWidget(scroll);
    dock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable |
                      QDockWidget::DockWidgetClosable);
    docks.transitions = dock;
    window->tabifyDockWidget(docks.weightPaint, dock);
    giveColumnOnFirstShow(window, dock, docks.history);
    docks.inspector->raise();
    window->resizeDocks({docks.skeleton, docks.inspector}, {275, 380}, Qt::Horizontal);
    docks.timelineWidget->setTransitionPreview(preview);
    ui::LogPanel* log = docks.logPanel;
    QObject::connect(docks.transitionsPanel, &ui::TransitionsPanel::message, log,
                     [log](const QString& text) { log->addEntry(ui::LogPanel::Severity::Warning, QString(), text); });
    QObject::connect(docks.transitionsPanel, &ui::TransitionsPanel::status, window,
                     [window](const QString& text) { window->statusBar()->showMessage(text, 8000); });
}

void installTransitionGhosts(ui::ViewportWidget* viewport, doc::Document* document, ws::Playback* playback,
                             ws::TransitionPreview* preview)
{
    auto* ghosts = new ws::GhostPoses(document, playback, preview, viewport);
    auto shown = std::make_shared<bool>(false);
    QObject::connect(ghosts, &ws::GhostPoses::changed, viewport, [viewport, ghosts, document, shown] {
        // Frame all keeps room for the ghosts; turning them on frames them.
        const bool appeared = ghosts->visible() && !*shown;
        *shown = ghosts->visible();
        viewport->setFrameMargin(ghosts->visible() ? glm::abs(ghosts->offset(ws::GhostPoses::B)) : glm::vec3(0.f));
        if (appeared)
            viewport->frameAll();
        if (!ghosts->visible()) {
            viewport->hideGhosts();
        } else {
            const std::size_t skins = document->rig().skins.size();
            for (auto side : {ws::GhostPoses::A, ws::GhostPoses::B}) {
                std::vector<std::vector<glm::mat4>> palettes(skins);
                for (std::size_t s = 0; s < skins; ++s) {
                    const auto p = ghosts->palette(side, s);
                    palettes[s].assign(p.begin(), p.end());
                }
                const QColor c = side == ws::GhostPoses::A ? ui::transition_colors::sideA() : ui::transition_colors::sideB();
                viewport->showGhost(static_cast<std::size_t>(side), palettes, ghosts->worlds(side),
                                  glm::vec3(c.redF(), c.greenF(), c.blueF()));
            }
        }
        viewport->update();
    });
}

} // namespace marrow::app
