// SPDX-License-Identifier: MIT
// The pose blend's AVX2 + FMA kernel (GCC on x86-64). Only this file's own
// functions take the target; glm and the standard library come in first,
// built as everywhere else.
#include "core/anim/blend_poses_avx2.h"
#include "core/anim/blend_joint_inline.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>

#include <immintrin.h>

#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__)
#pragma GCC push_options
#pragma GCC target("avx2,fma")
#include "core/math/slerp_series_avx.h"

namespace marrow::anim::detail {

static_assert(sizeof(math::Transform) == 40 && offsetof(math::Transform, rotation) == 12,
              "the kernel reads eight Transforms as 80 floats");

namespace {

// Eight joints' rotations as components across lanes (lane k is joint k).
struct Quats {
    __m256 c[4];
};

// Joints past `count` repeat the last (a group at the end of the pose).
template <bool Full>
[[gnu::always_inline]] inline Quats loadQuats(const math::Transform* t, int count)
{
    const auto at = [&](int k) { return &t[Full ? k : std::min(k, count - 1)].rotation.x; };
    const auto pair = [&](int k) {  // joint k in the low half, joint k + 4 in the high
        return _mm256_insertf128_ps(_mm256_castps128_ps256(_mm_loadu_ps(at(k))), _mm_loadu_ps(at(k + 4)), 1);
    };
    const __m256 r0 = pair(0), r1 = pair(1), r2 = pair(2), r3 = pair(3);
    const __m256 t0 = _mm256_unpacklo_ps(r0, r1), t1 = _mm256_unpackhi_ps(r0, r1);
    const __m256 t2 = _mm256_unpacklo_ps(r2, r3), t3 = _mm256_unpackhi_ps(r2, r3);
    return {{_mm256_shuffle_ps(t0, t2, 0x44), _mm256_shuffle_ps(t0, t2, 0xEE), _mm256_shuffle_ps(t1, t3, 0x44),
             _mm256_shuffle_ps(t1, t3, 0xEE)}};
}

template <bool Full>
[[gnu::always_inline]] inline void storeQuats(const Quats& q, math::Transform* t, int count)
{
    const __m256 u0 = _mm256_unpacklo_ps(q.c[0], q.c[1]), u1 = _mm256_unpackhi_ps(q.c[0], q.c[1]);
    const __m256 u2 = _mm256_unpacklo_ps(q.c[2], q.c[3]), u3 = _mm256_unpackhi_ps(q.c[2], q.c[3]);
    const __m256 o[4] = {_mm256_shuffle_ps(u0, u2, 0x44), _mm256_shuffle_ps(u0, u2, 0xEE),
                         _mm256_shuffle_ps(u1, u3, 0x44), _mm256_shuffle_ps(u1, u3, 0xEE)};
    for (int k = 0; k < 4; ++k) {
        if (Full || k < count)
            _mm_storeu_ps(&t[k].rotation.x, _mm256_castps256_ps128(o[k]));
        if (Full || k + 4 < count)
            _mm_storeu_ps(&t[k + 4].rotation.x, _mm256_extractf128_ps(o[k], 1));
    }
}

__m256 dot(const Quats& a, const Quats& b)
{
    return _mm256_fmadd_ps(a.c[3], b.c[3],
                           _mm256_fmadd_ps(a.c[2], b.c[2], _mm256_fmadd_ps(a.c[1], b.c[1], _mm256_mul_ps(a.c[0], b.c[0]))));
}

// A bit per joint of the eight (or `count`) whose mask byte is not zero.
template <bool Full>
int animatedBits(const ChannelMask* m, int count)
{
    if constexpr (Full) {
        const __m128i bytes = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(m));
        return ~_mm_movemask_epi8(_mm_cmpeq_epi8(bytes, _mm_setzero_si128())) & 0xFF;
    }
    int bits = 0;
    for (int k = 0; k < count; ++k)
        bits |= m[k] ? 1 << k : 0;
    return bits;
}

// Translation and scale of the first `count` joints lerped four floats at a
// time: translation with the rotation's x after it, scale with its w before
// (the rotation is stored over them after).
// (A joint in `onlyA` or `onlyB` takes that side's values as they are.)
void lerpJoints(const math::Transform* a, const math::Transform* b, int count, int onlyA, int onlyB, __m128 w,
                math::Transform* out)
{
    for (int k = 0; k < count; ++k) {
        const __m128 ta = _mm_loadu_ps(&a[k].translation.x), sa = _mm_loadu_ps(&a[k].scale.x - 1);
        const __m128 tb = _mm_loadu_ps(&b[k].translation.x), sb = _mm_loadu_ps(&b[k].scale.x - 1);
        const bool fromA = onlyA & (1 << k), fromB = onlyB & (1 << k);
        _mm_storeu_ps(&out[k].translation.x, fromA ? ta : fromB ? tb : _mm_fmadd_ps(_mm_sub_ps(tb, ta), w, ta));
        _mm_storeu_ps(&out[k].scale.x - 1, fromA ? sa : fromB ? sb : _mm_fmadd_ps(_mm_sub_ps(sb, sa), w, sa));
    }
}

// All ones in lane k where bit k of `bits` is set.
__m256 laneMask(int bits)
{
    const __m256i bit = _mm256_setr_epi32(1, 2, 4, 8, 16, 32, 64, 128);
    return _mm256_castsi256_ps(_mm256_cmpeq_epi32(_mm256_and_si256(_mm256_set1_epi32(bits), bit), bit));
}

struct Factors {
    math::SeriesFactors8 a, b;
    float weight;
};

// One group of eight joints (the first `count` where not Full): the
// rotations of the joints animated in both are slerped in registers
// (math::slerpShortestInline's series), those animated in one taken from
// it; translations and scales are lerped or taken likewise (a full group as
// one stream of 80 floats); every joint the registers cannot do (in
// neither clip, over 91 degrees apart, or not normalisable) is made by
// blendJoint before anything is written, and written last, so an output
// aliasing a or b stays safe.
template <bool Full>
[[gnu::always_inline]] inline void blendGroup(const math::Transform* a, const math::Transform* b,
                                              const math::Transform* rest, const ChannelMask* inA,
                                              const ChannelMask* inB, int count, const Factors& f,
                                              math::Transform* out)
{
    const int bitsA = animatedBits<Full>(inA, count), bitsB = animatedBits<Full>(inB, count);
    const Quats qa = loadQuats<Full>(a, count);
    const Quats rawB = loadQuats<Full>(b, count);
    Quats qb = rawB;
    __m256 d = dot(qa, qb);
    const __m256 sign = _mm256_and_ps(_mm256_cmp_ps(d, _mm256_setzero_ps(), _CMP_LT_OQ), _mm256_set1_ps(-0.f));
    for (__m256& c : qb.c)
        c = _mm256_xor_ps(c, sign);
    d = _mm256_xor_ps(d, sign);
    int fast = bitsA & bitsB & _mm256_movemask_ps(_mm256_cmp_ps(d, _mm256_set1_ps(0.7f), _CMP_GE_OQ));
    const __m256 x = _mm256_sub_ps(d, _mm256_set1_ps(1.f));
    const bool close = (_mm256_movemask_ps(_mm256_cmp_ps(d, _mm256_set1_ps(0.95f), _CMP_GE_OQ)) & fast) == fast;
    const __m256 wa = close ? math::sinRatio8<4>(f.a, x) : math::sinRatio8<8>(f.a, x);
    const __m256 wb = close ? math::sinRatio8<4>(f.b, x) : math::sinRatio8<8>(f.b, x);
    Quats q;
    for (int c = 0; c < 4; ++c)
        q.c[c] = _mm256_fmadd_ps(wb, qb.c[c], _mm256_mul_ps(wa, qa.c[c]));
    const __m256 len2 = dot(q, q);
    fast &= _mm256_movemask_ps(_mm256_and_ps(_mm256_cmp_ps(len2, _mm256_set1_ps(1e-30f), _CMP_GT_OQ),
                                             _mm256_cmp_ps(len2, _mm256_set1_ps(INFINITY), _CMP_LT_OQ)));
    // Unit inputs slerp to within a few ulps of unit length, where 1 / sqrt(l)
    // is (3 - l) / 2 to float precision (the error is 3/8 (l - 1)^2);
    // anything further from unit takes the square root.
    const __m256 nearUnit = _mm256_cmp_ps(_mm256_andnot_ps(_mm256_set1_ps(-0.f), _mm256_sub_ps(len2, _mm256_set1_ps(1.f))),
                                          _mm256_set1_ps(1e-4f), _CMP_LT_OQ);
    const __m256 inv = (_mm256_movemask_ps(nearUnit) & fast) == fast
                           ? _mm256_mul_ps(_mm256_sub_ps(_mm256_set1_ps(3.f), len2), _mm256_set1_ps(0.5f))
                           : _mm256_div_ps(_mm256_set1_ps(1.f), _mm256_sqrt_ps(len2));
    for (__m256& c : q.c)
        c = _mm256_mul_ps(c, inv);
    // A joint animated in one clip takes that clip's value as it is.
    const int onlyA = bitsA & ~bitsB, onlyB = bitsB & ~bitsA;
    const __m256 takeA = laneMask(onlyA), takeB = laneMask(onlyB);
    if (onlyA | onlyB)
        for (int c = 0; c < 4; ++c)
            q.c[c] = _mm256_blendv_ps(_mm256_blendv_ps(q.c[c], qa.c[c], takeA), rawB.c[c], takeB);
    // The joints the registers do not make (in neither clip, or a blend the
    // series cannot take), made first (a and b still as given).
    const int slow = ~(fast | onlyA | onlyB) & (Full ? 0xFF : (1 << count) - 1);
    union Made {
        Made() {}  // left unset: only the slow joints' entries are written and read
        math::Transform t;
    } made[8];
    for (int left = slow; left; left &= left - 1) {
        const int k = __builtin_ctz(static_cast<unsigned>(left));
        made[k].t = blendJoint(a[k], b[k], rest[k], bitsA & (1 << k), bitsB & (1 << k), f.weight);
    }
    if constexpr (Full) {
        // A joint animated in one clip keeps that clip's translation and
        // scale: read before the stream writes over them, put back after.
        const int one = onlyA | onlyB;
        __m128 keep[8][2];
        for (int left = one; left; left &= left - 1) {
            const int k = __builtin_ctz(static_cast<unsigned>(left));
            const math::Transform& from = onlyA & (1 << k) ? a[k] : b[k];
            keep[k][0] = _mm_loadu_ps(&from.translation.x), keep[k][1] = _mm_loadu_ps(&from.scale.x - 1);
        }
        const __m256 w = _mm256_set1_ps(f.weight);
        const float *fa = &a->translation.x, *fb = &b->translation.x;
        float* fo = &out->translation.x;
        for (int k = 0; k < 80; k += 8) {
            const __m256 va = _mm256_loadu_ps(fa + k);
            _mm256_storeu_ps(fo + k, _mm256_fmadd_ps(_mm256_sub_ps(_mm256_loadu_ps(fb + k), va), w, va));
        }
        for (int left = one; left; left &= left - 1) {
            const int k = __builtin_ctz(static_cast<unsigned>(left));
            _mm_storeu_ps(&out[k].translation.x, keep[k][0]), _mm_storeu_ps(&out[k].scale.x - 1, keep[k][1]);
        }
    } else {
        lerpJoints(a, b, count, onlyA, onlyB, _mm_set1_ps(f.weight), out);
    }
    storeQuats<Full>(q, out, count);
    for (int left = slow; left; left &= left - 1) {
        const int k = __builtin_ctz(static_cast<unsigned>(left));
        out[k] = made[k].t;
    }
}

} // namespace

bool blendAllAvx2(const math::Transform* a, const math::Transform* b, const math::Transform* rest,
                  const ChannelMask* inA, const ChannelMask* inB, std::size_t n, float weight,
                  math::Transform* out)
{
    const Factors f{math::SeriesFactors8(_mm256_set1_ps(1.f - weight)), math::SeriesFactors8(_mm256_set1_ps(weight)),
                    weight};
    std::size_t i = 0;
    for (; i + 8 <= n; i += 8)
        blendGroup<true>(a + i, b + i, rest + i, inA + i, inB + i, 8, f, out + i);
    if (i < n)
        blendGroup<false>(a + i, b + i, rest + i, inA + i, inB + i, static_cast<int>(n - i), f, out + i);
    return true;
}

} // namespace marrow::anim::detail
#pragma GCC pop_options
#else
namespace marrow::anim::detail {

bool blendAllAvx2(const math::Transform*, const math::Transform*, const math::Transform*, const ChannelMask*,
                  const ChannelMask*, std::size_t, float, math::Transform*)
{
    return false;
}

} // namespace marrow::anim::detail
#endif
