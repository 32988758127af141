// SPDX-License-Identifier: MIT
#include "app/editor/editor_tools.h"

#include "app/editor/editor_actions.h"
#include "app/editor/status_bar_presenter.h"
#include "widgets/viewport/tool_manager.h"
#include "widgets/viewport/viewport_tool.h"

#include <QAction>
#include <QActionGroup>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QFile>
#include <QIcon>
#include <QToolBar>

namespace marrow::app {

void installEditorTools(QMainWindow* window, QWidget* viewport, ui::ToolManager& tools, StatusBarPresenter* status)
{
    auto* menu = new QMenu(QObject::tr("&Tools"), window);
    // Blender's order: the mode switches sit beside View, before playback.
    QAction* before = nullptr;
    for (QAction* top : window->menuBar()->actions())
        if (top->menu() && top->text().remove(QLatin1Char('&')) == QObject::tr("Playback"))
            before = top;
    window->menuBar()->insertMenu(before, menu);

    QToolBar* bar = window->addToolBar(QObject::tr("Tools"));
    bar->setObjectName(QStringLiteral("ToolsToolBar"));
    bar->setMovable(false);
    bar->setIconSize(QSize(20, 20));
    for (ui::ViewportTool* tool : tools.tools()) {
        QAction* action = tools.actionFor(tool);
        // :/icons/tool_<name>.svg when the set has one; the name shows otherwise.
        const QString slug = tool->name().toLower().replace(QLatin1Char(' '), QLatin1Char('_'));
        const QString icon = QStringLiteral(":/icons/tool_%1.svg").arg(slug);
        if (QFile::exists(icon))
            action->setIcon(QIcon(icon));
        action->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        viewport->addAction(action);
        if (tool->isEnabled())
            setToolTipWithShortcut(action, tool->name());
        menu->addAction(action);
        bar->addAction(action);
    }
    menu->addSeparator();
    QAction* toggle = tools.toggleModeAction();
    setToolTipWithShortcut(toggle, toggle->text());
    window->addAction(toggle);
    menu->addAction(toggle);

    const auto showMode = [&tools, status] {
        const ui::ViewportTool* active = tools.activeTool();
        status->setMode(active ? active->name() : QObject::tr("None"), active ? active->statusHint() : QString());
    };
    QObject::connect(&tools, &ui::ToolManager::activeToolChanged, status, showMode);
    QObject::connect(&tools, &ui::ToolManager::statusHintChanged, status, showMode);
    showMode();
}

} // namespace marrow::app
