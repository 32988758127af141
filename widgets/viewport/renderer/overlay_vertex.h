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

// One bone of the overlay, drawn by instancing a unit octahedron: the
// matrix maps the unit bone (head at the origin, tail at +Y 1, waist ring of
// radius 0.1 at y = 0.1) onto the posed bone; the colour is straight alpha.
// 80 bytes per bone per pose: bones never re-upload vertices.
struct BoneInstance {
    glm::mat4 transform{1.f};
    glm::vec4 colour{1.f};
};

} // namespace marrow::gl
