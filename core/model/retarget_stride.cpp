// SPDX-License-Identifier: MIT
#include "core/model/retarget_stride.h"

#include <glm/geometric.hpp>

#include <algorithm>

namespace marrow::model {

float strideRatio(std::span<const StrideSample> frames, float legRatio)
{
    const auto flat = [](glm::vec3 v) { return glm::vec3(v.x, 0.f, v.z); };
    double along = 0.0, squared = 0.0;
    for (std::size_t f = 1; f < frames.size(); ++f) {
        const StrideSample& a = frames[f - 1];
        const StrideSample& b = frames[f];
        // The standing foot: the lower one, in the source.
        const int leg = a.sourceFoot[0].y + b.sourceFoot[0].y <= a.sourceFoot[1].y + b.sourceFoot[1].y ? 0 : 1;
        const glm::vec3 s = flat(b.sourceFoot[leg] - a.sourceFoot[leg]), t = flat(b.targetFoot[leg] - a.targetFoot[leg]);
        along += static_cast<double>(glm::dot(s, t));
        squared += static_cast<double>(glm::dot(s, s));
    }
    if (!(squared > 0.0) || !(along > 0.0))
        return legRatio;
    return std::clamp(static_cast<float>(along / squared), 0.5f * legRatio, 2.f * legRatio);
}

} // namespace marrow::model
