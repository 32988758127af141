// SPDX-License-Identifier: MIT
// The LBS kernel for any x86-64 (SSE2), and the choice between it and the
// AVX2 build (skin_linear_avx2.cpp), made once per process.
#include "core/mesh/skin_linear_simd.h"
#include "core/math/cpu_features.h"

#include <algorithm>
#include <cmath>

#if defined(__SSE2__)
#define MARROW_SKIN_FMA 0
#include "core/mesh/skin_linear_kernel.h"
#endif

namespace marrow::mesh {

namespace {

// Columns a and b orthogonal and of one length, within 1e-4 of their squared length.
bool orthogonalAlike(const glm::vec3& a, const glm::vec3& b, float len2)
{
    return std::fabs(glm::dot(a, b)) <= 1e-4f * len2 && std::fabs(glm::dot(b, b) - len2) <= 1e-4f * len2;
}

} // namespace

bool conformalPalette(std::span<const glm::mat4> palette)
{
    return std::all_of(palette.begin(), palette.end(), [](const glm::mat4& m) {
        const glm::vec3 c0(m[0]), c1(m[1]), c2(m[2]);
        const float len2 = glm::dot(c0, c0);
        return len2 > 0.f && std::isfinite(len2) && orthogonalAlike(c0, c1, len2) && orthogonalAlike(c0, c2, len2) &&
               std::fabs(glm::dot(c1, c2)) <= 1e-4f * len2;
    });
}

#if defined(__SSE2__)
namespace detail {

void skinLinearSse2(const LinearStreams& s, std::size_t n, int stride, bool withNormals, bool conformal)
{
    skinLinearKernel(s, n, stride, withNormals, conformal);
}

void skinLinearSimd(const LinearStreams& s, std::size_t n, int stride, bool withNormals,
                    std::span<const glm::mat4> palette)
{
    if (n == 0)
        return;
    const bool conformal = !withNormals || conformalPalette(palette);
    if (!(math::hasAvx2Fma() && skinLinearAvx2(s, n, stride, withNormals, conformal)))
        skinLinearSse2(s, n, stride, withNormals, conformal);
}

} // namespace detail
#endif

} // namespace marrow::mesh
