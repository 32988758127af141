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

// The rotations of eight joints `stride` bytes apart (a Transform's, or a
// bare quaternion's).
template <std::size_t Stride>
[[gnu::always_inline]] inline Quats loadQuats(const float* first)
{
    const auto at = [&](int k) { return reinterpret_cast<const float*>(reinterpret_cast<const char*>(first) + k * Stride); };
    const auto pair = [&](int k) {  // joint k in the low half, joint k + 4 in the high
        return _mm256_insertf128_ps(_mm256_castps128_ps256(_mm_loadu_ps(at(k))), _mm_loadu_ps(at(k + 4)), 1);
    };
    const __m256 r0 = pair(0), r1 = pair(1), r2 = pair(2), r3 = pair(3);
    const __m256 t0 = _mm256_unpacklo_ps(r0, r1), t1 = _mm256_unpackhi_ps(r0, r1);
    const __m256 t2 = _mm256_unpacklo_ps(r2, r3), t3 = _mm256_unpackhi_ps(r2, r3);
    return {{_mm256_shuffle_ps(t0, t2, 0x44), _mm256_shuffle_ps(t0, t2, 0xEE), _mm256_shuffle_ps(t1, t3, 0x44),
             _mm256_shuffle_ps(t1, t3, 0xEE)}};
}

[[gnu::always_inline]] inline void storeQuats(const Quats& q, math::Transform* t)
{
    const __m256 u0 = _mm256_unpacklo_ps(q.c[0], q.c[1]), u1 = _mm256_unpackhi_ps(q.c[0], q.c[1]);
    const __m256 u2 = _mm256_unpacklo_ps(q.c[2], q.c[3]), u3 = _mm256_unpackhi_ps(q.c[2], q.c[3]);
    const __m256 o[4] = {_mm256_shuffle_ps(u0, u2, 0x44), _mm256_shuffle_ps(u0, u2, 0xEE),
                         _mm256_shuffle_ps(u1, u3, 0x44), _mm256_shuffle_ps(u1, u3, 0xEE)};
    for (int k = 0; k < 4; ++k) {
        _mm_storeu_ps(&t[k].rotation.x, _mm256_castps256_ps128(o[k]));
        _mm_storeu_ps(&t[k + 4].rotation.x, _mm256_extractf128_ps(o[k], 1));
    }
}

__m256 dot(const Quats& a, const Quats& b)
{
    // Two halves summed: a shorter chain than four fused steps in a row.
    return _mm256_add_ps(_mm256_fmadd_ps(a.c[1], b.c[1], _mm256_mul_ps(a.c[0], b.c[0])),
                         _mm256_fmadd_ps(a.c[3], b.c[3], _mm256_mul_ps(a.c[2], b.c[2])));
}

// A bit per joint of the eight whose mask byte is not zero.
int animatedBits(const ChannelMask* m)
{
    const __m128i bytes = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(m));
    return ~_mm_movemask_epi8(_mm_cmpeq_epi8(bytes, _mm_setzero_si128())) & 0xFF;
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

// Rotations the usual series cannot make, as read before any write, and
// where they go: written together after the pass (writeOddRotations).
struct OddJoints {
    static constexpr int kMax = 64;
    glm::quat a[kMax], b[kMax];
    std::size_t at[kMax];
    int count = 0;
};

