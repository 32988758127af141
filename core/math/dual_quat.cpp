// SPDX-License-Identifier: MIT
#include "core/math/dual_quat.h"
#include "core/math/rotation.h"

#include <cmath>

namespace marrow::math {

glm::mat3 polarRotation(const glm::mat3& m)
{
    // Higham's iteration R <- (R + R^-T) / 2 converges quadratically to the
    // orthogonal polar factor; joint matrices are near-rotations, so few steps.
    glm::mat3 r = m;
    if (glm::determinant(r) < 0.f)
        r = -r;
    // Fast path, the common case: orthogonal columns of equal length are a
    // rotation times a uniform scale, whose polar factor is r / scale.
    const float l0 = glm::dot(r[0], r[0]), l1 = glm::dot(r[1], r[1]), l2 = glm::dot(r[2], r[2]);
    const float tol = 1e-6f * (l0 + l1 + l2);
    if (std::fabs(l0 - l1) < tol && std::fabs(l0 - l2) < tol && std::fabs(glm::dot(r[0], r[1])) < tol &&
        std::fabs(glm::dot(r[0], r[2])) < tol && std::fabs(glm::dot(r[1], r[2])) < tol && l0 > 0.f)
        return r * (1.f / std::sqrt((l0 + l1 + l2) / 3.f));
    for (int i = 0; i < 32; ++i) {
        const float det = glm::determinant(r);
        if (!(std::fabs(det) > 1e-30f))
            return glm::mat3(1.f);
        const glm::mat3 next = 0.5f * (r + glm::transpose(glm::inverse(r)));
        float diff = 0.f;
        for (int c = 0; c < 3; ++c)
            for (int k = 0; k < 3; ++k)
                diff = std::fmax(diff, std::fabs(next[c][k] - r[c][k]));
        r = next;
        if (diff < 1e-7f)
            break;
    }
    return r;
}

DualQuat dualQuatFromMatrix(const glm::mat4& m)
{
    const glm::mat3 r = polarRotation(glm::mat3(m));
    DualQuat dq;
    dq.real = safeNormalize(glm::quat_cast(r));
    const glm::vec3 t(m[3]);
    const glm::quat tq(0.f, t.x, t.y, t.z);
    const glm::quat d = tq * dq.real;
    dq.dual = glm::quat(0.5f * d.w, 0.5f * d.x, 0.5f * d.y, 0.5f * d.z);
    return dq;
}

glm::vec3 transformPoint(const DualQuat& dqIn, const glm::vec3& p)
{
    const float len = glm::length(glm::vec4(dqIn.real.x, dqIn.real.y, dqIn.real.z, dqIn.real.w));
    const float inv = len > 0.f ? 1.f / len : 0.f;
    const glm::vec3 rv = glm::vec3(dqIn.real.x, dqIn.real.y, dqIn.real.z) * inv;
    const float rw = dqIn.real.w * inv;
    const glm::vec3 dv = glm::vec3(dqIn.dual.x, dqIn.dual.y, dqIn.dual.z) * inv;
    const float dw = dqIn.dual.w * inv;
    // Rotation: p + 2 rv x (rv x p + rw p); translation: 2 (rw dv - dw rv + rv x dv).
    const glm::vec3 rotated = p + 2.f * glm::cross(rv, glm::cross(rv, p) + rw * p);
    const glm::vec3 trans = 2.f * (rw * dv - dw * rv + glm::cross(rv, dv));
    return rotated + trans;
}

} // namespace marrow::math
