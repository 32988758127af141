// SPDX-License-Identifier: MIT
#pragma once
// The pose blend's register arithmetic on eight joints, shared by its two
// AVX2 + FMA kernels: blend_poses_avx2.cpp (Transforms, transposed in and
// out) and blend_blocks_avx2.cpp (JointBlocks, read as they lie). Include it
// only under `#pragma GCC target("avx2,fma")`; one arithmetic, so the two
// kernels give the same bits. The includer brings in what is built as
// everywhere else (core/anim/clip.h, glm, the standard library) first.
#include "core/anim/clip.h"
#include "core/math/slerp_series_avx.h"

#include <cmath>

#include <immintrin.h>

namespace marrow::anim::detail {

// Eight joints' rotations as components across lanes (lane k is joint k).
struct Quats {
    __m256 c[4];
};

inline __m256 dot(const Quats& a, const Quats& b)
{
    // Two halves summed: a shorter chain than four fused steps in a row.
    return _mm256_add_ps(_mm256_fmadd_ps(a.c[1], b.c[1], _mm256_mul_ps(a.c[0], b.c[0])),
                         _mm256_fmadd_ps(a.c[3], b.c[3], _mm256_mul_ps(a.c[2], b.c[2])));
}

// All ones in lane k where bit k of `bits` is set.
inline __m256 laneMask(int bits)
{
    const __m256i bit = _mm256_setr_epi32(1, 2, 4, 8, 16, 32, 64, 128);
    return _mm256_castsi256_ps(_mm256_cmpeq_epi32(_mm256_and_si256(_mm256_set1_epi32(bits), bit), bit));
}

// A bit per joint of the eight whose mask byte is not zero.
inline int animatedBits(const ChannelMask* m)
{
    const __m128i bytes = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(m));
    return ~_mm_movemask_epi8(_mm_cmpeq_epi8(bytes, _mm_setzero_si128())) & 0xFF;
}

// The series' factors for each lane's weight w (b's share; a's is 1 - w).
struct Factors {
    math::SeriesFactors8 a, b;
    __m256 w;
    explicit Factors(__m256 weights)
        : a(_mm256_sub_ps(_mm256_set1_ps(1.f), weights))
        , b(weights)
        , w(weights)
    {
    }
};

// Eight weights clamped as clampWeight does (NaN and below 0 to 0, above 1 to 1).
inline __m256 clampWeights(__m256 x)
{
    return _mm256_and_ps(_mm256_cmp_ps(x, _mm256_setzero_ps(), _CMP_GT_OQ), _mm256_min_ps(x, _mm256_set1_ps(1.f)));
}

// The lanes in `both` slerped on the shortest arc by math::slerpShortestInline's
// series, normalised, into q; returns those it made: within 91 degrees and
// normalisable (the others are the caller's). Short chains of dependent
// operations: a group's latency is its cost.
[[gnu::always_inline]] inline int slerpLanes(const Quats& qa, const Quats& qb, int both, const Factors& f, Quats& q)
{
    // The shortest arc: b's weight takes the dot's sign (in a lane the series
    // makes, within 91 degrees, the dot is well away from zero).
    const __m256 dotAB = dot(qa, qb);
    const __m256 sign = _mm256_and_ps(dotAB, _mm256_set1_ps(-0.f));
    const __m256 d = _mm256_andnot_ps(_mm256_set1_ps(-0.f), dotAB);
    int fast = both & _mm256_movemask_ps(_mm256_cmp_ps(d, _mm256_set1_ps(0.7f), _CMP_GE_OQ));
    const __m256 x = _mm256_sub_ps(d, _mm256_set1_ps(1.f));
    // Each lane's own choice, never its group's: a joint within 18 degrees
    // takes 4 terms, any other 8, so its bits do not depend on which joints
    // share its group (a Transforms' last group overlaps the one before;
    // JointBlocks' groups are whole). Both are made only where a group mixes.
    const __m256 closeLanes = _mm256_cmp_ps(d, _mm256_set1_ps(0.95f), _CMP_GE_OQ);
    const int close = _mm256_movemask_ps(closeLanes) & fast;
    __m256 wa, wb;
    if (close == fast) {
        wa = math::sinRatio8<4>(f.a, x), wb = math::sinRatio8<4>(f.b, x);
    } else {
        wa = math::sinRatio8<8>(f.a, x), wb = math::sinRatio8<8>(f.b, x);
        if (close) {
            wa = _mm256_blendv_ps(wa, math::sinRatio8<4>(f.a, x), closeLanes);
            wb = _mm256_blendv_ps(wb, math::sinRatio8<4>(f.b, x), closeLanes);
        }
    }
    wb = _mm256_xor_ps(wb, sign);
    for (int c = 0; c < 4; ++c)
        q.c[c] = _mm256_fmadd_ps(wb, qb.c[c], _mm256_mul_ps(wa, qa.c[c]));
    const __m256 len2 = dot(q, q);
    fast &= _mm256_movemask_ps(_mm256_and_ps(_mm256_cmp_ps(len2, _mm256_set1_ps(1e-30f), _CMP_GT_OQ),
                                             _mm256_cmp_ps(len2, _mm256_set1_ps(INFINITY), _CMP_LT_OQ)));
    // Unit inputs slerp to within a few ulps of unit length, where 1 / sqrt(l)
    // is (3 - l) / 2 to float precision (the error is 3/8 (l - 1)^2);
    // anything further from unit takes the square root (lane by lane, as above).
    const __m256 nearUnit = _mm256_cmp_ps(_mm256_andnot_ps(_mm256_set1_ps(-0.f), _mm256_sub_ps(len2, _mm256_set1_ps(1.f))),
                                          _mm256_set1_ps(1e-4f), _CMP_LT_OQ);
    const int nearLanes = _mm256_movemask_ps(nearUnit) & fast;
    __m256 inv = _mm256_fnmadd_ps(len2, _mm256_set1_ps(0.5f), _mm256_set1_ps(1.5f));
    if (nearLanes != fast)
        inv = _mm256_blendv_ps(_mm256_div_ps(_mm256_set1_ps(1.f), _mm256_sqrt_ps(len2)), inv, nearUnit);
    for (__m256& c : q.c)
        c = _mm256_mul_ps(c, inv);
    return fast;
}

