// SPDX-License-Identifier: MIT
#include "core/math/rotation.h"

#include <cmath>

namespace marrow::math {

glm::quat slerpShortest(const glm::quat& a, glm::quat const& bIn, float t)
{
    glm::quat b = bIn;
    float d = a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w;
    if (d < 0.f) {
        b = -b;
        d = -d;
    }
    float wa, wb;
    if (d > 0.9995f) {
        // Nearly parallel: nlerp is exact to float precision here.
        wa = 1.f - t;
        wb = t;
    } else {
        const float angle = std::acos(d);
        const float invSin = 1.f / std::sin(angle);
        wa = std::sin((1.f - t) * angle) * invSin;
        wb = std::sin(t * angle) * invSin;
    }
    return safeNormalize(glm::quat(wa * a.w + wb * b.w, wa * a.x + wb * b.x, wa * a.y + wb * b.y, wa * a.z + wb * b.z));
}

glm::quat safeNormalize(const glm::quat& q)
{
    const float len2 = q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w;
    if (!(len2 > 1e-30f) || !std::isfinite(len2))
        return glm::quat(1.f, 0.f, 0.f, 0.f);
    const float inv = 1.f / std::sqrt(len2);
    return glm::quat(q.w * inv, q.x * inv, q.y * inv, q.z * inv);
}

glm::quat canonical(const glm::quat& q)
{
    return q.w < 0.f ? -q : q;
}

} // namespace marrow::math
