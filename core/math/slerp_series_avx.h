// SPDX-License-Identifier: MIT
#pragma once
// slerp_series_sse.h's series on eight lanes, for code built with AVX2 and
// FMA (a file under `#pragma GCC target("avx2,fma")` includes it there): the
// same coefficients, with the weight t folded into them, so the last
// multiply by t leaves the chain of dependent operations (the blend's cost is
// that chain's latency). Within float rounding of the SSE2 series; exactly t
// at cos(a) = 1.
#include <immintrin.h>

namespace marrow::math {

// p[i] = t times the series' i-th factor (p[0] = t).
struct SeriesFactors8 {
    __m256 p[9];

    explicit SeriesFactors8(__m256 t)
    {
        constexpr float kInv[9] = {0.f, 1.f / 3.f, 1.f / 10.f, 1.f / 21.f, 1.f / 36.f,
                                   1.f / 55.f, 1.f / 78.f, 1.f / 105.f, 1.f / 136.f};
        const __m256 t2 = _mm256_mul_ps(t, t);
        p[0] = t;
        for (int i = 1; i <= 8; ++i) {
            const __m256 c = _mm256_mul_ps(_mm256_sub_ps(t2, _mm256_set1_ps(static_cast<float>(i * i))),
                                           _mm256_set1_ps(kInv[i]));
            p[i] = _mm256_mul_ps(p[i - 1], c);
        }
    }
};

// sin(t a) / sin(a) from x = cos(a) - 1, N = 4 or 8 terms (sinRatio4's Estrin order).
template <int N>
inline __m256 sinRatio8(const SeriesFactors8& f, __m256 x)
{
    static_assert(N == 4 || N == 8);
    const __m256 x2 = _mm256_mul_ps(x, x);
    const __m256 a01 = _mm256_fmadd_ps(f.p[1], x, f.p[0]);
    const __m256 a23 = _mm256_fmadd_ps(f.p[3], x, f.p[2]);
    if constexpr (N == 4)
        return _mm256_fmadd_ps(x2, _mm256_fmadd_ps(x2, f.p[4], a23), a01);
    const __m256 x4 = _mm256_mul_ps(x2, x2);
    const __m256 a45 = _mm256_fmadd_ps(f.p[5], x, f.p[4]);
    const __m256 a67 = _mm256_fmadd_ps(f.p[7], x, f.p[6]);
    const __m256 lo = _mm256_fmadd_ps(x2, a23, a01);
    const __m256 hi = _mm256_fmadd_ps(x2, _mm256_fmadd_ps(x2, f.p[8], a67), a45);
    return _mm256_fmadd_ps(x4, hi, lo);
}

} // namespace marrow::math
