// SPDX-License-Identifier: MIT
#pragma once
// BlendPosesJob at one weight, eight joints at a time, built for AVX2 + FMA
// (blend_poses_avx2.cpp): the job calls it on a CPU that has both.
#include "core/anim/clip.h"
#include "core/math/transform.h"

#include <cstddef>

namespace marrow::anim::detail {

// Blends all n joints by the job's rule (blendJoint) at `weight` (already
// clamped); `out` may alias a or b. False where the build has no such
// kernel (nothing written).
bool blendAllAvx2(const math::Transform* a, const math::Transform* b, const math::Transform* rest,
                  const ChannelMask* inA, const ChannelMask* inB, std::size_t n, float weight,
                  const float* jointWeights, math::Transform* out);

} // namespace marrow::anim::detail
