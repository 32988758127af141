// SPDX-License-Identifier: MIT
#pragma once
#include "core/anim/clip.h"
#include "core/anim/compiled_clip.h"
#include "core/anim/joint_blocks.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string>

namespace marrow::anim {

// Samples a clip at one time into full local transforms: rest values for
// joints and channels the clip does not animate. Owns nothing; allocates nothing.
struct SampleClipJob {
    const Clip* clip = nullptr;                 // required; every track's joint < output.size()
    double time = 0.0;                          // seconds; each channel clamps to its own key range
    std::span<const math::Transform> rest;      // one per joint (skeleton rest pose)
    std::span<std::uint32_t> cursors;           // empty, or 3 per track (T, R, S key caches kept by the caller)
    std::span<math::Transform> output;          // one per joint
    std::span<ChannelMask> animated;            // empty, or one per joint: channels this clip animates
    // Optional: the clip compiled for four-at-a-time sampling (the same
    // bits). Used when it matches the clip; the caller keeps it current.
    const CompiledClip* compiled = nullptr;
    // Or the pose as JointBlocks (blockCount(rest.size()) each; output then
    // empty): rest taken from restBlocks, the same bits as into output.
    std::span<JointBlock> outputBlocks{};
    std::span<const JointBlock> restBlocks{};

    std::optional<std::string> validate() const;  // nullopt when valid, otherwise the reason
    bool run() const;                             // false, output untouched, when invalid
};

} // namespace marrow::anim
