// SPDX-License-Identifier: MIT
#include "core/math/quat_component.h"

#include "core/math/rotation.h"

#include <algorithm>
#include <cmath>

namespace marrow::math {

glm::quat withComponent(const glm::quat& q, int component, double value)
{
    if (component < 0 || component > 3 || !std::isfinite(value))
        return safeNormalize(q);
    glm::dvec4 v(q.x, q.y, q.z, q.w);
    const double set = std::clamp(value, -1.0, 1.0);
    v[component] = 0.0;
    const double rest = glm::length(v);
    if (!(rest > 1e-12))
        return safeNormalize(q);
    v *= std::sqrt(std::max(0.0, 1.0 - set * set)) / rest;
    v[component] = set;
    return glm::quat(static_cast<float>(v.w), static_cast<float>(v.x), static_cast<float>(v.y), static_cast<float>(v.z));
}

} // namespace marrow::math
