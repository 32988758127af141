// SPDX-License-Identifier: MIT
#include "core/mesh/cpu_skinning_job.h"
#include "core/mesh/skin_linear_simd.h"
#include "core/mesh/skin_weights.h"

#include <algorithm>
#include <cmath>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace marrow::mesh {

std::optional<std::string> CpuSkinningJob::validate() const
{
    const std::size_t n = positions.size();
    if (stride != 4 && stride != 8)
        return "stride must be 4 or 8";
    if (joints.size() != n * static_cast<std::size_t>(stride) || weights.size() != joints.size())
        return "joints and weights must hold stride entries per vertex";
    if (outPositions.size() != n)
        return "outPositions must have one entry per vertex";
    if (!normals.empty() && (normals.size() != n || outNormals.size() != n))
        return "normals and outNormals must both have one entry per vertex";
    if (normals.empty() && !outNormals.empty())
        return "outNormals given without normals";
    if (method == SkinningMethod::Linear && palette.empty() && n > 0)
        return "linear blend skinning needs a palette";
    if (method == SkinningMethod::DualQuaternion && dualQuats.empty() && n > 0)
        return "dual-quaternion skinning needs dualQuats";
    return std::nullopt;
}

namespace {

// Column-major 3x4 affine accumulator; the plain float loops vectorise well.
struct Affine {
    float c[4][4];
};

// The unit normal under an affine map's 3x3, as skinLinear computes it inline:
// the cofactor matrix times n (det * M^-T n, so non-uniform scale keeps
// normals normal), flipped when the determinant is negative; n itself when
// the map flattens it to nothing.
glm::vec3 cofactorNormal(const Affine& m, const glm::vec3& nn)
{
    const glm::vec3 c0(m.c[0][0], m.c[0][1], m.c[0][2]);
    const glm::vec3 c1(m.c[1][0], m.c[1][1], m.c[1][2]);
    const glm::vec3 c2(m.c[2][0], m.c[2][1], m.c[2][2]);
    const glm::vec3 x12 = glm::cross(c1, c2);
    glm::vec3 t = nn.x * x12 + nn.y * glm::cross(c2, c0) + nn.z * glm::cross(c0, c1);
    if (glm::dot(c0, x12) < 0.f)
        t = -t;
    const float len2 = glm::dot(t, t);
    return len2 > 0.f ? t / std::sqrt(len2) : nn;
}

#if defined(__SSE2__)
template <int K, bool WithNormals>
void skinLinear(const CpuSkinningJob& job)
{
    const detail::LinearStreams s{job.positions.data(), job.normals.data(), job.joints.data(), job.weights.data(),
                                  &job.palette.data()[0][0][0], static_cast<std::uint16_t>(job.palette.size() - 1),
                                  job.outPositions.data(), job.outNormals.data()};
    detail::skinLinearSimd(s, job.positions.size(), K, WithNormals, job.palette);
}
#else
template <int K, bool WithNormals>
void skinLinear(const CpuSkinningJob& job)
{
    const std::size_t n = job.positions.size();
    const std::uint16_t last = static_cast<std::uint16_t>(job.palette.size() - 1);
    const glm::mat4* pal = job.palette.data();
    for (std::size_t v = 0; v < n; ++v) {
        const std::uint16_t* j = job.joints.data() + v * K;
        const float* w = job.weights.data() + v * K;
        Affine m{};
        float sum = 0.f;
        for (int k = 0; k < K; ++k) {
            const float wk = w[k];
            if (wk == 0.f)
                break;  // rows are sorted: the rest is padding
            sum += wk;
            const glm::mat4& p = pal[std::min(j[k], last)];
            for (int col = 0; col < 4; ++col)
                for (int r = 0; r < 4; ++r)
                    m.c[col][r] += wk * p[col][r];
        }
        // A row that does not sum to 1 (Auto-Normalize off) deforms as if
        // divided by its sum, as skinned_mesh.vert does; rows summing to 1
        // stay bit for bit.
        if (sum > 0.f && std::fabs(sum - 1.f) > kUnnormalisedRow)
            for (int col = 0; col < 4; ++col)
                for (int r = 0; r < 4; ++r)
                    m.c[col][r] /= sum;
        const glm::vec3 x = job.positions[v];
        job.outPositions[v] = glm::vec3(m.c[0][0] * x.x + m.c[1][0] * x.y + m.c[2][0] * x.z + m.c[3][0],
                                        m.c[0][1] * x.x + m.c[1][1] * x.y + m.c[2][1] * x.z + m.c[3][1],
                                        m.c[0][2] * x.x + m.c[1][2] * x.y + m.c[2][2] * x.z + m.c[3][2]);
        if constexpr (WithNormals) {
            const glm::vec3 c0(m.c[0][0], m.c[0][1], m.c[0][2]);
            const glm::vec3 c1(m.c[1][0], m.c[1][1], m.c[1][2]);
            const glm::vec3 c2(m.c[2][0], m.c[2][1], m.c[2][2]);
            const glm::vec3 nn = job.normals[v];
            // Cofactor matrix times n: det * M^-T n, so non-uniform scale keeps normals normal.
            const glm::vec3 x12 = glm::cross(c1, c2);
            glm::vec3 t = nn.x * x12 + nn.y * glm::cross(c2, c0) + nn.z * glm::cross(c0, c1);
            if (glm::dot(c0, x12) < 0.f)
                t = -t;
            const float len2 = glm::dot(t, t);
            job.outNormals[v] = len2 > 0.f ? t / std::sqrt(len2) : nn;
        }
    }
}
#endif

// True when some joint carries scale or shear; rigid rigs then skip the
// scale blend (splitSkinningMatrix stores an exact identity for them).
bool anyScale(std::span<const math::ScaledDualQuat> dqs)
{
    const glm::mat4 identity(1.f);
    return std::any_of(dqs.begin(), dqs.end(), [&](const math::ScaledDualQuat& q) { return q.scale != identity; });
}

template <int K, bool WithNormals, bool WithScale>
void skinDualQuat(const CpuSkinningJob& job)
{
    const std::size_t n = job.positions.size();
    const std::uint16_t last = static_cast<std::uint16_t>(job.dualQuats.size() - 1);
    const math::ScaledDualQuat* dqs = job.dualQuats.data();
    for (std::size_t v = 0; v < n; ++v) {
        const std::uint16_t* j = job.joints.data() + v * K;
        const float* w = job.weights.data() + v * K;
        const glm::quat heaviest = dqs[std::min(j[0], last)].rigid.real;
        float r[4] = {0, 0, 0, 0}, d[4] = {0, 0, 0, 0};
        Affine s{};
        float weightSum = 0.f;
        for (int k = 0; k < K; ++k) {
            const float wk = w[k];
            if (wk == 0.f)
                break;
            const math::ScaledDualQuat& q = dqs[std::min(j[k], last)];
            if constexpr (WithScale) {
                // Scale and shear blend linearly, like LBS's matrices.
                weightSum += wk;
                for (int col = 0; col < 4; ++col)
                    for (int row = 0; row < 3; ++row)
                        s.c[col][row] += wk * q.scale[col][row];
            }
            // Sign-align with the heaviest influence so the blend takes the short way.
            const float wq = glm::dot(q.rigid.real, heaviest) < 0.f ? -wk : wk;
            r[0] += wq * q.rigid.real.x; r[1] += wq * q.rigid.real.y; r[2] += wq * q.rigid.real.z; r[3] += wq * q.rigid.real.w;
            d[0] += wq * q.rigid.dual.x; d[1] += wq * q.rigid.dual.y; d[2] += wq * q.rigid.dual.z; d[3] += wq * q.rigid.dual.w;
        }
        glm::vec3 p = job.positions[v];
        glm::vec3 nn = WithNormals ? job.normals[v] : glm::vec3(0.f);
        if constexpr (WithScale) {
            if (weightSum > 0.f) {
                // Divided by the weight sum, as the rigid part is by its norm, so
                // rows that do not sum to 1 still get the whole transform.
                const float inv = 1.f / weightSum;
                p = inv * glm::vec3(s.c[0][0] * p.x + s.c[1][0] * p.y + s.c[2][0] * p.z + s.c[3][0],
                                    s.c[0][1] * p.x + s.c[1][1] * p.y + s.c[2][1] * p.z + s.c[3][1],
                                    s.c[0][2] * p.x + s.c[1][2] * p.y + s.c[2][2] * p.z + s.c[3][2]);
                if constexpr (WithNormals)
                    nn = cofactorNormal(s, nn);
            }
        }
        const float len2 = r[0] * r[0] + r[1] * r[1] + r[2] * r[2] + r[3] * r[3];
        const float inv = len2 > 0.f ? 1.f / std::sqrt(len2) : 0.f;
        const glm::vec3 rv(r[0] * inv, r[1] * inv, r[2] * inv);
        const float rw = r[3] * inv;
        const glm::vec3 dv(d[0] * inv, d[1] * inv, d[2] * inv);
        const float dw = d[3] * inv;
        const glm::vec3 trans = 2.f * (rw * dv - dw * rv + glm::cross(rv, dv));
        job.outPositions[v] = p + 2.f * glm::cross(rv, glm::cross(rv, p) + rw * p) + trans;
        if constexpr (WithNormals)
            job.outNormals[v] = nn + 2.f * glm::cross(rv, glm::cross(rv, nn) + rw * nn);
    }
}

} // namespace

bool CpuSkinningJob::run() const
{
    if (validate())
        return false;
    if (positions.empty())
        return true;
    const bool withNormals = !normals.empty();
    if (method == SkinningMethod::Linear) {
        if (stride == 4)
            withNormals ? skinLinear<4, true>(*this) : skinLinear<4, false>(*this);
        else
            withNormals ? skinLinear<8, true>(*this) : skinLinear<8, false>(*this);
    } else {
        const bool scaled = anyScale(dualQuats);
        if (stride == 4) {
            if (scaled)
                withNormals ? skinDualQuat<4, true, true>(*this) : skinDualQuat<4, false, true>(*this);
            else
                withNormals ? skinDualQuat<4, true, false>(*this) : skinDualQuat<4, false, false>(*this);
        } else {
            if (scaled)
                withNormals ? skinDualQuat<8, true, true>(*this) : skinDualQuat<8, false, true>(*this);
            else
                withNormals ? skinDualQuat<8, true, false>(*this) : skinDualQuat<8, false, false>(*this);
        }
    }
    return true;
}

} // namespace marrow::mesh
