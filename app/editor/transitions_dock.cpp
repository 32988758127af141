// SPDX-License-Identifier: MIT
#include "app/editor/transitions_dock.h"
#include "app/editor/editor_docks.h"
#include "widgets/log/log_panel.h"
#include "widgets/timeline/timeline_widget.h"
#include "widgets/transitions/transitions_panel.h"

#include <QDockWidget>
#include <QMainWindow>
#include <QScrollArea>

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
    docks.inspector->raise();
    window->resizeDocks({docks.skeleton, docks.inspector}, {275, 380}, Qt::Horizontal);
    docks.timelineWidget->setTransitionPreview(preview);
    ui::LogPanel* log = docks.logPanel;
    QObject::connect(docks.transitionsPanel, &ui::TransitionsPanel::message, log,
                     [log](const QString& text) { log->addEntry(ui::LogPanel::Severity::Warning, QString(), text); });
}

} // namespace marrow::app
