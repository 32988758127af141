// SPDX-License-Identifier: MIT
#include "core/anim/blend_poses_job.h"
#include "core/math/rotation_inline.h"

#include <algorithm>

namespace marrow::anim {

std::optional<std::string> BlendPosesJob::validate() const
{
    const std::size_t n = output.size();
    if (a.size() != n || b.size() != n || rest.size() != n)
        return "a, b, rest and output must have one transform per joint";
    if (aAnimated.size() != n || bAnimated.size() != n)
        return "aAnimated and bAnimated must have one entry per joint";
    return std::nullopt;
}

bool BlendPosesJob::run() const
{
    if (validate())
        return false;
    const float w = weight > 0.f ? std::min(weight, 1.f) : 0.f;
    for (std::size_t i = 0; i < output.size(); ++i) {
        const bool inA = aAnimated[i] != 0, inB = bAnimated[i] != 0;
        if (inA && inB) {
            math::Transform t;
            t.translation = a[i].translation + (b[i].translation - a[i].translation) * w;
            t.scale = a[i].scale + (b[i].scale - a[i].scale) * w;
            t.rotation = math::slerpShortestInline(a[i].rotation, b[i].rotation, w);
            output[i] = t;
        } else if (inA) {
            output[i] = a[i];
        } else if (inB) {
            output[i] = b[i];
        } else {
            output[i] = rest[i];
        }
    }
    return true;
}

} // namespace marrow::anim
