// SPDX-License-Identifier: MIT
#pragma once

class QWidget;

namespace marrow::ui {

// Scrolling a dock must not change the field under the pointer: `field` (a
// spin box or combo box) takes the wheel only once it has the focus, and
// otherwise passes it to its parent, so the dock scrolls instead.
void takeWheelOnlyWhenFocused(QWidget* field);

} // namespace marrow::ui
