// SPDX-License-Identifier: MIT
#pragma once

class QSettings;

namespace marrow::app {

class MainWindow;

// The workspace's view state that outlives a session, as the keymap does:
// the weight brush (BrushState: every setting, the mirror plane, Show Zero
// Weights), the key channels and auto-key (PoseEditor), the Transitions
// dock's ghosts and bake range, and the timeline's editor (Dope Sheet or
// Graph Editor) and "Only Sel.". Never document data: the transitions, the
// foot-slide joints and contact height (per rig) stay with the document.
//
// Keys: brush/*, keys/{autoKey,channels}, transitions/{ghosts,bakeRange},
// timeline/{view,onlySelected}. A missing or unreadable value keeps what
// the window has; numbers are clamped by the setters.
void loadViewSettings(const QSettings& settings, MainWindow& window);
void saveViewSettings(QSettings& settings, MainWindow& window);

} // namespace marrow::app
