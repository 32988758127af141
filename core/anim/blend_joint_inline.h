// SPDX-License-Identifier: MIT
#pragma once
// BlendPosesJob's rule for one joint, shared by its SSE2 and AVX2 paths.
#include "core/math/rotation_inline.h"
#include "core/math/transform.h"

namespace marrow::anim::detail {

// Animated in both: translation and scale lerped, rotation slerped on the
// shortest arc at w; in one: that pose's value; in neither: rest.
inline math::Transform blendJoint(const math::Transform& a, const math::Transform& b, const math::Transform& rest,
                                  bool inA, bool inB, float w)
{
    if (inA && inB) {
        math::Transform t;
        t.translation = a.translation + (b.translation - a.translation) * w;
        t.scale = a.scale + (b.scale - a.scale) * w;
        t.rotation = math::slerpShortestInline(a.rotation, b.rotation, w);
        return t;
    }
    return inA ? a : inB ? b : rest;
}

} // namespace marrow::anim::detail
