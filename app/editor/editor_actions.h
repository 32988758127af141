// SPDX-License-Identifier: MIT
#pragma once
#include "widgets/viewport/viewport_navigation.h"

#include <QObject>

class QAction;
class QIcon;
class QMenu;
class QUndoStack;
class QWidget;

namespace marrow::app {

// Every command of the main window as a QAction: text, icon, shortcut and
// tooltip in one place, so menus, toolbar and tests share them. Transport
// keys follow Blender: Space plays, ',' and '.' step one frame, Shift+Left
// and Shift+Right jump to the ends everywhere (Left/Right step in the
// timeline and the viewport, as widget shortcuts; Home frames all in the
// viewport and shows the whole clip in the timeline).
struct EditorActions {
    explicit EditorActions(QWidget* window, QUndoStack* undoStack);

    QAction* open = nullptr;
    QMenu* recentMenu = nullptr;
    QAction* importClips = nullptr;
    QAction* importMesh = nullptr;
    QAction* retargetFrom = nullptr;  // Clip › Retarget From… (retarget_dock)
    QAction* save = nullptr;
    QAction* saveAs = nullptr;
    QAction* exportAgain = nullptr;  // Ctrl+E: the last export's path and options
    QAction* exportAs = nullptr;     // always asks
    QAction* exportGltf = nullptr;   // File › Export › glTF 2.0
    QMenu* exportMenu = nullptr;
    QMenu* boneDisplay = nullptr;  // View › Bone Display (bone_display_menu)
    QAction* preferences = nullptr;
    QAction* quit = nullptr;

    QAction* undo = nullptr;
    QAction* redo = nullptr;
    QAction* resetPose = nullptr;

    QAction* frameAll = nullptr;
    QAction* frameSelected = nullptr;
    QAction* wireframe = nullptr;
    QAction* textureColour = nullptr;
    QAction* grid = nullptr;
    QAction* bones = nullptr;
    QAction* heatMap = nullptr;
    QAction* dualQuaternion = nullptr;
    QAction* restPosition = nullptr;
    QAction* follow = nullptr;  // the camera travels with the character

    QAction* playPause = nullptr;
    QAction* playReversed = nullptr;
    QAction* stepForward = nullptr;
    QAction* stepBackward = nullptr;
    QAction* jumpStart = nullptr;
    QAction* jumpEnd = nullptr;
    QAction* loop = nullptr;

    QAction* keyboardShortcuts = nullptr;
    QAction* about = nullptr;
};

// An icon from the bundled set (:/icons/<name>.svg).
QIcon editorIcon(const char* name);

// Sets the tooltip to `tip` plus the action's shortcut, "Frame All (Home)".
void setToolTipWithShortcut(QAction* action, const QString& tip);
// Gives Frame All / Frame Selected the shortcuts of `scheme` and makes them
// viewport shortcuts (the View menu shows the keys; they act in the viewport).
void setViewportKeymap(EditorActions& actions, QWidget* viewport, ui::NavigationScheme scheme);

} // namespace marrow::app
