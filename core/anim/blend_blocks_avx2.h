// SPDX-License-Identifier: MIT
#pragma once
// BlendBlocksJob at one weight, a block of eight joints at a time, built
// for AVX2 + FMA (blend_blocks_avx2.cpp): the job calls it on a CPU that has both.
#include "core/anim/clip.h"
#include "core/anim/joint_blocks.h"

#include <cstddef>

namespace marrow::anim::detail {

// Blends n joints' blocks by BlendPosesJob's rule at `weight` (already
// clamped), in its AVX2 kernel's arithmetic; `out` may alias a or b.
// Lanes past the last joint take rest's. False where the build has no such
// kernel (nothing written).
bool blendBlocksAvx2(const JointBlock* a, const JointBlock* b, const JointBlock* rest, const ChannelMask* inA,
                     const ChannelMask* inB, std::size_t n, float weight, const float* jointWeights, JointBlock* out);

} // namespace marrow::anim::detail
