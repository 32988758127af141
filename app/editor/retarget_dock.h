// SPDX-License-Identifier: MIT
#pragma once

class QAction;
class QMainWindow;
class QString;

namespace marrow::doc {
class Document;
}
namespace marrow::ui {
class ViewportWidget;
}
namespace marrow::ws {
class Playback;
class PoseEvaluator;
class RetargetPreview;
class Selection;
class TransitionPreview;
}

namespace marrow::app {

class DocumentController;
struct EditorDocks;

// Clip › Retarget From… (issue 40): adds the Retarget dock (ui::RetargetPanel),
// tabbed with the Transitions dock and hidden until the action shows it
// (asking for a source file the first time), and records it in `docks`.
// Open… reads the source through `files` (errors in the log and a dialog);
// Bake adds the carried clip as one undo entry and makes it the active clip;
// Preview leaves any transition preview (and choosing a transition or a
// clip leaves Preview). While previewing, the source's bones are drawn
// beside the character in the viewport, in the ghosts' blue.
void installRetargetDock(QMainWindow* window, EditorDocks& docks, QAction* retargetFrom, doc::Document* document,
                         ws::Selection* selection, ws::Playback* playback, ws::PoseEvaluator* evaluator,
                         ws::RetargetPreview* preview, ws::TransitionPreview* transitions, DocumentController* files,
                         ui::ViewportWidget* viewport);

// Shows the Retarget dock with `path` as the source and Preview on when it
// fits (marrow --retarget-from); false with the problem in the log otherwise.
bool startRetarget(const EditorDocks& docks, ws::RetargetPreview* preview, DocumentController* files, const QString& path);

// Save Map… and Load Map… without their dialogs: the preview's map and
// chain options to `path` as JSON (model::boneMapToJson, written whole or
// not at all), or from it; false with the file and the problem in `error`.
bool saveRetargetMap(const ws::RetargetPreview& preview, const QString& path, QString& error);
bool loadRetargetMap(ws::RetargetPreview& preview, const QString& path, QString& error);

} // namespace marrow::app