// Eight odd joints' rotations (a8, b8: copies taken before the pass wrote
// anything, as an output may alias a or b; a lone joint is read where it is
// and spread across the lanes, without transposes), written to out[at[k]] for the
// lanes in `lanes`: those over 91 degrees apart slerped as
// slerpShortestByHalves does, eight at once (along the half of the arc the
// weight falls in, between an end and the midpoint: at most 45 degrees of
// quaternion angle, within the series' reach); any other, or one whose
// inputs or result are not of unit length, by slerpShortestByHalves itself.
// Out of line: the usual group never needs it, and inline its registers
// crowded the usual path's. One square root: for unit a and b at cos c
// apart, |a + b| = sqrt(2 + 2c), and the midpoint is cos(c / 2) = |a + b| / 2 from a.
[[gnu::noinline]] void writeOddRotations(const glm::quat* a8, const glm::quat* b8, const std::size_t* at, int lanes,
                                         const Factors& f, math::Transform* out)
{
    // One joint (the usual odd count): in every lane, without the transposes.
    const auto spread = [](const glm::quat& q) {
        return Quats{{_mm256_set1_ps(q.x), _mm256_set1_ps(q.y), _mm256_set1_ps(q.z), _mm256_set1_ps(q.w)}};
    };
    const Quats qa = lanes == 1 ? spread(a8[0]) : loadQuats<sizeof(glm::quat)>(&a8->x);
    Quats qb = lanes == 1 ? spread(b8[0]) : loadQuats<sizeof(glm::quat)>(&b8->x);
    const __m256 one = _mm256_set1_ps(1.f), half = _mm256_set1_ps(0.5f);
    __m256 apart = dot(qa, qb);
    const __m256 sign = _mm256_and_ps(_mm256_cmp_ps(apart, _mm256_setzero_ps(), _CMP_LT_OQ), _mm256_set1_ps(-0.f));
    for (__m256& c : qb.c)
        c = _mm256_xor_ps(c, sign);
    apart = _mm256_xor_ps(apart, sign);
    const __m256 sum = _mm256_sqrt_ps(_mm256_fmadd_ps(apart, _mm256_set1_ps(2.f), _mm256_set1_ps(2.f)));  // |a + b|
    const __m256 x = _mm256_fmsub_ps(sum, half, one);  // cos of the half's angle, minus 1
    const bool firstHalf = f.weight <= 0.5f;
    const float t = firstHalf ? 2.f * f.weight : 2.f * f.weight - 1.f;  // the weight within the half
    const __m256 wlo = math::sinRatio8<8>(math::SeriesFactors8(_mm256_set1_ps(1.f - t)), x);
    const __m256 whi = math::sinRatio8<8>(math::SeriesFactors8(_mm256_set1_ps(t)), x);
    // The midpoint's share folded into the weights: mid = (a + b) / |a + b|.
    const __m256 toMid = _mm256_div_ps(firstHalf ? whi : wlo, sum);
    const __m256 wa = firstHalf ? _mm256_add_ps(wlo, toMid) : toMid;
    const __m256 wb = firstHalf ? toMid : _mm256_add_ps(whi, toMid);
    Quats r;
    for (int c = 0; c < 4; ++c)
        r.c[c] = _mm256_fmadd_ps(wb, qb.c[c], _mm256_mul_ps(wa, qa.c[c]));
    const __m256 len2 = dot(r, r);
    const __m256 inv = _mm256_mul_ps(_mm256_sub_ps(_mm256_set1_ps(3.f), len2), half);
    const auto nearUnit = [&](__m256 l2) {
        return _mm256_movemask_ps(_mm256_cmp_ps(_mm256_andnot_ps(_mm256_set1_ps(-0.f), _mm256_sub_ps(l2, one)),
                                                _mm256_set1_ps(1e-4f), _CMP_LT_OQ));
    };
    const int byHalves = lanes & nearUnit(dot(qa, qa)) & nearUnit(dot(qb, qb)) & nearUnit(len2) &
                         _mm256_movemask_ps(_mm256_and_ps(_mm256_cmp_ps(apart, _mm256_setzero_ps(), _CMP_GE_OQ),
                                                          _mm256_cmp_ps(apart, _mm256_set1_ps(0.7f), _CMP_LT_OQ)));
    alignas(32) float made[4][8];
    for (int c = 0; c < 4; ++c)
        _mm256_store_ps(made[c], _mm256_mul_ps(r.c[c], inv));
    for (int left = lanes; left; left &= left - 1) {
        const int k = __builtin_ctz(static_cast<unsigned>(left));
        glm::quat& q = out[at[k]].rotation;
        if (byHalves & (1 << k))
            q.x = made[0][k], q.y = made[1][k], q.z = made[2][k], q.w = made[3][k];
        else
            q = slerpShortestByHalves(a8[k], b8[k], f.weight);
    }
}

