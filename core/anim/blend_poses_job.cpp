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
    if (!jointWeights.empty() && jointWeights.size() != n)
        return "jointWeights must be empty or have one weight per joint";
    return std::nullopt;
}

bool BlendPosesJob::run() const
{
    if (validate())
        return false;
    const auto clamp01 = [](float x) { return x > 0.f ? std::min(x, 1.f) : 0.f; };  // NaN -> 0
    const float uniform = clamp01(weight);
    for (std::size_t i = 0; i < output.size(); ++i) {
        const float w = jointWeights.empty() ? uniform : clamp01(jointWeights[i]);
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
