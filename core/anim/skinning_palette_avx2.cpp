// SPDX-License-Identifier: MIT
// SkinningPaletteJob's AVX2 + FMA kernel (GCC on x86-64): two columns of a
// product at once, the left matrix's columns in both halves of a register
// and the right one's entries spread within each half. Only this file's
// functions take the target.
#include "core/anim/skinning_palette_avx2.h"

#include <immintrin.h>

#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__)
#pragma GCC push_options
#pragma GCC target("avx2,fma")

namespace marrow::anim::detail {

bool paletteAvx2(const glm::mat4* worlds, const JointIndex* joints, const glm::mat4* inverseBind, std::size_t n,
                 glm::mat4* palette)
{
    for (std::size_t k = 0; k < n; ++k) {
        const float* a = &worlds[static_cast<std::size_t>(joints[k])][0][0];
        const float* b = &inverseBind[k][0][0];
        float* r = &palette[k][0][0];
        const __m256 a0 = _mm256_broadcast_ps(reinterpret_cast<const __m128*>(a));
        const __m256 a1 = _mm256_broadcast_ps(reinterpret_cast<const __m128*>(a + 4));
        const __m256 a2 = _mm256_broadcast_ps(reinterpret_cast<const __m128*>(a + 8));
        const __m256 a3 = _mm256_broadcast_ps(reinterpret_cast<const __m128*>(a + 12));
        for (int c = 0; c < 16; c += 8) {  // columns 0 and 1, then 2 and 3
            const __m256 bc = _mm256_loadu_ps(b + c);
            const __m256 v = _mm256_fmadd_ps(
                a3, _mm256_permute_ps(bc, 0xFF),
                _mm256_fmadd_ps(a2, _mm256_permute_ps(bc, 0xAA),
                                _mm256_fmadd_ps(a1, _mm256_permute_ps(bc, 0x55), _mm256_mul_ps(a0, _mm256_permute_ps(bc, 0x00)))));
            _mm256_storeu_ps(r + c, v);
        }
    }
    return true;
}

} // namespace marrow::anim::detail
#pragma GCC pop_options
#else
namespace marrow::anim::detail {

bool paletteAvx2(const glm::mat4*, const JointIndex*, const glm::mat4*, std::size_t, glm::mat4*)
{
    return false;
}

} // namespace marrow::anim::detail
#endif
