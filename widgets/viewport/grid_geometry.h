// SPDX-License-Identifier: MIT
#pragma once
#include "widgets/viewport/renderer/overlay_vertex.h"

#include <vector>

namespace marrow::ui {

// The ground grid on the XZ plane (Y up) as line pairs: a spacing that is a
// power of ten chosen from the model's size (about ten cells across it),
// every tenth line brighter, and the X axis red and the Z axis blue through
// the origin, as DCC tools draw them. Returns the spacing used.
float buildGrid(float modelSize, std::vector<gl::OverlayVertex>& lines);

} // namespace marrow::ui
