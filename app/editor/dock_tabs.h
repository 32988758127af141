// SPDX-License-Identifier: MIT
#pragma once

class QMainWindow;

namespace marrow::app {

// Tabbed docks show their whole titles: side by side, "Weight Paint",
// "Weight Table" and "Weight Health" would otherwise elide to three
// "Weight…". A tab bar too narrow for its titles scrolls instead. Applies to
// every tab bar the window makes, now and whenever docks are tabified later.
void keepDockTabTitlesWhole(QMainWindow* window);

} // namespace marrow::app
