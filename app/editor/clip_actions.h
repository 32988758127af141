// SPDX-License-Identifier: MIT
#pragma once

class QAction;
class QMenu;
class QWidget;

namespace marrow::doc {
class Document;
}
namespace marrow::ws {
class Playback;
class Selection;
}
namespace marrow::ui {
class TimelineWidget;
}

namespace marrow::app {

// New, duplicate, rename and delete a clip, from the menu button beside the
// timeline's clip chooser (Blender's action editor has them beside its
// action selector). Each is one undo entry; new and duplicated clips become
// the active clip. A new clip is empty and one second long until its keys
// say otherwise; a duplicate is named as Blender names them ("walk.001").
// A right-click on the clip chooser shows them too, with the clips to make
// one active. Set Range… (ClipRangeDialog) sets or clears the active clip's
// manual frame range in frames at the playback's rate, one undo entry.
// New from Range… (ClipFromRangeDialog) cuts a new clip from frames of any
// clip, Find Cycle to pick a loop, one undo entry; the new clip becomes active.
struct ClipActions {
    QMenu* menu = nullptr;
    QAction* newClip = nullptr;
    QAction* duplicateClip = nullptr;
    QAction* renameClip = nullptr;
    QAction* setRange = nullptr;
    QAction* newFromRange = nullptr;
    QAction* deleteClip = nullptr;
};

ClipActions installClipActions(QWidget* window, ui::TimelineWidget* timeline, doc::Document* document,
                               ws::Selection* selection, ws::Playback* playback);

} // namespace marrow::app
