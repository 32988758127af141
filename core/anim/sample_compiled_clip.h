// SPDX-License-Identifier: MIT
#pragma once
// SampleClipJob's path through a CompiledClip (SSE2 builds); the job has
// validated the spans and checked that `compiled` matches the clip.
#include "core/anim/compiled_clip.h"
#include "core/anim/joint_blocks.h"
#include "core/math/transform.h"

#include <span>

namespace marrow::anim {

// One channel of a track through the one-channel samplers: what the plain
// job does per channel, and what a compiled clip does for its loose channels.
void sampleTrackChannel(const JointTrack& track, CompiledClip::Kind kind, double time, std::uint32_t& cursor,
                        math::Transform& out);

#if defined(__SSE2__)
void sampleCompiledClip(const CompiledClip& compiled, const Clip& clip, double time,
                        std::span<const math::Transform> rest, std::span<std::uint32_t> cursors,
                        std::span<math::Transform> output, std::span<ChannelMask> animated);
// The same into JointBlocks (blockCount(joints) each): the same bits.
void sampleCompiledClip(const CompiledClip& compiled, const Clip& clip, double time, std::span<const JointBlock> rest,
                        std::size_t joints, std::span<std::uint32_t> cursors, std::span<JointBlock> output,
                        std::span<ChannelMask> animated);
#endif

} // namespace marrow::anim
