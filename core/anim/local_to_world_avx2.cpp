// SPDX-License-Identifier: MIT
// LocalToWorldJob's AVX2 + FMA kernel (GCC on x86-64). Eight joints' local
// matrices are made at once, as structure of arrays (from Transforms
// transposed, or from a JointBlock as it lies); then each joint's
// world matrix is its parent's times that local matrix, a column at a time
// from broadcast elements. Only this file's functions take the target.
#include "core/anim/local_to_world_avx2.h"

#include <algorithm>
#include <cstddef>

#include <immintrin.h>

#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__)
#pragma GCC push_options
#pragma GCC target("avx2,fma")

namespace marrow::anim::detail {

static_assert(sizeof(math::Transform) == 40 && offsetof(math::Transform, rotation) == 12 &&
              offsetof(math::Transform, scale) == 28, "the kernel reads a Transform as 10 floats");

namespace {

// Four floats from `offset` in each of eight transforms (joints past
// `count` repeat the last), as four registers of eight lanes.
template <bool Full>
[[gnu::always_inline]] inline void loadWindow(const math::Transform* t, int count, int offset, __m256 (&c)[4])
{
    const auto at = [&](int k) { return &t[Full ? k : std::min(k, count - 1)].translation.x + offset; };
    const auto pair = [&](int k) {
        return _mm256_insertf128_ps(_mm256_castps128_ps256(_mm_loadu_ps(at(k))), _mm_loadu_ps(at(k + 4)), 1);
    };
    const __m256 r0 = pair(0), r1 = pair(1), r2 = pair(2), r3 = pair(3);
    const __m256 t0 = _mm256_unpacklo_ps(r0, r1), t1 = _mm256_unpackhi_ps(r0, r1);
    const __m256 t2 = _mm256_unpacklo_ps(r2, r3), t3 = _mm256_unpackhi_ps(r2, r3);
    c[0] = _mm256_shuffle_ps(t0, t2, 0x44), c[1] = _mm256_shuffle_ps(t0, t2, 0xEE);
    c[2] = _mm256_shuffle_ps(t1, t3, 0x44), c[3] = _mm256_shuffle_ps(t1, t3, 0xEE);
}

// Eight joints' translations, rotations and scales as registers of eight
// lanes: from Transforms (transposed; joints past `count` repeat the last)
// or from a JointBlock as it lies. tr[0-2] and s[1-3] are used.
template <bool Full>
[[gnu::always_inline]] inline void loadLocals(const math::Transform* t, int count, __m256 (&tr)[4], __m256 (&q)[4],
                                              __m256 (&s)[4])
{
    loadWindow<Full>(t, count, 0, tr);  // tx ty tz qx
    loadWindow<Full>(t, count, 3, q);   // qx qy qz qw
    loadWindow<Full>(t, count, 6, s);   // qw sx sy sz
}

template <bool Full>
[[gnu::always_inline]] inline void loadLocals(const JointBlock* b, int, __m256 (&tr)[4], __m256 (&q)[4], __m256 (&s)[4])
{
    for (int k = 0; k < 3; ++k)
        tr[k] = _mm256_load_ps(b->c[k]), s[k + 1] = _mm256_load_ps(b->c[7 + k]);
    for (int k = 0; k < 4; ++k)
        q[k] = _mm256_load_ps(b->c[3 + k]);
}

// The local matrices' columns 0-2 (rotation times scale, math::toMatrix's
// terms in its order) and translations: element e of joint k at cols[e][k].
template <bool Full, class Locals>
[[gnu::always_inline]] inline void localColumns(const Locals* t, int count, float (&cols)[12][8])
{
    __m256 tr[4], q[4], s[4];
    loadLocals<Full>(t, count, tr, q, s);
    const __m256 x = q[0], y = q[1], z = q[2], w = q[3];
    const __m256 xx = _mm256_mul_ps(x, x), yy = _mm256_mul_ps(y, y), zz = _mm256_mul_ps(z, z);
    const __m256 xy = _mm256_mul_ps(x, y), xz = _mm256_mul_ps(x, z), yz = _mm256_mul_ps(y, z);
    const __m256 wx = _mm256_mul_ps(w, x), wy = _mm256_mul_ps(w, y), wz = _mm256_mul_ps(w, z);
    const __m256 one = _mm256_set1_ps(1.f), two = _mm256_set1_ps(2.f);
    const auto twice = [&](__m256 v) { return _mm256_mul_ps(two, v); };
    const __m256 e[12] = {
        _mm256_mul_ps(_mm256_sub_ps(one, twice(_mm256_add_ps(yy, zz))), s[1]),
        _mm256_mul_ps(twice(_mm256_add_ps(xy, wz)), s[1]),
        _mm256_mul_ps(twice(_mm256_sub_ps(xz, wy)), s[1]),
        _mm256_mul_ps(twice(_mm256_sub_ps(xy, wz)), s[2]),
        _mm256_mul_ps(_mm256_sub_ps(one, twice(_mm256_add_ps(xx, zz))), s[2]),
        _mm256_mul_ps(twice(_mm256_add_ps(yz, wx)), s[2]),
        _mm256_mul_ps(twice(_mm256_add_ps(xz, wy)), s[3]),
        _mm256_mul_ps(twice(_mm256_sub_ps(yz, wx)), s[3]),
        _mm256_mul_ps(_mm256_sub_ps(one, twice(_mm256_add_ps(xx, yy))), s[3]),
        tr[0], tr[1], tr[2]};
    for (int i = 0; i < 12; ++i)
        _mm256_store_ps(cols[i], e[i]);
}

// parent * local for joint k of the block: three products per column (the
// local matrix is affine).
[[gnu::always_inline]] inline void worldOf(const float* parent, const float (&cols)[12][8], int k, float* out)
{
    const __m128 p0 = _mm_loadu_ps(parent), p1 = _mm_loadu_ps(parent + 4);
    const __m128 p2 = _mm_loadu_ps(parent + 8), p3 = _mm_loadu_ps(parent + 12);
    const auto column = [&](int c) {
        return _mm_fmadd_ps(p2, _mm_broadcast_ss(&cols[3 * c + 2][k]),
                            _mm_fmadd_ps(p1, _mm_broadcast_ss(&cols[3 * c + 1][k]),
                                         _mm_mul_ps(p0, _mm_broadcast_ss(&cols[3 * c][k]))));
    };
    _mm_storeu_ps(out, column(0));
    _mm_storeu_ps(out + 4, column(1));
    _mm_storeu_ps(out + 8, column(2));
    _mm_storeu_ps(out + 12, _mm_add_ps(column(3), p3));
}

// Where joint `first`'s window of eight begins.
inline const math::Transform* windowAt(const math::Transform* locals, std::size_t first)
{
    return locals + first;
}

inline const JointBlock* windowAt(const JointBlock* locals, std::size_t first)
{
    return locals + first / JointBlock::kLanes;
}

// Joints first to first + count (at most eight; first a multiple of eight).
template <bool Full, class Locals>
[[gnu::always_inline]] inline void block(const JointIndex* parents, const Locals* locals, std::size_t first, int count,
                                         const glm::mat4& root, glm::mat4* out)
{
    alignas(32) float cols[12][8];
    localColumns<Full>(windowAt(locals, first), count, cols);
    for (int k = 0; k < (Full ? 8 : count); ++k) {
        const JointIndex p = parents[first + static_cast<std::size_t>(k)];
        const glm::mat4& parent = p == kNoParent ? root : out[static_cast<std::size_t>(p)];
        worldOf(&parent[0][0], cols, k, &out[first + static_cast<std::size_t>(k)][0][0]);
    }
}

template <class Locals>
[[gnu::always_inline]] inline void allBlocks(const JointIndex* parents, const Locals* locals, std::size_t n,
                                             const glm::mat4& root, glm::mat4* out)
{
    std::size_t i = 0;
    for (; i + 8 <= n; i += 8)
        block<true>(parents, locals, i, 8, root, out);
    if (i < n)
        block<false>(parents, locals, i, static_cast<int>(n - i), root, out);
}

} // namespace

bool localToWorldAvx2(const JointIndex* parents, const math::Transform* locals, std::size_t n, const glm::mat4& root,
                      glm::mat4* out)
{
    allBlocks(parents, locals, n, root, out);
    return true;
}

bool localToWorldAvx2(const JointIndex* parents, const JointBlock* locals, std::size_t n, const glm::mat4& root,
                      glm::mat4* out)
{
    allBlocks(parents, locals, n, root, out);
    return true;
}

} // namespace marrow::anim::detail
#pragma GCC pop_options
#else
namespace marrow::anim::detail {

bool localToWorldAvx2(const JointIndex*, const math::Transform*, std::size_t, const glm::mat4&, glm::mat4*)
{
    return false;
}

bool localToWorldAvx2(const JointIndex*, const JointBlock*, std::size_t, const glm::mat4&, glm::mat4*)
{
    return false;
}

} // namespace marrow::anim::detail
#endif
