// SPDX-License-Identifier: MIT
#pragma once
#include "core/math/glm_config.h"

#include <assimp/matrix4x4.h>
#include <assimp/quaternion.h>
#include <assimp/vector3.h>

#include <cmath>

namespace marrow::io::assimp {

// Assimp matrices are row-major (a1..a4 is the first row); glm is column-major.
inline glm::mat4 toGlm(const aiMatrix4x4& m)
{
    glm::mat4 r;
    for (unsigned row = 0; row < 4; ++row)
        for (unsigned col = 0; col < 4; ++col)
            r[static_cast<int>(col)][static_cast<int>(row)] = static_cast<float>(m[row][col]);
    return r;
}

inline glm::vec3 toGlm(const aiVector3D& v) { return {v.x, v.y, v.z}; }

// Assimp stores (w, x, y, z); glm's constructor takes w first too.
inline glm::quat toGlm(const aiQuaternion& q) { return glm::quat(q.w, q.x, q.y, q.z); }

inline bool isFinite(const aiVector3D& v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }

inline bool isFinite(const aiQuaternion& q)
{
    return std::isfinite(q.w) && std::isfinite(q.x) && std::isfinite(q.y) && std::isfinite(q.z);
}

inline bool isFinite(const aiMatrix4x4& m)
{
    for (unsigned row = 0; row < 4; ++row)
        for (unsigned col = 0; col < 4; ++col)
            if (!std::isfinite(m[row][col]))
                return false;
    return true;
}

} // namespace marrow::io::assimp
