// SPDX-License-Identifier: MIT
#pragma once
// Whether every component of a glm value is finite (no NaN, no infinity):
// what every reader and edit checks before trusting a vector it was given.
#include "core/math/glm_config.h"

#include <glm/gtc/quaternion.hpp>
#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>

#include <cmath>

namespace marrow::math {

inline bool isFinite(const glm::vec3& v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }

inline bool isFinite(const glm::quat& q)
{
    return std::isfinite(q.x) && std::isfinite(q.y) && std::isfinite(q.z) && std::isfinite(q.w);
}

inline bool isFinite(const glm::mat4& m)
{
    for (int c = 0; c < 4; ++c)
        if (!isFinite(glm::vec3(m[c])) || !std::isfinite(m[c][3]))
            return false;
    return true;
}

} // namespace marrow::math
