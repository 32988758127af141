// SPDX-License-Identifier: MIT
#include "app/editor/editor_actions.h"
#include "widgets/viewport/viewport_keymap.h"

#include <QAction>
#include <QIcon>
#include <QKeySequence>
#include <QMenu>
#include <QUndoStack>
#include <QWidget>

namespace marrow::app {

QIcon editorIcon(const char* name)
{
    return QIcon(QStringLiteral(":/icons/%1.svg").arg(QLatin1String(name)));
}

void setToolTipWithShortcut(QAction* action, const QString& tip)
{
    action->setProperty("marrowBaseTip", tip);
    const QKeySequence shortcut = action->shortcut();
    action->setToolTip(shortcut.isEmpty() ? tip
                                          : QStringLiteral("%1 (%2)").arg(tip, shortcut.toString(QKeySequence::NativeText)));
}

void setViewportKeymap(EditorActions& actions, QWidget* viewport, ui::NavigationScheme scheme)
{
    for (QAction* action : {actions.frameAll, actions.frameSelected}) {
        if (!viewport->actions().contains(action)) {
            // Viewport keys: they act where the mouse is (the viewport takes
            // focus on hover), not in the bone tree's type-ahead.
            if (QWidget* owner = qobject_cast<QWidget*>(action->parent()))
                owner->removeAction(action);
            action->setShortcutContext(Qt::WidgetWithChildrenShortcut);
            viewport->addAction(action);
        }
    }
    actions.frameAll->setShortcuts(ui::frameAllShortcuts(scheme));
    actions.frameSelected->setShortcuts(ui::frameSelectedShortcuts(scheme));
    for (QAction* action : {actions.frameAll, actions.frameSelected})
        setToolTipWithShortcut(action, action->property("marrowBaseTip").toString());
}

namespace {

QAction* makeAction(QWidget* window, const QString& text, const char* icon, const QKeySequence& shortcut,
                    const QString& tip = {})
{
    auto* action = new QAction(text, window);
    if (icon)
        action->setIcon(editorIcon(icon));
    if (!shortcut.isEmpty())
        action->setShortcut(shortcut);
    setToolTipWithShortcut(action, tip.isEmpty() ? QString(text).remove(QLatin1Char('&')).remove(QStringLiteral("…")) : tip);
    // Window-wide, so the shortcuts work whichever dock has focus.
    window->addAction(action);
    return action;
}

QAction* makeToggle(QWidget* window, const QString& text, const char* icon, const QKeySequence& shortcut, bool on,
                    const QString& tip = {})
{
    QAction* action = makeAction(window, text, icon, shortcut, tip);
    action->setCheckable(true);
    action->setChecked(on);
    return action;
}

} // namespace

EditorActions::EditorActions(QWidget* window, QUndoStack* undoStack)
{
    open = makeAction(window, QObject::tr("&Open…"), "open", QKeySequence::Open, QObject::tr("Open a rig or document"));
    recentMenu = new QMenu(QObject::tr("Open &Recent"), window);
    recentMenu->setIcon(editorIcon("recent"));
    importClips = makeAction(window, QObject::tr("&Import Clips…"), nullptr, QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_I),
                             QObject::tr("Add the clips of another file (an animation-only FBX, say), joints matched by name"));
    importMesh = makeAction(window, QObject::tr("Import &Mesh…"), nullptr, QKeySequence(),
                            QObject::tr("Add the meshes of another file as static meshes, to bind with Weights › Bind "
                                        "to Skeleton"));
    retargetFrom = makeAction(window, QObject::tr("&Retarget From…"), nullptr, QKeySequence(),
                              QObject::tr("Carry a clip from another character's skeleton onto this one, "
                                          "previewed live, then baked as a new clip"));
    save = makeAction(window, QObject::tr("&Save"), "save", QKeySequence::Save, QObject::tr("Save the document"));
    saveAs = makeAction(window, QObject::tr("Save &As…"), "save_as", QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S));
    exportAgain = makeAction(window, QObject::tr("&Re-export"), nullptr, QKeySequence(Qt::CTRL | Qt::Key_E),
                             QObject::tr("Export again to the last export's file with the document's export options "
                                         "(the first time, asks where)"));
    exportAs = makeAction(window, QObject::tr("Export &As…"), nullptr, QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E),
                          QObject::tr("Export to a file and with options you choose"));
    exportMenu = new QMenu(QObject::tr("&Export"), window);
    boneDisplay = new QMenu(QObject::tr("Bone &Display"), window);
    exportGltf = makeAction(window, QObject::tr("&glTF 2.0 (.glb/.gltf)…"), nullptr, {},
                            QObject::tr("Export the rig, skins, weights and clips as glTF 2.0"));
    exportMenu->addAction(exportGltf);
    preferences = makeAction(window, QObject::tr("&Preferences…"), "preferences", QKeySequence::Preferences);
    quit = makeAction(window, QObject::tr("&Quit"), nullptr, QKeySequence::Quit);

    undo = undoStack->createUndoAction(window, QObject::tr("&Undo"));
    undo->setIcon(editorIcon("undo"));
    undo->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Z));
    window->addAction(undo);
    redo = undoStack->createRedoAction(window, QObject::tr("&Redo"));
    redo->setIcon(editorIcon("redo"));
    redo->setShortcuts({QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z), QKeySequence(Qt::CTRL | Qt::Key_Y)});
    window->addAction(redo);
    resetPose = makeAction(window, QObject::tr("Reset &Pose"), "reset_pose", QKeySequence(Qt::ALT | Qt::SHIFT | Qt::Key_R),
                           QObject::tr("Drop the unkeyed pose edits of every joint"));

    // Their shortcuts follow the navigation keymap and work in the viewport
    // (the main window moves them there: see setViewportKeymap).
    frameAll = makeAction(window, QObject::tr("&Frame All"), "frame_all", {}, QObject::tr("Frame the whole model"));
    frameSelected = makeAction(window, QObject::tr("Frame &Selected"), nullptr, {},
                               QObject::tr("Frame the selected bones"));
    wireframe = makeToggle(window, QObject::tr("&Wireframe"), "wireframe", QKeySequence(Qt::SHIFT | Qt::Key_W), false);
    textureColour = makeToggle(window, QObject::tr("&Texture Colour"), nullptr, {}, true,
                               QObject::tr("Draw each mesh in its material's colour, vertex colours and texture "
                                           "(off: plain clay); Weight Paint's heat map is unchanged"));
    grid = makeToggle(window, QObject::tr("&Grid"), "grid", QKeySequence(Qt::SHIFT | Qt::Key_G), true);
    bones = makeToggle(window, QObject::tr("&Bones"), "bones", QKeySequence(Qt::SHIFT | Qt::Key_B), true);
    // Off until Weight Paint mode shows it (or the user turns it on here).
    heatMap = makeToggle(window, QObject::tr("&Weight Heat Map"), "heat_map", QKeySequence(Qt::SHIFT | Qt::Key_H), false,
                         QObject::tr("Shade by the selected joint's weights, blue 0 to red 1; Weight Paint mode turns it on"));
    dualQuaternion = makeToggle(window, QObject::tr("&Dual-Quaternion Skinning"), "skinning_dqs",
                                QKeySequence(Qt::SHIFT | Qt::Key_D), false,
                                QObject::tr("Dual-quaternion skinning instead of linear blend"));
    restPosition = makeToggle(window, QObject::tr("&Rest Position"), nullptr, {}, false,
                              QObject::tr("Show the mesh as it was bound, whatever the clip and time: painting "
                                          "then never moves a vertex out from under the brush"));
    follow = makeToggle(window, QObject::tr("F&ollow Character"), nullptr, {}, false,
                        QObject::tr("Keep a travelling character in frame: the view slides over the ground with it "
                                    "while it plays or you scrub"));

    playPause = makeAction(window, QObject::tr("&Play / Pause"), "play", QKeySequence(Qt::Key_Space));
    playReversed = makeAction(window, QObject::tr("Play &Backwards"), nullptr,
                              QKeySequence(Qt::SHIFT | Qt::CTRL | Qt::Key_Space), QObject::tr("Play backwards, or pause"));
    stepForward = makeAction(window, QObject::tr("Step &Forward"), "step_forward", QKeySequence(Qt::Key_Period),
                             QObject::tr("Next frame"));
    stepBackward = makeAction(window, QObject::tr("Step &Backward"), "step_back", QKeySequence(Qt::Key_Comma),
                              QObject::tr("Previous frame"));
    jumpStart = makeAction(window, QObject::tr("Jump to &Start"), "jump_start", QKeySequence(Qt::SHIFT | Qt::Key_Left));
    jumpEnd = makeAction(window, QObject::tr("Jump to &End"), "jump_end", QKeySequence(Qt::SHIFT | Qt::Key_Right));
    loop = makeToggle(window, QObject::tr("&Loop"), "loop", {}, true, QObject::tr("Loop playback"));

    keyboardShortcuts = makeAction(window, QObject::tr("&Keyboard Shortcuts"), nullptr, {},
                                   QObject::tr("Every shortcut of the active keymap"));
    about = makeAction(window, QObject::tr("&About Marrow"), "marrow", {});
}

} // namespace marrow::app