// One group of eight joints: the rotations of the joints animated in both
// are slerped in registers (math::slerpShortestInline's series), those
// animated in one taken from it; translations and scales are lerped (one
// stream of 80 floats) or taken likewise. Written after them, from what was
// read before any write (so an output aliasing a or b stays safe): the
// rotations the series cannot make (writeOddRotations, after the pass), and
// rest for joints in neither clip.
[[gnu::always_inline]] inline void blendGroup(const math::Transform* a, const math::Transform* b,
                                              const math::Transform* rest, const ChannelMask* inA,
                                              const ChannelMask* inB, const Factors& f, math::Transform* out,
                                              std::size_t first, OddJoints& odds)
{
    const int bitsA = animatedBits(inA), bitsB = animatedBits(inB);
    const Quats qa = loadQuats<sizeof(math::Transform)>(&a->rotation.x);
    const Quats qb = loadQuats<sizeof(math::Transform)>(&b->rotation.x);
    // The shortest arc: b's weight takes the dot's sign (in a lane the series
    // makes, within 91 degrees, the dot is well away from zero). Short chains
    // of dependent operations: the group's latency is its cost.
    const __m256 dotAB = dot(qa, qb);
    const __m256 sign = _mm256_and_ps(dotAB, _mm256_set1_ps(-0.f));
    const __m256 d = _mm256_andnot_ps(_mm256_set1_ps(-0.f), dotAB);
    int fast = bitsA & bitsB & _mm256_movemask_ps(_mm256_cmp_ps(d, _mm256_set1_ps(0.7f), _CMP_GE_OQ));
    const __m256 x = _mm256_sub_ps(d, _mm256_set1_ps(1.f));
    const bool close = (_mm256_movemask_ps(_mm256_cmp_ps(d, _mm256_set1_ps(0.95f), _CMP_GE_OQ)) & fast) == fast;
    const __m256 wa = close ? math::sinRatio8<4>(f.a, x) : math::sinRatio8<8>(f.a, x);
    const __m256 wb = _mm256_xor_ps(close ? math::sinRatio8<4>(f.b, x) : math::sinRatio8<8>(f.b, x), sign);
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
                           ? _mm256_fnmadd_ps(len2, _mm256_set1_ps(0.5f), _mm256_set1_ps(1.5f))
                           : _mm256_div_ps(_mm256_set1_ps(1.f), _mm256_sqrt_ps(len2));
    for (__m256& c : q.c)
        c = _mm256_mul_ps(c, inv);
    // A joint animated in one clip takes that clip's value as it is.
    const int onlyA = bitsA & ~bitsB, onlyB = bitsB & ~bitsA;
    if (onlyA | onlyB) {
        const __m256 take = laneMask(onlyA | onlyB), takeB = laneMask(onlyB);
        for (int c = 0; c < 4; ++c)
            q.c[c] = _mm256_blendv_ps(q.c[c], _mm256_blendv_ps(qa.c[c], qb.c[c], takeB), take);
    }
    // Joints in both the series did not make (over 91 degrees apart, or not
    // normalisable): their rotations kept as given, written last.
    const int odd = bitsA & bitsB & ~fast;
    for (int left = odd; left; left &= left - 1) {
        const int k = __builtin_ctz(static_cast<unsigned>(left));
        odds.a[odds.count] = a[k].rotation, odds.b[odds.count] = b[k].rotation;
        odds.at[odds.count++] = first + static_cast<std::size_t>(k);
    }
    const int neither = ~(bitsA | bitsB) & 0xFF;  // rest, copied last
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
    storeQuats(q, out);
    for (int left = neither; left; left &= left - 1) {
        const int k = __builtin_ctz(static_cast<unsigned>(left));
        out[k] = rest[k];
    }
}

} // namespace

