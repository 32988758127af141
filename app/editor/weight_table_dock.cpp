// SPDX-License-Identifier: MIT
#include "app/editor/weight_table_dock.h"

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
    // The View menu lists every dock's toggle.
    for (QAction* top : window->menuBar()->actions())
        if (top->menu() && top->text().remove(QLatin1Char('&')) == QObject::tr("View")) {
            top->menu()->addAction(d.dock->toggleViewAction());
            break;
        }
    return d;
}

} // namespace marrow::app
