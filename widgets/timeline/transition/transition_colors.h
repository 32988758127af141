// SPDX-License-Identifier: MIT
#pragma once
#include <QColor>

namespace marrow::ui::transition_colors {

// One colour per side of a transition wherever it is drawn (bars, the
// foot-slide plot, the ghosts), so A and B read the same everywhere.
inline QColor sideA() { return {86, 150, 222}; }    // blue
inline QColor sideB() { return {230, 146, 60}; }    // orange
inline QColor blended() { return {240, 240, 240}; } // the transition itself

} // namespace marrow::ui::transition_colors
