// SPDX-License-Identifier: MIT
// The blend of JointBlocks' AVX2 + FMA kernel (GCC on x86-64): each block's
// components are registers as they lie, so no transposes; the arithmetic is
// blend_lanes_avx2.h's, shared with the Transforms' kernel (the same bits).
// Only this file's own functions take the target; what it includes first
// (glm, the standard library, the scalar slerp) is built as everywhere else.
#include "core/anim/blend_blocks_avx2.h"
#include "core/anim/blend_joint_inline.h"

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include <immintrin.h>

#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__)
#pragma GCC push_options
#pragma GCC target("avx2,fma")
#include "core/anim/blend_lanes_avx2.h"

namespace marrow::anim::detail {

namespace {

constexpr int kRotation = 3;  // the first rotation float of a block's ten

// The lanes in `lanes` neither the series nor slerpByHalves made (inputs or
// result not of unit length: rare), from a and b as read before the block
// was written, by slerpShortestByHalves.
[[gnu::noinline]] void writeScalarLanes(const Quats& qa, const Quats& qb, int lanes, __m256 weights, JointBlock& out)
{
    alignas(32) float weight[8];
    _mm256_store_ps(weight, weights);
    for (int left = lanes; left; left &= left - 1) {
        const int k = __builtin_ctz(static_cast<unsigned>(left));
        glm::quat a, b;
        for (int c = 0; c < 4; ++c)
            (&a.x)[c] = qa.c[c][k], (&b.x)[c] = qb.c[c][k];
        const glm::quat q = slerpShortestByHalvesOutOfLine(a, b, weight[k]);
        for (int c = 0; c < 4; ++c)
            out.c[kRotation + c][k] = (&q.x)[c];
    }
}

// The animated bits of joints first to first + 8, those past n counted in neither.
int blockBits(const ChannelMask* m, std::size_t first, std::size_t n)
{
    if (first + 8 <= n)
        return animatedBits(m + first);
    int bits = 0;
    for (std::size_t k = 0; first + k < n; ++k)
        bits |= m[first + k] ? 1 << k : 0;
    return bits;
}

// A block's eight joint weights, clamped (lanes past the last joint 0).
__m256 blockWeights(const float* w, std::size_t first, std::size_t n)
{
    if (first + 8 <= n)
        return clampWeights(_mm256_loadu_ps(w + first));
    alignas(32) float lanes[8] = {};
    for (std::size_t k = 0; first + k < n; ++k)
        lanes[k] = w[first + k];
    return clampWeights(_mm256_load_ps(lanes));
}

} // namespace

// Without jointWeights one set of series factors serves every block; with
// them each block makes its own from its joints' weights.
bool blendBlocksAvx2(const JointBlock* a, const JointBlock* b, const JointBlock* rest, const ChannelMask* inA,
                     const ChannelMask* inB, std::size_t n, float weight, const float* jointWeights, JointBlock* out)
{
    const auto blendBlock = [&](const Factors& f, std::size_t g) __attribute__((always_inline)) {
        const __m256 w = f.w;
        const float(*ca)[8] = a[g].c;
        const float(*cb)[8] = b[g].c;
        float(*co)[8] = out[g].c;
        const int bitsA = blockBits(inA, g * 8, n), bitsB = blockBits(inB, g * 8, n);
        Quats qa, qb, q;
        for (int c = 0; c < 4; ++c)
            qa.c[c] = _mm256_load_ps(ca[kRotation + c]), qb.c[c] = _mm256_load_ps(cb[kRotation + c]);
        const int both = bitsA & bitsB;
        int far = both & ~slerpLanes(qa, qb, both, f, q);
        if (far) [[unlikely]] {
            // Over 91 degrees apart (or not normalisable): by halves.
            Quats r;
            const int made = slerpByHalves(qa, qb, far, w, r);
            const __m256 take = laneMask(made);
            for (int c = 0; c < 4; ++c)
                q.c[c] = _mm256_blendv_ps(q.c[c], r.c[c], take);
            far &= ~made;
        }
        const int onlyA = bitsA & ~bitsB, onlyB = bitsB & ~bitsA, neither = ~(bitsA | bitsB) & 0xFF;
        // Each component lerped (rotations: q), or taken as it is where a
        // joint is in one clip, or from rest where in neither.
        const auto write = [&](auto select, auto withRest) {
            const __m256 takeA = laneMask(onlyA), takeB = laneMask(onlyB), takeRest = laneMask(neither);
            for (int c = 0; c < 10; ++c) {
                const __m256 va = _mm256_load_ps(ca[c]), vb = _mm256_load_ps(cb[c]);
                __m256 v = c >= kRotation && c < kRotation + 4 ? q.c[c - kRotation]
                                                               : _mm256_fmadd_ps(_mm256_sub_ps(vb, va), w, va);
                if constexpr (decltype(select)::value)
                    v = _mm256_blendv_ps(_mm256_blendv_ps(v, va, takeA), vb, takeB);
                if constexpr (decltype(withRest)::value)
                    v = _mm256_blendv_ps(v, _mm256_load_ps(rest[g].c[c]), takeRest);
                _mm256_store_ps(co[c], v);
            }
        };
        using Yes = std::true_type;
        using No = std::false_type;
        if (neither)
            write(Yes{}, Yes{});
        else if (onlyA | onlyB)
            write(Yes{}, No{});
        else
            write(No{}, No{});
        if (far) [[unlikely]]
            writeScalarLanes(qa, qb, far, w, out[g]);
    };
    if (jointWeights) {
        for (std::size_t g = 0; g < blockCount(n); ++g)
            blendBlock(Factors(blockWeights(jointWeights, g * 8, n)), g);
        return true;
    }
    const Factors uniform(_mm256_set1_ps(weight));
    for (std::size_t g = 0; g < blockCount(n); ++g)
        blendBlock(uniform, g);
    return true;
}

} // namespace marrow::anim::detail
#pragma GCC pop_options
#else
namespace marrow::anim::detail {

bool blendBlocksAvx2(const JointBlock*, const JointBlock*, const JointBlock*, const ChannelMask*, const ChannelMask*,
                     std::size_t, float, const float*, JointBlock*)
{
    return false;
}

} // namespace marrow::anim::detail
#endif
