// SPDX-License-Identifier: MIT
#include "app/editor/mesh_visibility_actions.h"

#include "app/editor/editor_actions.h"
#include "core/workspace/mesh_visibility.h"
#include "core/workspace/weight_paint_session.h"
#include "widgets/viewport/viewport_widget.h"

#include <QAction>
#include <QKeyEvent>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>

namespace marrow::app {

namespace {

QAction* viewportAction(ui::ViewportWidget* viewport, const QString& text, const char* name,
                        const QList<QKeySequence>& shortcuts, const QString& tip)
{
    auto* action = new QAction(text, viewport);
    action->setObjectName(QLatin1String(name));
    action->setShortcuts(shortcuts);
    // A viewport key: it acts where the mouse is (AreaKeyRouter), not in the
    // bone tree's type-ahead, where H is a letter of a name.
    action->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    setToolTipWithShortcut(action, tip);
    viewport->addAction(action);
    return action;
}

// Alt+H is also the Help menu's mnemonic, which makes the shortcut
// ambiguous, so Qt would fire neither. Over the viewport the key is Show
// All (Blender's Alt+H): the viewport claims it before shortcuts are matched
// and triggers the action itself; elsewhere Alt+H still opens Help.
class ClaimKeyForAction : public QObject {
public:
    ClaimKeyForAction(QAction* action, QKeyCombination key, QObject* parent)
        : QObject(parent)
        , m_action(action)
        , m_key(key)
    {
    }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (event->type() != QEvent::ShortcutOverride && event->type() != QEvent::KeyPress)
            return QObject::eventFilter(watched, event);
        auto* key = static_cast<QKeyEvent*>(event);
        if (key->keyCombination() != m_key || !m_action->isEnabled())
            return false;
        if (event->type() == QEvent::ShortcutOverride) {
            event->accept();  // a key press for the viewport, not a shortcut
            return true;
        }
        if (!key->isAutoRepeat())
            m_action->trigger();
        return true;
    }

private:
    QAction* m_action;
    QKeyCombination m_key;
};

// The View menu's first separator: the mesh entries go after Frame All and
// Frame Selected, with the other ways of choosing what the view shows.
void addToViewMenu(QMainWindow* window, const QList<QAction*>& actions)
{
    for (QAction* top : window->menuBar()->actions()) {
        QMenu* menu = top->menu();
        if (!menu || menu->title() != QObject::tr("&View"))
            continue;
        QAction* before = nullptr;
        for (QAction* a : menu->actions())
            if (a->isSeparator()) {
                before = a;
                break;
            }
        menu->insertSeparator(before);
        menu->insertActions(before, actions);
        return;
    }
}

} // namespace

MeshVisibilityActions installMeshVisibility(QMainWindow* window, ui::ViewportWidget* viewport,
                                            ws::MeshVisibility* visibility, ws::WeightPaintSession* session)
{
    MeshVisibilityActions a;
    a.hideActive = viewportAction(viewport, QObject::tr("&Hide Active Mesh"), "hideActiveMesh", {QKeySequence(Qt::Key_H)},
                                  QObject::tr("Hide the active mesh (the one Weight Paint paints): not drawn, not painted"));
    a.showAll = viewportAction(viewport, QObject::tr("Show &All Meshes"), "showAllMeshes",
                               {QKeySequence(Qt::ALT | Qt::Key_H)}, QObject::tr("Show every hidden mesh again"));
    a.localView = viewportAction(viewport, QObject::tr("&Local View"), "localView",
                                 {QKeySequence(Qt::KeypadModifier | Qt::Key_Slash), QKeySequence(Qt::Key_Slash)},
                                 QObject::tr("Show only the active mesh, framed; again to come back to every mesh "
                                             "and the view you had"));
    a.localView->setCheckable(true);
    QObject::connect(a.hideActive, &QAction::triggered, visibility, &ws::MeshVisibility::hideActive);
    QObject::connect(a.showAll, &QAction::triggered, visibility, &ws::MeshVisibility::showAll);
    viewport->installEventFilter(new ClaimKeyForAction(a.showAll, Qt::ALT | Qt::Key_H, viewport));
    QObject::connect(a.localView, &QAction::triggered, visibility, [visibility, action = a.localView] {
        visibility->toggleLocalView();
        action->setChecked(visibility->localView());  // entering fails without an active mesh
    });
    QObject::connect(visibility, &ws::MeshVisibility::localViewChanged, a.localView, &QAction::setChecked);
    viewport->setMeshVisibility(visibility);
    if (session)
        session->setMeshVisibility(visibility);
    addToViewMenu(window, {a.localView, a.hideActive, a.showAll});
    return a;
}

} // namespace marrow::app
