// SPDX-License-Identifier: MIT
#pragma once

class QApplication;

namespace marrow::app {

// Fusion with a dark, slightly blue-grey palette and an orange accent (the
// colour of the active bone), the look animators know from Blender and Maya.
// The viewport's clear colour is chosen to sit in the same family.
void applyDarkTheme(QApplication& app);

} // namespace marrow::app
