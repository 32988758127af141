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
#include "core/anim/blend_lanes_avx2.h"

namespace marrow::anim::detail {

static_assert(sizeof(math::Transform) == 40 && offsetof(math::Transform, rotation) == 12,
              "the kernel reads eight Transforms as 80 floats");

namespace {

// The rotations of eight Transforms, as components across lanes.
[[gnu::always_inline]] inline Quats loadQuats(const math::Transform* t)
{
    const auto pair = [&](int k) {  // joint k in the low half, joint k + 4 in the high
        return _mm256_insertf128_ps(_mm256_castps128_ps256(_mm_loadu_ps(&t[k].rotation.x)),
                                    _mm_loadu_ps(&t[k + 4].rotation.x), 1);
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

// One group of eight joints: the rotations of the joints animated in both
// are slerped in registers (math::slerpShortestInline's series; over 91
// degrees apart, by halves as JointBlocks' kernel does), those animated in
// one taken from it; translations and scales are lerped (one stream of 80
// floats) or taken likewise. Each lane's arithmetic is its own, so a joint
// comes out the same in any group. Written after them, from what was read
// before any write (so an output aliasing a or b stays safe): rotations
// neither path makes (inputs not of unit length: one by one), and rest for
// joints in neither clip.
template <bool PerJoint>
[[gnu::always_inline]] inline void blendGroup(const math::Transform* a, const math::Transform* b,
                                              const math::Transform* rest, const ChannelMask* inA,
                                              const ChannelMask* inB, const Factors& f, math::Transform* out)
{
    const int bitsA = animatedBits(inA), bitsB = animatedBits(inB);
    const Quats qa = loadQuats(a);
    const Quats qb = loadQuats(b);
    Quats q;
    const int both = bitsA & bitsB;
    int far = both & ~slerpLanes(qa, qb, both, f, q);
    glm::quat scalar[8];
    if (far) [[unlikely]] {
        Quats r;
        const int made = slerpByHalves(qa, qb, far, f.w, r);
        const __m256 take = laneMask(made);
        for (int c = 0; c < 4; ++c)
            q.c[c] = _mm256_blendv_ps(q.c[c], r.c[c], take);
        far &= ~made;
        for (int left = far; left; left &= left - 1) {
            const int k = __builtin_ctz(static_cast<unsigned>(left));
            scalar[k] = slerpShortestByHalvesOutOfLine(a[k].rotation, b[k].rotation, f.w[k]);
        }
    }
    // A joint animated in one clip takes that clip's value as it is.
    const int onlyA = bitsA & ~bitsB, onlyB = bitsB & ~bitsA;
    if (onlyA | onlyB) {
        const __m256 take = laneMask(onlyA | onlyB), takeB = laneMask(onlyB);
        for (int c = 0; c < 4; ++c)
            q.c[c] = _mm256_blendv_ps(q.c[c], _mm256_blendv_ps(qa.c[c], qb.c[c], takeB), take);
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
    const float *fa = &a->translation.x, *fb = &b->translation.x;
    float* fo = &out->translation.x;
    for (int k = 0; k < 80; k += 8) {
        // Float k + i is joint (k + i) / 10's: its weight, or the one weight.
        const __m256 w = PerJoint ? _mm256_permutevar8x32_ps(f.w, _mm256_setr_epi32(k / 10, (k + 1) / 10, (k + 2) / 10,
                                                                                     (k + 3) / 10, (k + 4) / 10, (k + 5) / 10,
                                                                                     (k + 6) / 10, (k + 7) / 10))
                                  : f.w;
        const __m256 va = _mm256_loadu_ps(fa + k);
        _mm256_storeu_ps(fo + k, _mm256_fmadd_ps(_mm256_sub_ps(_mm256_loadu_ps(fb + k), va), w, va));
    }
    for (int left = one; left; left &= left - 1) {
        const int k = __builtin_ctz(static_cast<unsigned>(left));
        _mm_storeu_ps(&out[k].translation.x, keep[k][0]), _mm_storeu_ps(&out[k].scale.x - 1, keep[k][1]);
    }
    storeQuats(q, out);
    for (int left = far; left; left &= left - 1) {
        const int k = __builtin_ctz(static_cast<unsigned>(left));
        out[k].rotation = scalar[k];
    }
    for (int left = neither; left; left &= left - 1) {
        const int k = __builtin_ctz(static_cast<unsigned>(left));
        out[k] = rest[k];
    }
}

} // namespace

bool blendAllAvx2(const math::Transform* a, const math::Transform* b, const math::Transform* rest,
                  const ChannelMask* inA, const ChannelMask* inB, std::size_t n, float weight,
                  const float* jointWeights, math::Transform* out)
{
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
    float pw[8];
    math::Transform* const target = out;
    const std::size_t count = n;
    if (n < 8) {
        for (std::size_t k = 0; k < 8; ++k) {
            const std::size_t j = std::min(k, n - 1);
            pa.t[k] = a[j], pb.t[k] = b[j], pr.t[k] = rest[j], ma[k] = inA[j], mb[k] = inB[j];
            pw[k] = jointWeights ? jointWeights[j] : 0.f;
        }
        a = pa.t, b = pb.t, rest = pr.t, inA = ma, inB = mb, out = last.t, n = 8;
        jointWeights = jointWeights ? pw : nullptr;
    }
    // The joints past the last whole group: a group ending at the last joint,
    // sharing joints with the group before (they come out the same again).
    // Where the output aliases a or b it goes first, into scratch, while a
    // and b are as given, and its last joints are copied out at the end.
    const Factors uniform(_mm256_set1_ps(weight));
    const std::size_t whole = n / 8 * 8;
    const auto apart = [&](const math::Transform* p) { return out + n <= p || p + n <= out; };
    const bool scratchFirst = whole < n && !(apart(a) && apart(b));
    const std::size_t groups = whole / 8 + (whole < n ? 1 : 0);
    for (std::size_t g = 0; g < groups; ++g) {
        const bool toScratch = scratchFirst && g == 0;
        const std::size_t i = toScratch ? n - 8 : std::min((scratchFirst ? g - 1 : g) * 8, n - 8);
        math::Transform* const to = toScratch ? last.t : out + i;
        if (jointWeights)  // each group its own factors, from its joints' weights
            blendGroup<true>(a + i, b + i, rest + i, inA + i, inB + i,
                             Factors(clampWeights(_mm256_loadu_ps(jointWeights + i))), to);
        else
            blendGroup<false>(a + i, b + i, rest + i, inA + i, inB + i, uniform, to);
    }
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
                  const ChannelMask*, std::size_t, float, const float*, math::Transform*)
{
    return false;
}

} // namespace marrow::anim::detail
#endif
