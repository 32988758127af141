// SPDX-License-Identifier: MIT
#include "app/editor/weight_table_dock.h"

#include "widgets/weight_paint/weight_health_panel.h"
#include "widgets/weight_paint/weight_table_panel.h"

#include <QDockWidget>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>

namespace marrow::app {

WeightTableDock installWeightTableDock(QMainWindow* window, QDockWidget* besides, doc::Document* document,
                                       ws::Selection* selection, ws::PaintSelection* vertices)
{
    WeightTableDock d;
    d.panel = new ui::WeightTablePanel(document, selection, vertices, window);
    d.dock = new QDockWidget(QObject::tr("Weight Table"), window);
    d.dock->setObjectName(QStringLiteral("WeightTableDock"));
    d.dock->setWidget(d.panel);
    window->addDockWidget(Qt::RightDockWidgetArea, d.dock);
    if (besides)
        window->tabifyDockWidget(besides, d.dock);
    d.health = new ui::WeightHealthPanel(document, selection, vertices, window);
    d.healthDock = new QDockWidget(QObject::tr("Weight Health"), window);
    d.healthDock->setObjectName(QStringLiteral("WeightHealthDock"));
    d.healthDock->setWidget(d.health);
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
