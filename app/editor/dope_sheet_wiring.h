// SPDX-License-Identifier: MIT
#pragma once

class QStatusBar;
class QWidget;

namespace marrow::ws {
class KeySelection;
}
namespace marrow::ui {
class TimelineWidget;
}

namespace marrow::app {

// Connects the timeline's dope sheet to the window: it shows and edits the
// window's key selection, and Up/Down jump to the next/previous key of its
// rows from the viewport too (as Left/Right step frames there).
void wireDopeSheet(ui::TimelineWidget* timeline, ws::KeySelection* keys, QWidget* viewport);

// While keys move or scale in the dope sheet or the graph view (after
// addGraphTab), the status bar says the offset or factor and, in red, how
// many keys the result would merge.
void showKeyDragStatus(QStatusBar* bar, ui::TimelineWidget* timeline);

} // namespace marrow::app
