// SPDX-License-Identifier: MIT
#include "core/math/scaled_dual_quat.h"
#include "core/math/finite.h"
#include "core/math/rotation.h"

#include <cmath>

namespace marrow::math {

namespace {

// Largest |S - I| below which a joint counts as rigid: quat_cast, mat3_cast
// and R^T M leave a few ulps of noise on a pure rotation.
constexpr float kRigidTolerance = 2e-6f;

} // namespace

ScaledDualQuat splitSkinningMatrix(const glm::mat4& m, const glm::vec3& pivot)
{
    const glm::mat3 a(m);
    glm::quat q = glm::quat_cast(polarRotation(a));
    const float len2 = glm::dot(q, q);
    q = math::isFinite(q) && len2 > 0.f ? q * (1.f / std::sqrt(len2)) : glm::quat(1.f, 0.f, 0.f, 0.f);
    // The rotation actually stored, so that R * S is M whatever q is.
    const glm::mat3 r = glm::mat3_cast(q);
    glm::mat3 s = glm::transpose(r) * a;
    float off = 0.f;
    for (int c = 0; c < 3; ++c)
        for (int k = 0; k < 3; ++k)
            off = std::fmax(off, std::fabs(s[c][k] - (c == k ? 1.f : 0.f)));
    const bool rigid = off <= kRigidTolerance;
    if (rigid)
        s = glm::mat3(1.f);

    // M p = R (S (p - c) + c) + t'  with  t' = M c - R c: the rigid part
    // takes the bind position c to where the joint now puts it.
    ScaledDualQuat out;
    const glm::vec3 moved = glm::vec3(m * glm::vec4(pivot, 1.f));
    const glm::vec3 t = moved - r * pivot;
    out.rigid.real = q;
    const glm::quat d = glm::quat(0.f, t.x, t.y, t.z) * q;
    out.rigid.dual = glm::quat(.5f * d.w, .5f * d.x, .5f * d.y, .5f * d.z);
    if (!rigid) {
        out.scale = glm::mat4(s);
        out.scale[3] = glm::vec4(pivot - s * pivot, 1.f);
    }
    return out;
}

glm::vec3 bindPivot(const glm::mat4& inverseBind)
{
    const glm::mat3 a(inverseBind);
    const float det = glm::determinant(a);
    if (!(std::fabs(det) > 1e-20f))
        return glm::vec3(0.f);
    const glm::vec3 c = -(glm::inverse(a) * glm::vec3(inverseBind[3]));
    return std::isfinite(c.x) && std::isfinite(c.y) && std::isfinite(c.z) ? c : glm::vec3(0.f);
}

} // namespace marrow::math
