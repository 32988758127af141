// SPDX-License-Identifier: MIT
#pragma once

class QMainWindow;

namespace marrow::doc {
class Document;
}
namespace marrow::ui {
class ViewportWidget;
}
namespace marrow::ws {
class Playback;
class Selection;
class TransitionPreview;
}

namespace marrow::app {

struct EditorDocks;

// Adds the Transitions dock (ui::TransitionsPanel in a scroll area), tabbed
// behind the Inspector and Weight Paint, and records it in `docks`
// (transitions, transitionsPanel) so the View menu lists it; gives the
// timeline its transition mode. Bake failures go to the log.
void installTransitionsDock(QMainWindow* window, EditorDocks& docks, doc::Document* document,
                            ws::Selection* selection, ws::Playback* playback, ws::TransitionPreview* preview);

// The ghosts in the viewport: a ws::GhostPoses (a child of the viewport)
// whose A and B poses go to the renderer, tinted as the timeline's bars.
void installTransitionGhosts(ui::ViewportWidget* viewport, doc::Document* document, ws::Playback* playback,
                             ws::TransitionPreview* preview);

} // namespace marrow::app
