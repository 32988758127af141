// SPDX-License-Identifier: MIT
#include "core/math/transform.h"
#include "core/math/finite.h"

#include <cmath>

namespace marrow::math {

glm::mat4 toMatrix(const Transform& t)
{
    // Written out instead of three glm products: this runs for every joint every frame.
    const glm::quat& q = t.rotation;
    const float xx = q.x * q.x, yy = q.y * q.y, zz = q.z * q.z;
    const float xy = q.x * q.y, xz = q.x * q.z, yz = q.y * q.z;
    const float wx = q.w * q.x, wy = q.w * q.y, wz = q.w * q.z;
    glm::mat4 m;
    m[0] = glm::vec4((1.f - 2.f * (yy + zz)) * t.scale.x, 2.f * (xy + wz) * t.scale.x, 2.f * (xz - wy) * t.scale.x, 0.f);
    m[1] = glm::vec4(2.f * (xy - wz) * t.scale.y, (1.f - 2.f * (xx + zz)) * t.scale.y, 2.f * (yz + wx) * t.scale.y, 0.f);
    m[2] = glm::vec4(2.f * (xz + wy) * t.scale.z, 2.f * (yz - wx) * t.scale.z, (1.f - 2.f * (xx + yy)) * t.scale.z, 0.f);
    m[3] = glm::vec4(t.translation, 1.f);
    return m;
}

bool fromMatrix(const glm::mat4& m, Transform& out)
{
    glm::vec3 c0(m[0]), c1(m[1]), c2(m[2]);
    glm::vec3 s(glm::length(c0), glm::length(c1), glm::length(c2));
    if (!(s.x > 0.f && s.y > 0.f && s.z > 0.f))
        return false;
    // A mirrored basis cannot be a rotation: fold the reflection into X scale.
    if (glm::dot(glm::cross(c0, c1), c2) < 0.f)
        s.x = -s.x;
    glm::mat3 r(c0 / s.x, c1 / s.y, c2 / s.z);
    out.translation = glm::vec3(m[3]);
    out.rotation = glm::normalize(glm::quat_cast(r));
    out.scale = s;
    return true;
}

bool isFinite(const Transform& t)
{
    return isFinite(t.translation) && isFinite(t.rotation) && isFinite(t.scale);
}

} // namespace marrow::math
