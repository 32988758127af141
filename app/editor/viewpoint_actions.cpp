// SPDX-License-Identifier: MIT
#include "app/editor/viewpoint_actions.h"

#include "app/editor/editor_actions.h"
#include "widgets/viewport/viewport_widget.h"

#include <QAction>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>

namespace marrow::app {

namespace {

QMenu* menuHolding(QMainWindow* window, QAction* action)
{
    for (QAction* top : window->menuBar()->actions())
        if (QMenu* menu = top->menu(); menu && menu->actions().contains(action))
            return menu;
    return nullptr;
}

} // namespace

ViewpointActions installViewpointActions(QMainWindow* window, ui::ViewportWidget* viewport, QAction* after)
{
    ViewpointActions v;
    v.menu = new QMenu(QObject::tr("Vie&wpoint"), window);
    v.menu->setObjectName(QStringLiteral("ViewpointMenu"));
    if (QMenu* view = menuHolding(window, after)) {
        const QList<QAction*> items = view->actions();
        const qsizetype at = items.indexOf(after);
        view->insertMenu(at + 1 < items.size() ? items[at + 1] : nullptr, v.menu);
    }
    const auto make = [&](const QString& text, const QString& tip, ui::ViewCommand command) {
        auto* action = new QAction(text, window);
        action->setShortcut(ui::viewCommandShortcut(command));
        setToolTipWithShortcut(action, tip);
        // Numpad keys act in the viewport under the mouse, like Frame All.
        action->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        viewport->addAction(action);
        v.menu->addAction(action);
        QObject::connect(action, &QAction::triggered, viewport, [viewport, command] { viewport->runViewCommand(command); });
        return action;
    };
    using C = ui::ViewCommand;
    v.front = make(QObject::tr("&Front"), QObject::tr("Look at the character's face (from +Z)"), C::Front);
    v.back = make(QObject::tr("&Back"), QObject::tr("Look from behind (from -Z)"), C::Back);
    v.right = make(QObject::tr("&Right"), QObject::tr("Look from the right (from +X)"), C::Right);
    v.left = make(QObject::tr("&Left"), QObject::tr("Look from the left (from -X)"), C::Left);
    v.top = make(QObject::tr("&Top"), QObject::tr("Look down from above"), C::Top);
    v.bottom = make(QObject::tr("B&ottom"), QObject::tr("Look up from below"), C::Bottom);
    v.menu->addSeparator();
    v.perspective = make(QObject::tr("&Perspective/Orthographic"),
                         QObject::tr("Switch the view between perspective and orthographic"), C::TogglePerspective);
    return v;
}

} // namespace marrow::app
