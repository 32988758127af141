// SPDX-License-Identifier: MIT
#include "core/anim/local_to_world_job.h"
#include "core/anim/local_to_world_avx2.h"
#include "core/math/cpu_features.h"
#include "core/math/avx2_clones.h"

#include <cstdint>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace marrow::anim {

namespace {

// The joints' count agrees across the spans (the locals as Transforms or as blocks).
bool sized(const LocalToWorldJob& j)
{
    const std::size_t n = j.parents.size();
    if (!j.localBlocks.empty())
        return j.locals.empty() && j.localBlocks.size() == blockCount(n) && j.output.size() == n;
    return j.locals.size() == n && j.output.size() == n;
}

} // namespace

std::optional<std::string> LocalToWorldJob::validate() const
{
    if (!sized(*this))
        return "parents, locals and output must have one entry per joint (localBlocks one per eight joints)";
    for (std::size_t i = 0; i < parents.size(); ++i)
        if (parents[i] != kNoParent && (parents[i] < 0 || static_cast<std::size_t>(parents[i]) >= i))
            return "joint " + std::to_string(i) + " does not come after its parent";
    return std::nullopt;
}

namespace {

// parent * toMatrix(t), using that the local matrix is affine: its bottom row
// is (0, 0, 0, 1), so each column needs three products instead of four (the
// dropped term is parent[3] * 0). The 3x3 terms are math::toMatrix's, written
// here so they inline; the result equals glm's product of the two matrices.
[[gnu::always_inline]] inline glm::mat4 timesLocal(const glm::mat4& p, const math::Transform& t)
{
    const glm::quat& q = t.rotation;
    const float xx = q.x * q.x, yy = q.y * q.y, zz = q.z * q.z;
    const float xy = q.x * q.y, xz = q.x * q.z, yz = q.y * q.z;
    const float wx = q.w * q.x, wy = q.w * q.y, wz = q.w * q.z;
    const glm::vec3 c0 = glm::vec3(1.f - 2.f * (yy + zz), 2.f * (xy + wz), 2.f * (xz - wy)) * t.scale.x;
    const glm::vec3 c1 = glm::vec3(2.f * (xy - wz), 1.f - 2.f * (xx + zz), 2.f * (yz + wx)) * t.scale.y;
    const glm::vec3 c2 = glm::vec3(2.f * (xz + wy), 2.f * (yz - wx), 1.f - 2.f * (xx + yy)) * t.scale.z;
    const glm::vec3& c3 = t.translation;
    glm::mat4 m;
#if defined(__SSE2__)
    // The parent's columns as registers: the same products and sums, in glm's order.
    const __m128 p0 = _mm_loadu_ps(&p[0][0]), p1 = _mm_loadu_ps(&p[1][0]);
    const __m128 p2 = _mm_loadu_ps(&p[2][0]), p3 = _mm_loadu_ps(&p[3][0]);
    const auto column = [&](const glm::vec3& c) {
        return _mm_add_ps(_mm_add_ps(_mm_mul_ps(p0, _mm_set1_ps(c.x)), _mm_mul_ps(p1, _mm_set1_ps(c.y))),
                          _mm_mul_ps(p2, _mm_set1_ps(c.z)));
    };
    _mm_storeu_ps(&m[0][0], column(c0));
    _mm_storeu_ps(&m[1][0], column(c1));
    _mm_storeu_ps(&m[2][0], column(c2));
    _mm_storeu_ps(&m[3][0], _mm_add_ps(column(c3), p3));
#else
    m[0] = p[0] * c0.x + p[1] * c0.y + p[2] * c0.z;
    m[1] = p[0] * c1.x + p[1] * c1.y + p[2] * c1.z;
    m[2] = p[0] * c2.x + p[1] * c2.y + p[2] * c2.z;
    m[3] = p[0] * c3.x + p[1] * c3.y + p[2] * c3.z + p[3];
#endif
    return m;
}

} // namespace

MARROW_AVX2_CLONES bool LocalToWorldJob::run() const
{
    if (!sized(*this))
        return false;
    // validate()'s order check without its message: parent + 1 in [0, i]
    // (kNoParent is -1), one branch-free pass.
    bool unordered = false;
    for (std::size_t i = 0; i < parents.size(); ++i)
        unordered |= static_cast<std::uint32_t>(parents[i] + 1) > i;
    if (unordered)
        return false;
    const std::size_t n = parents.size();
    const bool blocks = !localBlocks.empty();
    if (math::hasAvx2Fma() && (blocks ? detail::localToWorldAvx2(parents.data(), localBlocks.data(), n, root, output.data())
                                      : detail::localToWorldAvx2(parents.data(), locals.data(), n, root, output.data())))
        return true;
    const JointIndex* __restrict par = parents.data();
    const math::Transform* __restrict loc = locals.data();
    glm::mat4* __restrict out = output.data();
    for (std::size_t i = 0; i < n; ++i) {
        const JointIndex p = par[i];
        const glm::mat4& parent = p == kNoParent ? root : out[static_cast<std::size_t>(p)];
        out[i] = timesLocal(parent, blocks ? jointOf(localBlocks, i) : loc[i]);
    }
    return true;
}

} // namespace marrow::anim
