// SPDX-License-Identifier: MIT
#pragma once
#include "core/anim/skeleton.h"
#include "core/math/scaled_dual_quat.h"

#include <optional>
#include <span>
#include <string>

namespace marrow::anim {

// Skinning matrices of one skin: palette[k] = world[joints[k]] * inverseBind[k],
// and optionally the same split for DQS (a scale map about the joint's bind
// position, then a rigid dual quaternion). Owns nothing; allocates nothing.
struct SkinningPaletteJob {
    std::span<const glm::mat4> worlds;        // one per skeleton joint
    std::span<const JointIndex> joints;       // the skin's joints, each < worlds.size()
    std::span<const glm::mat4> inverseBind;   // one per skin joint
    std::span<glm::mat4> palette;             // one per skin joint
    std::span<math::ScaledDualQuat> dualQuats;  // empty, or one per skin joint

    std::optional<std::string> validate() const;
    bool run() const;
};

} // namespace marrow::anim
