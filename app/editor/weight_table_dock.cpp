// SPDX-License-Identifier: MIT
#include "app/editor/weight_table_dock.h"

#include "widgets/weight_paint/weight_health_panel.h"
#include "widgets/weight_paint/weight_table_model.h"
#include "widgets/weight_paint/weight_table_panel.h"

#include <QDockWidget>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QScrollArea>
#include <QStatusBar>

namespace marrow::app {

namespace {

// The panel in a scroll area that asks for little: tabbed with the
// inspector, it must not raise the column's minimum height (a small window
// keeps its docks apart), and its hint stays modest like the paint dock's.
QScrollArea* scrolled(QWidget* panel, QWidget* parent)
{
    class Area : public QScrollArea {
    public:
        using QScrollArea::QScrollArea;
        QSize sizeHint() const override { return {290, 360}; }
    };
    auto* area = new Area(parent);
    area->setWidget(panel);
    area->setWidgetResizable(true);
    area->setFrameShape(QFrame::NoFrame);
    area->setMinimumSize(120, 40);
    return area;
}

} // namespace

WeightTableDock installWeightTableDock(QMainWindow* window, QDockWidget* besides, doc::Document* document,
                                       ws::Selection* selection, ws::PaintSelection* vertices,
                                       const ws::BrushState* brush)
{
    WeightTableDock d;
    d.panel = new ui::WeightTablePanel(document, selection, vertices, window);
    d.panel->model()->setBrush(brush);
    // A value the locks refuse snaps back: the status bar says why.
    QObject::connect(d.panel->model(), &ui::WeightTableModel::editRefused, window,
                     [window](const QString& why) { window->statusBar()->showMessage(why, 8000); });
    d.dock = new QDockWidget(QObject::tr("Weight Table"), window);
    d.dock->setObjectName(QStringLiteral("WeightTableDock"));
    d.dock->setWidget(scrolled(d.panel, window));
    window->addDockWidget(Qt::RightDockWidgetArea, d.dock);
    if (besides)
        window->tabifyDockWidget(besides, d.dock);
    d.health = new ui::WeightHealthPanel(document, selection, vertices, window);
    d.healthDock = new QDockWidget(QObject::tr("Weight Health"), window);
    d.healthDock->setObjectName(QStringLiteral("WeightHealthDock"));
    d.healthDock->setWidget(scrolled(d.health, window));
    window->addDockWidget(Qt::RightDockWidgetArea, d.healthDock);
    window->tabifyDockWidget(d.dock, d.healthDock);
    // The View menu lists every dock's toggle.
    for (QAction* top : window->menuBar()->actions())
        if (top->menu() && top->text().remove(QLatin1Char('&')) == QObject::tr("View")) {
            top->menu()->addActions({d.dock->toggleViewAction(), d.healthDock->toggleViewAction()});
            break;
        }
    return d;
}

} // namespace marrow::app
