// SPDX-License-Identifier: MIT
#pragma once
// math::slerpShortestInline's series (rotation_inline.h) on four lanes
// (SSE2), shared by the pose blend and the compiled-clip sampler: the same
// products in the same order, so the same bits.
#if defined(__SSE2__)
#include <emmintrin.h>

namespace marrow::math {

// The series' factors (t^2 - i^2) / (i (2i + 1)) for i = 1..8, per lane:
// they depend on t only, so a blend at one weight makes them once.
struct SeriesFactors {
    __m128 t, c[9];

    explicit SeriesFactors(__m128 weight)
        : t(weight)
    {
        constexpr float kInv[9] = {0.f, 1.f / 3.f, 1.f / 10.f, 1.f / 21.f, 1.f / 36.f,
                                   1.f / 55.f, 1.f / 78.f, 1.f / 105.f, 1.f / 136.f};
        const __m128 t2 = _mm_mul_ps(t, t);
        for (int i = 1; i <= 8; ++i)
            c[i] = _mm_mul_ps(_mm_sub_ps(t2, _mm_set1_ps(static_cast<float>(i * i))), _mm_set1_ps(kInv[i]));
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

// sin(t a) / sin(a) from cos(a) - 1, N terms (detail::sinRatio<N> on four lanes).
template <int N>
inline __m128 sinRatio4(const SeriesFactors& f, __m128 xMinus1)
{
    const __m128 one = _mm_set1_ps(1.f);
    __m128 acc = one;
    for (int i = N; i >= 1; --i)
        acc = _mm_add_ps(one, _mm_mul_ps(_mm_mul_ps(f.c[i], xMinus1), acc));
    return _mm_mul_ps(f.t, acc);
}

} // namespace marrow::math
#endif
