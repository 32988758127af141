// SPDX-License-Identifier: MIT
#pragma once
#include <glm/vec3.hpp>

#include <span>
#include <vector>

namespace marrow::model {

// Where a transition's ghosts stand: beside the blended character,
// perpendicular to its travel on the ground (Y up), so a walking ghost never
// walks into the blend or out ahead of it. `side` is a unit vector on the
// ground plane (B goes to +side, A to -side); `spacing` is how far.
struct GhostLayout {
    glm::vec3 side{1.f, 0.f, 0.f};
    float spacing = 1.f;
};

// `frames` are the character's world points (joints, skinned vertices) at
// successive times of the preview, blend and sides alike. Travel is the
// horizontal move of the first frame's centroid to the last one's; below a
// tenth of the character's size it does not count and the ghosts stand
// along X. The spacing is the points' whole spread across `side` over every
// frame, plus `margin` of it, so a copy moved by it shares no point's
// lateral range with the original whatever the pose.
GhostLayout ghostLayout(std::span<const std::vector<glm::vec3>> frames, float margin = 0.25f);

} // namespace marrow::model
