// SPDX-License-Identifier: MIT
#pragma once
#include "core/anim/joint_blocks.h"
#include "core/anim/skeleton.h"

#include <optional>
#include <span>
#include <string>

namespace marrow::anim {

// World matrices from local transforms in one forward pass:
// world[i] = world[parent[i]] * TRS(local[i]), root * TRS(local[i]) for roots.
// The locals as Transforms, or as JointBlocks (the same bits). Owns nothing;
// allocates nothing.
struct LocalToWorldJob {
    std::span<const JointIndex> parents;       // one per joint; parents[i] < i or kNoParent
    std::span<const math::Transform> locals;   // one per joint, or empty with localBlocks
    glm::mat4 root{1.f};                       // placed above every root joint
    std::span<glm::mat4> output;               // one per joint
    std::span<const JointBlock> localBlocks{}; // empty, or blockCount(joints) (then locals empty)

    std::optional<std::string> validate() const;
    bool run() const;
};

} // namespace marrow::anim