// The lanes in `lanes` of a and b over 91 degrees apart slerped as
// slerpShortestByHalves does, eight at once (along the half of the arc the
// weight falls in, between an end and the midpoint: at most 45 degrees of
// quaternion angle, within the series' reach), into r; returns those it
// made. Any other (not over 91 degrees apart, or inputs or result not of
// unit length) is the caller's, for slerpShortestByHalves itself. One square
// root: for unit a and b at cos c apart, |a + b| = sqrt(2 + 2c), and the
// midpoint is cos(c / 2) = |a + b| / 2 from a.
inline int slerpByHalves(const Quats& qa, Quats qb, int lanes, __m256 weight, Quats& r)
{
    const __m256 one = _mm256_set1_ps(1.f), half = _mm256_set1_ps(0.5f);
    __m256 apart = dot(qa, qb);
    const __m256 sign = _mm256_and_ps(_mm256_cmp_ps(apart, _mm256_setzero_ps(), _CMP_LT_OQ), _mm256_set1_ps(-0.f));
    for (__m256& c : qb.c)
        c = _mm256_xor_ps(c, sign);
    apart = _mm256_xor_ps(apart, sign);
    const __m256 sum = _mm256_sqrt_ps(_mm256_fmadd_ps(apart, _mm256_set1_ps(2.f), _mm256_set1_ps(2.f)));  // |a + b|
    const __m256 x = _mm256_fmsub_ps(sum, half, one);  // cos of the half's angle, minus 1
    // Lane by lane: the half each lane's weight falls in, and the weight within it.
    const __m256 firstHalf = _mm256_cmp_ps(weight, half, _CMP_LE_OQ);
    const __m256 twice = _mm256_add_ps(weight, weight);
    const __m256 t = _mm256_blendv_ps(_mm256_sub_ps(twice, one), twice, firstHalf);
    const __m256 wlo = math::sinRatio8<8>(math::SeriesFactors8(_mm256_sub_ps(one, t)), x);
    const __m256 whi = math::sinRatio8<8>(math::SeriesFactors8(t), x);
    // The midpoint's share folded into the weights: mid = (a + b) / |a + b|.
    const __m256 toMid = _mm256_div_ps(_mm256_blendv_ps(wlo, whi, firstHalf), sum);
    const __m256 wa = _mm256_blendv_ps(toMid, _mm256_add_ps(wlo, toMid), firstHalf);
    const __m256 wb = _mm256_blendv_ps(_mm256_add_ps(whi, toMid), toMid, firstHalf);
    for (int c = 0; c < 4; ++c)
        r.c[c] = _mm256_fmadd_ps(wb, qb.c[c], _mm256_mul_ps(wa, qa.c[c]));
    const __m256 len2 = dot(r, r);
    const __m256 inv = _mm256_mul_ps(_mm256_sub_ps(_mm256_set1_ps(3.f), len2), half);
    for (__m256& c : r.c)
        c = _mm256_mul_ps(c, inv);
    const auto nearUnit = [&](__m256 l2) {
        return _mm256_movemask_ps(_mm256_cmp_ps(_mm256_andnot_ps(_mm256_set1_ps(-0.f), _mm256_sub_ps(l2, one)),
                                                _mm256_set1_ps(1e-4f), _CMP_LT_OQ));
    };
    return lanes & nearUnit(dot(qa, qa)) & nearUnit(dot(qb, qb)) & nearUnit(len2) &
           _mm256_movemask_ps(_mm256_and_ps(_mm256_cmp_ps(apart, _mm256_setzero_ps(), _CMP_GE_OQ),
                                            _mm256_cmp_ps(apart, _mm256_set1_ps(0.7f), _CMP_LT_OQ)));
}

} // namespace marrow::anim::detail
