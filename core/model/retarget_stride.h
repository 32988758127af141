// SPDX-License-Identifier: MIT
#pragma once
// How far a retargeted character's hips travel per unit of its source's
// (issue 40). Scaling the path by the ratio of leg lengths is right for a
// character built like its source; for a thigh shorter than its shin
// (RobotExpressive's) the planted foot then skates, since the legs turned
// like the source's sweep a different distance. The stride ratio is the
// one under which the standing foot, turned as it is, stays put: the least
// squares fit of the target's foot sweeps (relative to the hips) to the
// source's, over the frames where a foot is the lower one.
#include <glm/vec3.hpp>

#include <span>

namespace marrow::model {

struct StrideSample {
    glm::vec3 sourceFoot[2]{};  // each foot relative to the joint the legs hang from, model space
    glm::vec3 targetFoot[2]{};
};

// The ratio (target hips travel / source's) along the ground (Y up);
// `legRatio` when the feet do not sweep, and kept within half and twice it.
float strideRatio(std::span<const StrideSample> frames, float legRatio);

} // namespace marrow::model
