// SPDX-License-Identifier: MIT
#include "app/editor/editor_menus.h"

#include "app/editor/editor_actions.h"
#include "app/editor/editor_docks.h"

#include <QDockWidget>
#include <QMainWindow>
#include <QMenuBar>
#include <QToolBar>

namespace marrow::app {

void buildEditorMenus(QMainWindow* window, EditorActions& a, const EditorDocks& docks)
{
    QMenuBar* bar = window->menuBar();
    QMenu* file = bar->addMenu(QObject::tr("&File"));
    file->addAction(a.open);
    file->addMenu(a.recentMenu);
    file->addAction(a.importClips);
    file->addAction(a.importMesh);
    file->addSeparator();
    file->addAction(a.save);
    file->addAction(a.saveAs);
    file->addSeparator();
    file->addMenu(a.exportMenu);
    file->addAction(a.exportAgain);
    file->addAction(a.exportAs);
    file->addSeparator();
    file->addAction(a.preferences);
    file->addSeparator();
    file->addAction(a.quit);

    QMenu* edit = bar->addMenu(QObject::tr("&Edit"));
    edit->addAction(a.undo);
    edit->addAction(a.redo);
    edit->addSeparator();
    edit->addAction(a.resetPose);

    QMenu* view = bar->addMenu(QObject::tr("&View"));
    view->addAction(a.frameAll);
    view->addAction(a.frameSelected);
    view->addSeparator();
    view->addAction(a.heatMap);
    view->addAction(a.wireframe);
    view->addAction(a.textureColour);
    view->addAction(a.bones);
    view->addMenu(a.boneDisplay);
    view->addAction(a.grid);
    view->addAction(a.dualQuaternion);
    view->addAction(a.restPosition);
    view->addAction(a.follow);
    view->addSeparator();
    for (QDockWidget* dock :
         {docks.skeleton, docks.inspector, docks.weightPaint, docks.transitions, docks.retarget, docks.timeline, docks.history,
          docks.log})
        if (dock)
            view->addAction(dock->toggleViewAction());

    QMenu* clip = bar->addMenu(QObject::tr("&Clip"));
    clip->addAction(a.importClips);
    clip->addAction(a.retargetFrom);

    QMenu* playback = bar->addMenu(QObject::tr("Pla&yback"));  // Alt+P is Clear Parent (Edit Skeleton), as in Blender
    playback->addAction(a.playPause);
    playback->addAction(a.playReversed);
    playback->addAction(a.stepBackward);
    playback->addAction(a.stepForward);
    playback->addAction(a.jumpStart);
    playback->addAction(a.jumpEnd);
    playback->addAction(a.loop);

    QMenu* help = bar->addMenu(QObject::tr("&Help"));
    help->addAction(a.keyboardShortcuts);
    help->addSeparator();
    help->addAction(a.about);
}

void buildEditorToolBar(QMainWindow* window, EditorActions& a)
{
    QToolBar* bar = window->addToolBar(QObject::tr("Main"));
    bar->setObjectName(QStringLiteral("MainToolBar"));
    bar->setIconSize(QSize(20, 20));
    bar->setMovable(false);
    bar->addAction(a.open);
    bar->addAction(a.save);
    bar->addSeparator();
    bar->addAction(a.undo);
    bar->addAction(a.redo);
    bar->addSeparator();
    bar->addAction(a.frameAll);
    bar->addAction(a.heatMap);
    bar->addAction(a.wireframe);
    bar->addAction(a.bones);
    bar->addAction(a.grid);
    bar->addAction(a.dualQuaternion);
    bar->addSeparator();
    bar->addAction(a.resetPose);
}

} // namespace marrow::app
