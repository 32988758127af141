// SPDX-License-Identifier: MIT
#pragma once

class QMainWindow;

namespace marrow::doc {
class Document;
}
namespace marrow::ws {
class MeshVisibility;
class Playback;
class Selection;
}
namespace marrow::ui {
class LogPanel;
}

namespace marrow::app {

class DocumentController;
class ExportController;
struct EditorActions;

// File › Export › glTF 2.0…, Re-export (Ctrl+E) and Export As…
// (Ctrl+Shift+E) through one ExportController, which also serves Save As to
// a .glb or .gltf name. Exports and failures go to the status bar and the
// Log, with each item the file did not carry. Returns the controller (owned
// by the window).
ExportController* installExportActions(QMainWindow* window, const EditorActions& actions, doc::Document* document,
                                       ws::Selection* selection, ws::MeshVisibility* visibility,
                                       ws::Playback* playback, DocumentController* files, ui::LogPanel* log);

} // namespace marrow::app
