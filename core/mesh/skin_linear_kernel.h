// SPDX-License-Identifier: MIT
// The LBS kernel on four-float registers, included by skin_linear_sse2.cpp
// and by skin_linear_avx2.cpp (compiled there for AVX2 with fused
// multiply-adds, MARROW_SKIN_FMA 1): everything here has internal linkage,
// so the two builds never stand in for each other at link time. A palette
// matrix's columns are four registers, so a row blends in 4 multiply-adds
// per influence and the position is 3 more.
#pragma once
#include "core/mesh/skin_linear_simd.h"
#include "core/mesh/skin_weights.h"

#include <algorithm>
#include <cmath>
#include <type_traits>

#include <immintrin.h>

#ifndef MARROW_SKIN_FMA
#error "define MARROW_SKIN_FMA (0 or 1) before including skin_linear_kernel.h"
#endif

namespace marrow::mesh::detail {
namespace {

// (a.x * b.x + a.y * b.y) + a.z * b.z in lane 0, as glm::dot adds.
inline __m128 dot3(__m128 a, __m128 b)
{
    const __m128 m = _mm_mul_ps(a, b);
    return _mm_add_ss(_mm_add_ss(m, _mm_shuffle_ps(m, m, _MM_SHUFFLE(1, 1, 1, 1))),
                      _mm_shuffle_ps(m, m, _MM_SHUFFLE(2, 2, 2, 2)));
}

inline glm::vec3 toVec3(__m128 v)
{
    alignas(16) float f[4];
    _mm_store_ps(f, v);
    return {f[0], f[1], f[2]};
}

// A vec3 as x, y, z in lanes 0-2: all but the last of an array read 16
// bytes at once (the 4 past it are the next vec3's x, ignored).
template <bool Last>
inline __m128 loadVec3(const glm::vec3* p)
{
    if constexpr (Last)
        return _mm_setr_ps(p->x, p->y, p->z, 0.f);
    else
        return _mm_loadu_ps(&p->x);
}

// Stores lanes 0-2; all but the last of an array write 16 bytes (the fourth
// lands on the next vec3's x, which the next vertex overwrites).
template <bool Last>
inline void storeVec3(glm::vec3* p, __m128 v)
{
    if constexpr (Last)
        *p = toVec3(v);
    else
        _mm_storeu_ps(&p->x, v);
}

template <int Lane>
inline __m128 broadcast(__m128 v)
{
    return _mm_shuffle_ps(v, v, _MM_SHUFFLE(Lane, Lane, Lane, Lane));
}

inline __m128 yzx(__m128 v)
{
    return _mm_shuffle_ps(v, v, _MM_SHUFFLE(3, 0, 2, 1));
}

// a * b + c: one fused instruction in the AVX2 build (MARROW_SKIN_FMA), a
// product and a sum in the SSE2 one.
inline __m128 madd(__m128 a, __m128 b, __m128 c)
{
#if MARROW_SKIN_FMA
    return _mm_fmadd_ps(a, b, c);
#else
    return _mm_add_ps(_mm_mul_ps(a, b), c);
#endif
}

// a * b - c, likewise.
inline __m128 msub(__m128 a, __m128 b, __m128 c)
{
#if MARROW_SKIN_FMA
    return _mm_fmsub_ps(a, b, c);
#else
    return _mm_sub_ps(_mm_mul_ps(a, b), c);
#endif
}

// One vertex's position, and its normal not yet divided by its length
// (finishNormals does that for a run of vertices: the square root and the
// division then stay off this long chain of dependent operations). Last
// reads and writes only the vertex's own 12 bytes. Cofactor: the palette is
// not conformal (conformalPalette).
template <int K, bool WithNormals, bool Cofactor, bool Last>
inline void skinVertex(const LinearStreams& s, std::size_t v)
{
    const std::uint16_t* j = s.joints + v * K;
    const float* w = s.weights + v * K;
    const float* pal = s.palette;
    __m128 m0 = _mm_setzero_ps(), m1 = m0, m2 = m0, m3 = m0;
    float sum = 0.f;
    if constexpr (K == 4) {
        // Four always blend (no branch to miss), summed as a tree: two
        // additions deep instead of four, so vertices overlap in flight.
        const __m128 ws = _mm_loadu_ps(w);
        // One test for the row's four indices; the clamp only when one is past the palette.
        const __m128i ids = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(j));
        const __m128i over = _mm_subs_epu16(ids, _mm_set1_epi16(static_cast<short>(s.last)));
        const bool inside = _mm_movemask_epi8(_mm_cmpeq_epi16(over, _mm_setzero_si128())) == 0xFFFF;
        const auto at = [&](int k) {
            return pal + 16 * static_cast<std::size_t>(inside ? j[k] : std::min(j[k], s.last));
        };
        const float* p0 = at(0);
        const float* p1 = at(1);
        const float* p2 = at(2);
        const float* p3 = at(3);
        const __m128 w0 = broadcast<0>(ws), w1 = broadcast<1>(ws), w2 = broadcast<2>(ws), w3 = broadcast<3>(ws);
        const auto column = [&](int c) {
            return _mm_add_ps(madd(w1, _mm_loadu_ps(p1 + c), _mm_mul_ps(w0, _mm_loadu_ps(p0 + c))),
                              madd(w3, _mm_loadu_ps(p3 + c), _mm_mul_ps(w2, _mm_loadu_ps(p2 + c))));
        };
        m0 = column(0), m1 = column(4), m2 = column(8), m3 = column(12);
        // (w0 + w1) + (w2 + w3) from the weights' register: known long
        // before the blend, so the test below does not wait for it.
        const __m128 pairs = _mm_add_ps(ws, _mm_shuffle_ps(ws, ws, _MM_SHUFFLE(2, 3, 0, 1)));
        sum = _mm_cvtss_f32(_mm_add_ss(pairs, _mm_movehl_ps(pairs, pairs)));
    } else {
        for (int k = 0; k < K; ++k) {
            const float wk = w[k];
            if (wk == 0.f)
                break;  // rows are sorted: the rest is padding
            sum += wk;
            const float* p = pal + 16 * static_cast<std::size_t>(std::min(j[k], s.last));
            const __m128 ww = _mm_set1_ps(wk);
            m0 = madd(ww, _mm_loadu_ps(p), m0);
            m1 = madd(ww, _mm_loadu_ps(p + 4), m1);
            m2 = madd(ww, _mm_loadu_ps(p + 8), m2);
            m3 = madd(ww, _mm_loadu_ps(p + 12), m3);
        }
    }
    // A row that does not sum to 1 (Auto-Normalize off) deforms as if
    // divided by its sum, as skinned_mesh.vert does.
    if (std::fabs(sum - 1.f) > kUnnormalisedRow && sum > 0.f) {
        const __m128 d = _mm_set1_ps(sum);
        m0 = _mm_div_ps(m0, d), m1 = _mm_div_ps(m1, d), m2 = _mm_div_ps(m2, d), m3 = _mm_div_ps(m3, d);
    }
    const __m128 x = loadVec3<Last>(s.positions + v);
    const __m128 p = _mm_add_ps(madd(m1, broadcast<1>(x), _mm_mul_ps(m0, broadcast<0>(x))), madd(m2, broadcast<2>(x), m3));
    storeVec3<Last>(s.outPositions + v, p);
    if constexpr (WithNormals && !Cofactor) {
        // A conformal palette: the blended 3x3 times n.
        const __m128 nn = loadVec3<Last>(s.normals + v);
        storeVec3<Last>(s.outNormals + v,
                        madd(m2, broadcast<2>(nn), madd(m1, broadcast<1>(nn), _mm_mul_ps(m0, broadcast<0>(nn)))));
    } else if constexpr (WithNormals) {
        // Cofactor matrix times n: det * M^-T n, so non-uniform scale keeps
        // normals normal. The crosses are taken with their lanes rotated
        // (a b' - a' b is the cross's z, x, y; ' = yzx): the same products
        // with three shuffles instead of twelve.
        const __m128 nn = loadVec3<Last>(s.normals + v);
        const __m128 r0 = yzx(m0), r1 = yzx(m1), r2 = yzx(m2);
        const __m128 x12 = msub(m1, r2, _mm_mul_ps(r1, m2));  // cross(c1, c2), zxy
        const __m128 x20 = msub(m2, r0, _mm_mul_ps(r2, m0));
        const __m128 x01 = msub(m0, r1, _mm_mul_ps(r0, m1));
        const __m128 t = yzx(madd(broadcast<2>(nn), x01, madd(broadcast<1>(nn), x20, _mm_mul_ps(broadcast<0>(nn), x12))));
        // The determinant c0 . (c1 x c2): its sign flips t.
        const __m128 det = dot3(m0, yzx(x12));
        const __m128 flip = _mm_and_ps(_mm_cmplt_ss(det, _mm_setzero_ps()), _mm_set_ss(-0.f));
        storeVec3<Last>(s.outNormals + v, _mm_xor_ps(t, broadcast<0>(flip)));
    }
}

#if MARROW_SKIN_FMA
// Two vertices at once, one in each half of an eight-float register (the
// AVX2 build; four influences; positions, and normals by the blended 3x3):
// each half does skinVertex's operations in its order, so the same bits at
// twice the width. Neither vertex may be the array's last (16-byte reads and
// writes). False, with nothing written, where a row does not sum to 1
// (skinVertex then takes each).
template <bool WithNormals>
inline bool skinVertexPair(const LinearStreams& s, std::size_t v)
{
    const std::uint16_t* j = s.joints + v * 4;  // v's four, then v + 1's
    const float* pal = s.palette;
    const __m256 ws = _mm256_loadu_ps(s.weights + v * 4);
    // (w0 + w1) + (w2 + w3) in lane 0 of each half, as skinVertex sums, tested in the register.
    const __m256 pairs = _mm256_add_ps(ws, _mm256_permute_ps(ws, _MM_SHUFFLE(2, 3, 0, 1)));
    const __m256 sums = _mm256_add_ps(pairs, _mm256_permute_ps(pairs, _MM_SHUFFLE(1, 0, 3, 2)));
    const __m256 off = _mm256_andnot_ps(_mm256_set1_ps(-0.f), _mm256_sub_ps(sums, _mm256_set1_ps(1.f)));
    if (_mm256_movemask_ps(_mm256_cmp_ps(off, _mm256_set1_ps(kUnnormalisedRow), _CMP_GT_OQ)) & 0x11)
        return false;
    const __m128i ids = _mm_loadu_si128(reinterpret_cast<const __m128i*>(j));
    const __m128i over = _mm_subs_epu16(ids, _mm_set1_epi16(static_cast<short>(s.last)));
    const bool inside = _mm_movemask_epi8(_mm_cmpeq_epi16(over, _mm_setzero_si128())) == 0xFFFF;
    const auto at = [&](int k) {
        return pal + 16 * static_cast<std::size_t>(inside ? j[k] : std::min(j[k], s.last));
    };
    const float *a0 = at(0), *a1 = at(1), *a2 = at(2), *a3 = at(3);
    const float *b0 = at(4), *b1 = at(5), *b2 = at(6), *b3 = at(7);
    const auto both = [&](const float* lo, const float* hi) { return _mm256_loadu2_m128(hi, lo); };
    const __m256 w0 = _mm256_permute_ps(ws, 0x00), w1 = _mm256_permute_ps(ws, 0x55);
    const __m256 w2 = _mm256_permute_ps(ws, 0xAA), w3 = _mm256_permute_ps(ws, 0xFF);
    const auto column = [&](int c) {
        return _mm256_add_ps(_mm256_fmadd_ps(w1, both(a1 + c, b1 + c), _mm256_mul_ps(w0, both(a0 + c, b0 + c))),
                             _mm256_fmadd_ps(w3, both(a3 + c, b3 + c), _mm256_mul_ps(w2, both(a2 + c, b2 + c))));
    };
    const __m256 m0 = column(0), m1 = column(4), m2 = column(8), m3 = column(12);
    const auto store = [&](glm::vec3* p, __m256 r) {  // v's 16 bytes, then v + 1's over the 4 past v
        _mm_storeu_ps(&p[0].x, _mm256_castps256_ps128(r));
        _mm_storeu_ps(&p[1].x, _mm256_extractf128_ps(r, 1));
    };
    const __m256 x = both(&s.positions[v].x, &s.positions[v + 1].x);
    store(s.outPositions + v,
          _mm256_add_ps(_mm256_fmadd_ps(m1, _mm256_permute_ps(x, 0x55), _mm256_mul_ps(m0, _mm256_permute_ps(x, 0x00))),
                        _mm256_fmadd_ps(m2, _mm256_permute_ps(x, 0xAA), m3)));
    if constexpr (WithNormals) {
        const __m256 nn = both(&s.normals[v].x, &s.normals[v + 1].x);
        store(s.outNormals + v,
              _mm256_fmadd_ps(m2, _mm256_permute_ps(nn, 0xAA),
                              _mm256_fmadd_ps(m1, _mm256_permute_ps(nn, 0x55), _mm256_mul_ps(m0, _mm256_permute_ps(nn, 0x00)))));
    }
    return true;
}
#endif

// Divides each of a run's normals by its length; one the map flattened to
// nothing (or not finite) takes the input normal. Four at a time: their 12
// floats are three registers, the lengths one square root and one division.
inline void finishNormals(const LinearStreams& s, std::size_t begin, std::size_t end)
{
    const auto one = [&](std::size_t v) {
        const glm::vec3 t = s.outNormals[v];
        const float len2 = glm::dot(t, t);
        s.outNormals[v] = len2 > 0.f ? t * (1.f / std::sqrt(len2)) : s.normals[v];
    };
    std::size_t v = begin;
    for (; v + 4 <= end; v += 4) {
        float* out = &s.outNormals[v].x;
        const __m128 a = _mm_loadu_ps(out), b = _mm_loadu_ps(out + 4), c = _mm_loadu_ps(out + 8);
        // a = x0 y0 z0 x1, b = y1 z1 x2 y2, c = z2 x3 y3 z3: the squares regrouped per normal.
        const __m128 a2 = _mm_mul_ps(a, a), b2 = _mm_mul_ps(b, b), c2 = _mm_mul_ps(c, c);
        const __m128 xs = _mm_shuffle_ps(a2, _mm_shuffle_ps(b2, c2, _MM_SHUFFLE(1, 1, 2, 2)), _MM_SHUFFLE(2, 0, 3, 0));
        const __m128 ys = _mm_shuffle_ps(_mm_shuffle_ps(a2, b2, _MM_SHUFFLE(0, 0, 1, 1)),
                                         _mm_shuffle_ps(b2, c2, _MM_SHUFFLE(2, 2, 3, 3)), _MM_SHUFFLE(2, 0, 2, 0));
        const __m128 zs = _mm_shuffle_ps(_mm_shuffle_ps(a2, b2, _MM_SHUFFLE(1, 1, 2, 2)), c2, _MM_SHUFFLE(3, 0, 2, 0));
        const __m128 len2 = _mm_add_ps(_mm_add_ps(xs, ys), zs);
        if (_mm_movemask_ps(_mm_cmpgt_ps(len2, _mm_setzero_ps())) != 0xF) {
            for (std::size_t k = 0; k < 4; ++k)
                one(v + k);
            continue;
        }
        const __m128 inv = _mm_div_ps(_mm_set1_ps(1.f), _mm_sqrt_ps(len2));
        _mm_storeu_ps(out, _mm_mul_ps(a, _mm_shuffle_ps(inv, inv, _MM_SHUFFLE(1, 0, 0, 0))));
        _mm_storeu_ps(out + 4, _mm_mul_ps(b, _mm_shuffle_ps(inv, inv, _MM_SHUFFLE(2, 2, 1, 1))));
        _mm_storeu_ps(out + 8, _mm_mul_ps(c, _mm_shuffle_ps(inv, inv, _MM_SHUFFLE(3, 3, 3, 2))));
    }
    for (; v < end; ++v)
        one(v);
}

template <int K, bool WithNormals, bool Cofactor>
void skinLinearRuns(const LinearStreams& streams, std::size_t n)
{
    const LinearStreams s = streams;  // a local copy: stores through its pointers cannot change it, so it stays in registers
    // Runs of 256 vertices: their normals are still in L1 when finished.
    constexpr std::size_t kRun = 256;
    for (std::size_t begin = 0; begin < n; begin += kRun) {
        const std::size_t end = std::min(n, begin + kRun);
        const std::size_t safeEnd = end == n ? n - 1 : end;  // the array's last vertex reads and writes 12 bytes
        std::size_t v = begin;
#if MARROW_SKIN_FMA
        if constexpr (K == 4 && !Cofactor)
            for (; v + 1 < safeEnd; v += 2)
                if (!skinVertexPair<WithNormals>(s, v)) {
                    skinVertex<K, WithNormals, Cofactor, false>(s, v);
                    skinVertex<K, WithNormals, Cofactor, false>(s, v + 1);
                }
#endif
        for (; v < safeEnd; ++v)
            skinVertex<K, WithNormals, Cofactor, false>(s, v);
        if (safeEnd != end)
            skinVertex<K, WithNormals, Cofactor, true>(s, safeEnd);
        if constexpr (WithNormals)
            finishNormals(s, begin, end);
    }
}

// Picks the instance for a run of the job.
inline void skinLinearKernel(const LinearStreams& s, std::size_t n, int stride, bool withNormals, bool conformal)
{
    const auto run = [&](auto k, auto normals) {
        constexpr int K = decltype(k)::value;
        constexpr bool N = decltype(normals)::value;
        conformal || !N ? skinLinearRuns<K, N, false>(s, n) : skinLinearRuns<K, N, true>(s, n);
    };
    using Four = std::integral_constant<int, 4>;
    using Eight = std::integral_constant<int, 8>;
    if (stride == 4)
        withNormals ? run(Four{}, std::true_type{}) : run(Four{}, std::false_type{});
    else
        withNormals ? run(Eight{}, std::true_type{}) : run(Eight{}, std::false_type{});
}

} // namespace
} // namespace marrow::mesh::detail
