// SPDX-License-Identifier: MIT
#pragma once
// The angle of the rotation between two quaternions (q and -q alike), from
// their chord in double: acos of a dot product near 1 cannot tell angles
// below about 1e-3 apart, which the rotation tests compare at 1e-5.
#include "core/math/glm_config.h"

#include <glm/gtc/quaternion.hpp>

#include <algorithm>
#include <cmath>

namespace marrow::test {

inline double rotationAngle(const glm::quat& a, const glm::quat& b)
{
    const glm::dquat p = glm::normalize(glm::dquat(a.w, a.x, a.y, a.z));
    glm::dquat q = glm::normalize(glm::dquat(b.w, b.x, b.y, b.z));
    if (glm::dot(p, q) < 0.0)
        q = -q;
    const glm::dvec4 d(p.w - q.w, p.x - q.x, p.y - q.y, p.z - q.z);
    return 4.0 * std::asin(std::min(1.0, glm::length(d) / 2.0));
}

} // namespace marrow::test
