// SPDX-License-Identifier: MIT
#pragma once

class QAction;
class QMainWindow;
class QMenu;
class QString;
class QWidget;

namespace marrow::ws {
class PoseEditor;
class Selection;
}

namespace marrow::app {

// The Pose menu: keying and clearing the selected bones, as Blender's pose
// mode binds them. I inserts keys for the channels ticked under Key
// Channels, K asks for one channel, Alt+I deletes the keys at the playhead;
// Alt+G / Alt+R / Alt+S clear location, rotation, scale to rest; Auto Keying
// (the timeline's record button too) keys every pose edit. The letter keys
// act in the viewport (the bone tree keeps its type-ahead); the Alt keys act
// everywhere. Feedback goes to the status bar.
struct KeyActions {
    QMenu* menu = nullptr;
    QAction* insertKeys = nullptr;
    QAction* insertKeyMenu = nullptr;
    QAction* deleteKeys = nullptr;
    QAction* clearLocation = nullptr;
    QAction* clearRotation = nullptr;
    QAction* clearScale = nullptr;
    QAction* autoKey = nullptr;
    QAction* keyLocation = nullptr;
    QAction* keyRotation = nullptr;
    QAction* keyScale = nullptr;
};

// A new top-level menu placed just before Playback (Pose, then Weights).
QMenu* insertMenuBeforePlayback(QMainWindow* window, const QString& title);

KeyActions installKeyActions(QMainWindow* window, QWidget* viewport, ws::PoseEditor& editor, ws::Selection& selection);

} // namespace marrow::app