bool blendAllAvx2(const math::Transform* a, const math::Transform* b, const math::Transform* rest,
                  const ChannelMask* inA, const ChannelMask* inB, std::size_t n, float weight,
                  math::Transform* out)
{
    const Factors f{math::SeriesFactors8(_mm256_set1_ps(1.f - weight)), math::SeriesFactors8(_mm256_set1_ps(weight)),
                    weight};
    // The odd joints' rotations, eight at a time (a lane past the last
    // repeats it), over what the groups wrote there.
    OddJoints odds;
    math::Transform* pose = out;
    const auto writeOdds = [&] {
        for (int i = 0; i < odds.count; i += 8) {
            const int lanes = std::min(8, odds.count - i);
            // Read in place where eight are there, or one spreads across the
            // lanes; otherwise padded copies (a lane past the last repeats it).
            if (lanes == 1 || lanes == 8) {
                writeOddRotations(&odds.a[i], &odds.b[i], &odds.at[i], (1 << lanes) - 1, f, pose);
                continue;
            }
            glm::quat a8[8], b8[8];
            std::size_t at[8];
            for (int k = 0; k < 8; ++k) {
                const int j = i + std::min(k, lanes - 1);
                a8[k] = odds.a[j], b8[k] = odds.b[j], at[k] = odds.at[j];
            }
            writeOddRotations(a8, b8, at, (1 << lanes) - 1, f, pose);
        }
        odds.count = 0;
    };
    union Scratch {
        Scratch() {}  // left unset: written before it is read
        math::Transform t[8];
    } last;
    if (n == 0)
        return true;
    // Under eight joints: padded to a group (a joint past the last repeats
    // it), in copies, blended into scratch and copied out.
    union Padded {
        Padded() {}
        math::Transform t[8];
    } pa, pb, pr;
    ChannelMask ma[8], mb[8];
    math::Transform* const target = out;
    const std::size_t count = n;
    if (n < 8) {
        for (std::size_t k = 0; k < 8; ++k) {
            const std::size_t j = std::min(k, n - 1);
            pa.t[k] = a[j], pb.t[k] = b[j], pr.t[k] = rest[j], ma[k] = inA[j], mb[k] = inB[j];
        }
        a = pa.t, b = pb.t, rest = pr.t, inA = ma, inB = mb, out = pose = last.t, n = 8;
    }
    // The joints past the last whole group: a group ending at the last joint,
    // sharing joints with the group before (they come out the same again).
    // Where the output aliases a or b it goes first, into scratch (its odd
    // joints too), while a and b are as given, and its last joints are
    // copied out at the end. One call site: inlined once.
    const std::size_t whole = n / 8 * 8;
    const auto apart = [&](const math::Transform* p) { return out + n <= p || p + n <= out; };
    const bool scratchFirst = whole < n && !(apart(a) && apart(b));
    const std::size_t groups = whole / 8 + (whole < n ? 1 : 0);
    for (std::size_t g = 0; g < groups; ++g) {
        const bool toScratch = scratchFirst && g == 0;
        const std::size_t i = toScratch ? n - 8 : std::min((scratchFirst ? g - 1 : g) * 8, n - 8);
        if (odds.count > OddJoints::kMax - 8)
            writeOdds();
        blendGroup(a + i, b + i, rest + i, inA + i, inB + i, f, toScratch ? last.t : out + i, toScratch ? 0 : i, odds);
        if (toScratch) {
            pose = last.t;
            writeOdds();
            pose = out;
        }
    }
    writeOdds();
    if (scratchFirst)
        std::copy(last.t + (whole - (n - 8)), last.t + 8, out + whole);
    if (count < 8)
        std::copy(last.t, last.t + count, target);
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
