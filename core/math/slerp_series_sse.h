// SPDX-License-Identifier: MIT
#pragma once
// math::slerpShortestInline's series (rotation_inline.h) on four lanes
// (SSE2), shared by the pose blend and the compiled-clip sampler: the same
// products in the same order, so the same bits.
#if defined(__SSE2__)
#include <emmintrin.h>

namespace marrow::math {

// The series' polynomial coefficients in x - 1 per lane (detail::seriesPowers):
// they depend on t only, so a blend at one weight makes them once.
struct SeriesFactors {
    __m128 t, p[9];

    explicit SeriesFactors(__m128 weight)
        : t(weight)
    {
        constexpr float kInv[9] = {0.f, 1.f / 3.f, 1.f / 10.f, 1.f / 21.f, 1.f / 36.f,
                                   1.f / 55.f, 1.f / 78.f, 1.f / 105.f, 1.f / 136.f};
        const __m128 t2 = _mm_mul_ps(t, t);
        p[0] = _mm_set1_ps(1.f);
        for (int i = 1; i <= 8; ++i) {
            const __m128 c = _mm_mul_ps(_mm_sub_ps(t2, _mm_set1_ps(static_cast<float>(i * i))), _mm_set1_ps(kInv[i]));
            p[i] = i == 1 ? c : _mm_mul_ps(p[i - 1], c);
        }
    }
};

// The two ends' factors: for 1 - t (the weight of a) and for t (of b).
struct SlerpFactors {
    SeriesFactors a, b;
    explicit SlerpFactors(__m128 t)
        : a(_mm_sub_ps(_mm_set1_ps(1.f), t))
        , b(t)
    {
    }
};

// sin(t a) / sin(a) from x = cos(a) - 1, N = 4 or 8 terms, evaluated in
// Estrin's order (detail::sinRatio on four lanes, the same operations).
template <int N>
inline __m128 sinRatio4(const SeriesFactors& f, __m128 x)
{
    static_assert(N == 4 || N == 8);
    const __m128 one = _mm_set1_ps(1.f);
    const __m128 x2 = _mm_mul_ps(x, x);
    const __m128 a01 = _mm_add_ps(one, _mm_mul_ps(f.p[1], x));
    const __m128 a23 = _mm_add_ps(f.p[2], _mm_mul_ps(f.p[3], x));
    if constexpr (N == 4)
        return _mm_mul_ps(f.t, _mm_add_ps(a01, _mm_mul_ps(x2, _mm_add_ps(a23, _mm_mul_ps(x2, f.p[4])))));
    const __m128 x4 = _mm_mul_ps(x2, x2);
    const __m128 a45 = _mm_add_ps(f.p[4], _mm_mul_ps(f.p[5], x));
    const __m128 a67 = _mm_add_ps(f.p[6], _mm_mul_ps(f.p[7], x));
    const __m128 lo = _mm_add_ps(a01, _mm_mul_ps(x2, a23));
    const __m128 hi = _mm_add_ps(a45, _mm_mul_ps(x2, _mm_add_ps(a67, _mm_mul_ps(x2, f.p[8]))));
    return _mm_mul_ps(f.t, _mm_add_ps(lo, _mm_mul_ps(x4, hi)));
}

} // namespace marrow::math
#endif
