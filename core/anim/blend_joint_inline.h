// SPDX-License-Identifier: MIT
#pragma once
// BlendPosesJob's rule for one joint, shared by its SSE2 and AVX2 paths.
#include "core/math/rotation_inline.h"
#include "core/math/transform.h"

#include <algorithm>
#include <cmath>

namespace marrow::anim::detail {

// math::slerpShortestInline without its acos and sin where a and b are over
// 91 degrees apart: the slerp along the half of the arc the weight falls in,
// from a or the midpoint to the midpoint or b (at most 45 degrees of
// quaternion angle, within the series' reach). The same rotation to float
// rounding, a fraction of the time.
inline glm::quat slerpShortestByHalves(const glm::quat& a, const glm::quat& bIn, float t)
{
    const float d = a.x * bIn.x + a.y * bIn.y + a.z * bIn.z + a.w * bIn.w;
    if (!(std::fabs(d) < 0.7f))  // close, opposite, or NaN: as slerpShortestInline
        return math::slerpShortestInline(a, bIn, t);
    const glm::quat b = d < 0.f ? -bIn : bIn;
    const glm::quat mid = math::safeNormalizeInline(a + b);
    return t <= 0.5f ? math::slerpShortestInline(a, mid, 2.f * t) : math::slerpShortestInline(mid, b, 2.f * t - 1.f);
}

// A blend weight clamped to [0, 1]; NaN counts as 0.
inline float clampWeight(float x)
{
    return x > 0.f ? std::min(x, 1.f) : 0.f;
}

// The same, out of line (blend_poses_job.cpp, built as everywhere else):
// what the AVX2 kernels call for the rare joint they cannot slerp in
// registers, so that every path gives it the same bits.
glm::quat slerpShortestByHalvesOutOfLine(const glm::quat& a, const glm::quat& b, float t);

// Animated in both: translation and scale lerped, rotation slerped on the
// shortest arc at w; in one: that pose's value; in neither: rest.
inline math::Transform blendJoint(const math::Transform& a, const math::Transform& b, const math::Transform& rest,
                                  bool inA, bool inB, float w)
{
    if (inA && inB) {
        math::Transform t;
        t.translation = a.translation + (b.translation - a.translation) * w;
        t.scale = a.scale + (b.scale - a.scale) * w;
        t.rotation = slerpShortestByHalves(a.rotation, b.rotation, w);
        return t;
    }
    return inA ? a : inB ? b : rest;
}

} // namespace marrow::anim::detail
