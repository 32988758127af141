// SPDX-License-Identifier: MIT
#include "core/anim/skinning_palette_job.h"
#include "core/anim/skinning_palette_avx2.h"
#include "core/math/cpu_features.h"
#include "core/math/avx2_clones.h"

#include <type_traits>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace marrow::anim {

std::optional<std::string> SkinningPaletteJob::validate() const
{
    if (inverseBind.size() != joints.size() || palette.size() != joints.size())
        return "joints, inverseBind and palette must have one entry per skin joint";
    if (!dualQuats.empty() && dualQuats.size() != joints.size())
        return "dualQuats must be empty or one per skin joint";
    for (JointIndex j : joints)
        if (j < 0 || static_cast<std::size_t>(j) >= worlds.size())
            return "skin joint " + std::to_string(j) + " is out of range";
    return std::nullopt;
}

namespace {

// a * b as glm's operator* computes it (each column of the result the sum of
// a's columns times b's column, added left to right: the same bits), with a
// column in one SSE2 register where there is one. Written out because
// -march=native made GCC's own vectorisation of glm's loop 3.5x slower.
[[gnu::always_inline]] inline glm::mat4 times(const glm::mat4& a, const glm::mat4& b)
{
#if defined(__SSE2__)
    const __m128 a0 = _mm_loadu_ps(&a[0][0]), a1 = _mm_loadu_ps(&a[1][0]);
    const __m128 a2 = _mm_loadu_ps(&a[2][0]), a3 = _mm_loadu_ps(&a[3][0]);
    glm::mat4 r;
    for (int c = 0; c < 4; ++c) {
        // b's column in one load, its entries spread by shuffles (not four loads and four shuffles).
        const __m128 bc = _mm_loadu_ps(&b[c][0]);
        const __m128 v = _mm_add_ps(
            _mm_add_ps(_mm_add_ps(_mm_mul_ps(a0, _mm_shuffle_ps(bc, bc, _MM_SHUFFLE(0, 0, 0, 0))),
                                  _mm_mul_ps(a1, _mm_shuffle_ps(bc, bc, _MM_SHUFFLE(1, 1, 1, 1)))),
                       _mm_mul_ps(a2, _mm_shuffle_ps(bc, bc, _MM_SHUFFLE(2, 2, 2, 2)))),
            _mm_mul_ps(a3, _mm_shuffle_ps(bc, bc, _MM_SHUFFLE(3, 3, 3, 3))));
        _mm_storeu_ps(&r[c][0], v);
    }
    return r;
#else
    return a * b;
#endif
}

} // namespace

MARROW_AVX2_CLONES bool SkinningPaletteJob::run() const
{
    // validate()'s checks without building its message: one branch-free pass (a negative joint wraps high).
    if (inverseBind.size() != joints.size() || palette.size() != joints.size() ||
        (!dualQuats.empty() && dualQuats.size() != joints.size()))
        return false;
    bool outside = false;
    for (const JointIndex j : joints)
        outside |= static_cast<std::make_unsigned_t<JointIndex>>(j) >= worlds.size();
    if (outside)
        return false;
    if (dualQuats.empty() && math::hasAvx2Fma() &&
        detail::paletteAvx2(worlds.data(), joints.data(), inverseBind.data(), joints.size(), palette.data()))
        return true;
    for (std::size_t k = 0; k < joints.size(); ++k) {
        palette[k] = times(worlds[static_cast<std::size_t>(joints[k])], inverseBind[k]);
        if (!dualQuats.empty())
            dualQuats[k] = math::splitSkinningMatrix(palette[k], math::bindPivot(inverseBind[k]));
    }
    return true;
}

} // namespace marrow::anim
