// SPDX-License-Identifier: MIT
#pragma once

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

} // namespace marrow::app
