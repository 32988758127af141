// SPDX-License-Identifier: MIT
#pragma once
#include "core/math/glm_config.h"

namespace marrow::gl {

// One vertex of the viewport's overlays (grid lines, bones): a world-space
// position and a straight-alpha colour. Plain data, built on the CPU by the
// viewport's geometry classes and drawn by the Renderer.
struct OverlayVertex {
    glm::vec3 position{0.f};
    glm::vec4 colour{1.f};
};

} // namespace marrow::gl
