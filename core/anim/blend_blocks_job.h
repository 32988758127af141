// SPDX-License-Identifier: MIT
#pragma once
#include "core/anim/clip.h"
#include "core/anim/joint_blocks.h"

#include <cstddef>
#include <optional>
#include <span>
#include <string>

namespace marrow::anim {

// BlendPosesJob's rule on poses held as JointBlocks (structure of arrays):
// on a CPU with AVX2 its kernel's arithmetic without the transposes (the
// same bits on every joint, a weight per joint or one), elsewhere the rule
// joint by joint.
// Joints in one clip or neither come out as they are. Lanes past the last
// joint take rest's. Owns nothing; allocates nothing.
struct BlendBlocksJob {
    std::span<const JointBlock> a, b, rest;             // blockCount(joints) each
    std::span<const ChannelMask> aAnimated, bAnimated;  // one per joint: non-zero if that clip animates it
    float weight = 0.f;                                 // 0 gives a, 1 gives b; clamped to [0, 1]; NaN counts as 0
    std::span<JointBlock> output;                       // blockCount(joints); may alias a or b
    std::size_t joints = 0;
    std::span<const float> jointWeights{};              // empty (weight for all), or one per joint (a blend profile), clamped alike

    std::optional<std::string> validate() const;
    bool run() const;
};

} // namespace marrow::anim
