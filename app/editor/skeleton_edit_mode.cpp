// SPDX-License-Identifier: MIT
#include "app/editor/skeleton_edit_mode.h"

#include "app/editor/editor_actions.h"
#include "app/editor/key_actions.h"
#include "app/editor/status_bar_presenter.h"
#include "core/workspace/pose_editor.h"
#include "core/workspace/pose_evaluator.h"
#include "widgets/viewport/pose_tool.h"
#include "widgets/viewport/tool_manager.h"
#include "widgets/viewport/viewport_widget.h"

#include <QAction>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QToolBar>

namespace marrow::app {

namespace {

// A key that acts over the viewport, in Edit Skeleton only.
QAction* editAction(const SkeletonEditContext& c, QMenu* menu, const QString& text, const QKeySequence& key,
                    const QString& tip)
{
    auto* action = new QAction(text, c.window);
    // "skeleton_extrude_mirrored": what tests and scripts find it by.
    QString slug = QString(text).remove(QLatin1Char('&')).remove(QChar(0x2026)).toLower();
    action->setObjectName(QStringLiteral("skeleton_") + slug.replace(QLatin1Char(' '), QLatin1Char('_')));
    action->setShortcut(key);
    action->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    action->setEnabled(false);
    c.viewport->addAction(action);
    setToolTipWithShortcut(action, tip);
    menu->addAction(action);
    return action;
}

} // namespace

SkeletonEditMode installSkeletonEditMode(const SkeletonEditContext& c)
{
    SkeletonEditMode m;
    // Rig, then weight it: the Skeleton menu sits before Weights.
    QAction* weights = nullptr;
    for (QAction* a : c.window->menuBar()->actions())
        if (a->menu() && a->text().remove(QLatin1Char('&')) == QObject::tr("Weights"))
            weights = a;
    if (weights) {
        m.menu = new QMenu(QObject::tr("S&keleton"), c.window);
        c.window->menuBar()->insertMenu(weights, m.menu);
    } else {
        m.menu = insertMenuBeforePlayback(c.window, QObject::tr("S&keleton"));
    }
    m.toggle = new QAction(QObject::tr("&Edit Skeleton"), c.window);
    m.toggle->setObjectName(QStringLiteral("edit_skeleton"));
    m.toggle->setCheckable(true);
    m.toggle->setShortcut(QKeySequence(Qt::Key_Tab));
    m.toggle->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    c.viewport->addAction(m.toggle);
    setToolTipWithShortcut(m.toggle, QObject::tr("Edit Skeleton: move, add and delete joints in the rest pose"));
    m.xMirror = new QAction(QObject::tr("X-&Mirror"), c.window);
    m.xMirror->setCheckable(true);
    setToolTipWithShortcut(m.xMirror, QObject::tr("Edit Skeleton: a moved joint's other-side twin moves mirrored"));
    m.menu->addActions({m.toggle, m.xMirror});
    m.menu->addSeparator();

    m.extrude = editAction(c, m.menu, QObject::tr("E&xtrude"), QKeySequence(Qt::Key_E),
                           QObject::tr("A new child joint at the selected bone's tip, then grab it"));
    m.extrudeMirrored = editAction(c, m.menu, QObject::tr("Extrude &Mirrored"), QKeySequence(Qt::SHIFT | Qt::Key_E),
                                   QObject::tr("A mirrored pair of new joints (_L/_R), with X-Mirror on"));
    m.add = editAction(c, m.menu, QObject::tr("&Add Joint"), QKeySequence(Qt::SHIFT | Qt::Key_A),
                       QObject::tr("A new joint under the mouse, child of the active joint"));
    m.subdivide = editAction(c, m.menu, QObject::tr("Su&bdivide…"), {},
                             QObject::tr("Evenly spaced joints between the active joint and its child"));
    m.symmetrize = editAction(c, m.menu, QObject::tr("S&ymmetrize"), {},
                              QObject::tr("The other side's joints become the mirror of the selected ones"));
    m.snap = editAction(c, m.menu, QObject::tr("Snap to Selected &Vertices"), {},
                        QObject::tr("The active joint moves to the centre of Weight Paint's selected vertices"));
    m.menu->addSeparator();
    m.parent = editAction(c, m.menu, QObject::tr("&Parent to Active"), QKeySequence(Qt::CTRL | Qt::Key_P),
                          QObject::tr("The selected joints hang from the active one, keeping their rest place"));
    m.clearParent = editAction(c, m.menu, QObject::tr("&Clear Parent"), QKeySequence(Qt::ALT | Qt::Key_P),
                               QObject::tr("The selected joints become roots, keeping their rest place"));
    m.rename = editAction(c, m.menu, QObject::tr("&Rename…"), QKeySequence(Qt::Key_F2),
                          QObject::tr("Rename the active joint"));
    m.rename->setEnabled(true);  // renaming works in every mode
    m.remove = editAction(c, m.menu, QObject::tr("&Delete Joints"), QKeySequence(Qt::Key_X),
                          QObject::tr("Children go to the parent, weights too"));
    m.remove->setShortcuts({QKeySequence(Qt::Key_X), QKeySequence(Qt::Key_Delete)});

    m.toolBar = c.window->addToolBar(QObject::tr("Edit Skeleton"));
    m.toolBar->setObjectName(QStringLiteral("EditSkeletonToolBar"));
    m.toolBar->setMovable(false);
    m.toolBar->addActions({m.toggle, m.xMirror});

    const QList<QAction*> edits{m.extrude, m.extrudeMirrored, m.add,    m.subdivide,   m.symmetrize,
                                m.snap,    m.parent,          m.remove, m.clearParent};
    ui::ToolManager& tools = c.viewport->tools();
    QObject::connect(m.toggle, &QAction::toggled, c.window, [c, edits, &tools](bool on) {
        if (on)
            tools.setActiveTool(c.poseTool);  // the brush has nothing to do here
        c.poseEditor->setEditSkeleton(on);
        c.evaluator->setEditSkeleton(on);
        for (QAction* a : edits)
            a->setEnabled(on);
        c.status->setModePrefix(on ? QObject::tr("Edit Skeleton") : QString(),
                                on ? QObject::tr("children follow a moved joint; hold Alt to move only the joint")
                                   : QString());
    });
    QObject::connect(m.xMirror, &QAction::toggled, c.window, [c](bool on) { c.poseEditor->setMirrorX(on); });
    // Weight Paint (Ctrl+Tab) leaves Edit Skeleton, as Blender's modes do.
    QObject::connect(&tools, &ui::ToolManager::activeToolChanged, m.toggle, [toggle = m.toggle, &tools](auto* tool) {
        if (tool && tool == tools.modeTool())
            toggle->setChecked(false);
    });
    connectSkeletonEdits(m, c);
    installSkeletonChangeLog(c);
    return m;
}

void setSkeletonKeymap(const SkeletonEditMode& mode, ui::NavigationScheme scheme)
{
    if (!mode.extrude)
        return;
    mode.extrude->setShortcut(scheme == ui::NavigationScheme::Maya ? QKeySequence() : QKeySequence(Qt::Key_E));
    setToolTipWithShortcut(mode.extrude, QObject::tr("A new child joint at the selected bone's tip, then grab it"));
}

} // namespace marrow::app
