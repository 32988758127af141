// SPDX-License-Identifier: MIT
#include "core/mesh/cpu_skinning_job.h"
#include "core/mesh/skin_weights.h"

#include <algorithm>
#include <cmath>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace marrow::mesh {

std::optional<std::string> CpuSkinningJob::validate() const
{
    const std::size_t n = positions.size();
    if (stride != 4 && stride != 8)
        return "stride must be 4 or 8";
    if (joints.size() != n * static_cast<std::size_t>(stride) || weights.size() != joints.size())
        return "joints and weights must hold stride entries per vertex";
    if (outPositions.size() != n)
        return "outPositions must have one entry per vertex";
    if (!normals.empty() && (normals.size() != n || outNormals.size() != n))
        return "normals and outNormals must both have one entry per vertex";
    if (normals.empty() && !outNormals.empty())
        return "outNormals given without normals";
    if (method == SkinningMethod::Linear && palette.empty() && n > 0)
        return "linear blend skinning needs a palette";
    if (method == SkinningMethod::DualQuaternion && dualQuats.empty() && n > 0)
        return "dual-quaternion skinning needs dualQuats";
    return std::nullopt;
}

namespace {

// Column-major 3x4 affine accumulator; the plain float loops vectorise well.
struct Affine {
    float c[4][4];
};

// The unit normal under an affine map's 3x3, as skinLinear computes it inline:
// the cofactor matrix times n (det * M^-T n, so non-uniform scale keeps
// normals normal), flipped when the determinant is negative; n itself when
// the map flattens it to nothing.
glm::vec3 cofactorNormal(const Affine& m, const glm::vec3& nn)
{
    const glm::vec3 c0(m.c[0][0], m.c[0][1], m.c[0][2]);
    const glm::vec3 c1(m.c[1][0], m.c[1][1], m.c[1][2]);
    const glm::vec3 c2(m.c[2][0], m.c[2][1], m.c[2][2]);
    const glm::vec3 x12 = glm::cross(c1, c2);
    glm::vec3 t = nn.x * x12 + nn.y * glm::cross(c2, c0) + nn.z * glm::cross(c0, c1);
    if (glm::dot(c0, x12) < 0.f)
        t = -t;
    const float len2 = glm::dot(t, t);
    return len2 > 0.f ? t / std::sqrt(len2) : nn;
}

#if defined(__SSE2__)
// SSE2 (every x86-64): a palette matrix's columns are four registers, so a
// row blends in 4 multiply-adds per influence and the position is 3 more.
// The arithmetic is the scalar path's, in its order: the same bits.

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

// The job's arrays as raw pointers (stores through them cannot move the job's spans).
struct LinearStreams {
    const glm::vec3* positions;
    const glm::vec3* normals;
    const std::uint16_t* joints;
    const float* weights;
    const float* palette;
    std::uint16_t last;  // the palette's last index
    glm::vec3* outPositions;
    glm::vec3* outNormals;
};

// One vertex's position, and its normal not yet divided by its length
// (finishNormals does that for a run of vertices: the square root and the
// division then stay off this long chain of dependent operations). Last
// reads and writes only the vertex's own 12 bytes. Affine: every palette
// matrix's bottom row is exactly (0, 0, 0, 1), so the blend's m3.w is the
// weights' sum, added in the same order.
template <int K, bool WithNormals, bool Affine, bool Last>
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
            return _mm_add_ps(_mm_add_ps(_mm_mul_ps(w0, _mm_loadu_ps(p0 + c)), _mm_mul_ps(w1, _mm_loadu_ps(p1 + c))),
                              _mm_add_ps(_mm_mul_ps(w2, _mm_loadu_ps(p2 + c)), _mm_mul_ps(w3, _mm_loadu_ps(p3 + c))));
        };
        m0 = column(0), m1 = column(4), m2 = column(8), m3 = column(12);
        if constexpr (Affine)
            sum = _mm_cvtss_f32(broadcast<3>(m3));
        else
            sum = (w[0] + w[1]) + (w[2] + w[3]);
    } else {
        for (int k = 0; k < K; ++k) {
            const float wk = w[k];
            if (wk == 0.f)
                break;  // rows are sorted: the rest is padding
            sum += wk;
            const float* p = pal + 16 * static_cast<std::size_t>(std::min(j[k], s.last));
            const __m128 ww = _mm_set1_ps(wk);
            m0 = _mm_add_ps(m0, _mm_mul_ps(ww, _mm_loadu_ps(p)));
            m1 = _mm_add_ps(m1, _mm_mul_ps(ww, _mm_loadu_ps(p + 4)));
            m2 = _mm_add_ps(m2, _mm_mul_ps(ww, _mm_loadu_ps(p + 8)));
            m3 = _mm_add_ps(m3, _mm_mul_ps(ww, _mm_loadu_ps(p + 12)));
        }
    }
    // A row that does not sum to 1 (Auto-Normalize off) deforms as if
    // divided by its sum, as skinned_mesh.vert does.
    if (std::fabs(sum - 1.f) > kUnnormalisedRow && sum > 0.f) {
        const __m128 d = _mm_set1_ps(sum);
        m0 = _mm_div_ps(m0, d), m1 = _mm_div_ps(m1, d), m2 = _mm_div_ps(m2, d), m3 = _mm_div_ps(m3, d);
    }
    const __m128 x = loadVec3<Last>(s.positions + v);
    const __m128 p = _mm_add_ps(_mm_add_ps(_mm_mul_ps(m0, broadcast<0>(x)), _mm_mul_ps(m1, broadcast<1>(x))),
                                _mm_add_ps(_mm_mul_ps(m2, broadcast<2>(x)), m3));
    storeVec3<Last>(s.outPositions + v, p);
    if constexpr (WithNormals) {
        // Cofactor matrix times n: det * M^-T n, so non-uniform scale keeps
        // normals normal. The crosses are taken with their lanes rotated
        // (a b' - a' b is the cross's z, x, y; ' = yzx): the same products
        // with three shuffles instead of twelve.
        const __m128 nn = loadVec3<Last>(s.normals + v);
        const __m128 r0 = yzx(m0), r1 = yzx(m1), r2 = yzx(m2);
        const __m128 x12 = _mm_sub_ps(_mm_mul_ps(m1, r2), _mm_mul_ps(r1, m2));  // cross(c1, c2), zxy
        const __m128 x20 = _mm_sub_ps(_mm_mul_ps(m2, r0), _mm_mul_ps(r2, m0));
        const __m128 x01 = _mm_sub_ps(_mm_mul_ps(m0, r1), _mm_mul_ps(r0, m1));
        const __m128 t = yzx(_mm_add_ps(_mm_add_ps(_mm_mul_ps(broadcast<0>(nn), x12), _mm_mul_ps(broadcast<1>(nn), x20)),
                                        _mm_mul_ps(broadcast<2>(nn), x01)));
        // The determinant c0 . (c1 x c2): its sign flips t.
        const __m128 det = dot3(m0, yzx(x12));
        const __m128 flip = _mm_and_ps(_mm_cmplt_ss(det, _mm_setzero_ps()), _mm_set_ss(-0.f));
        storeVec3<Last>(s.outNormals + v, _mm_xor_ps(t, broadcast<0>(flip)));
    }
}

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

// True when every palette matrix's bottom row is exactly (0, 0, 0, 1).
bool affinePalette(std::span<const glm::mat4> palette)
{
    return std::all_of(palette.begin(), palette.end(), [](const glm::mat4& m) {
        return m[0][3] == 0.f && m[1][3] == 0.f && m[2][3] == 0.f && m[3][3] == 1.f;
    });
}

template <int K, bool WithNormals, bool Affine>
void skinLinearRuns(const LinearStreams& s, std::size_t n)
{
    // Runs of 256 vertices: their normals are still in L1 when finished.
    constexpr std::size_t kRun = 256;
    for (std::size_t begin = 0; begin < n; begin += kRun) {
        const std::size_t end = std::min(n, begin + kRun);
        const std::size_t safeEnd = end == n ? n - 1 : end;  // the array's last vertex reads and writes 12 bytes
        for (std::size_t v = begin; v < safeEnd; ++v)
            skinVertex<K, WithNormals, Affine, false>(s, v);
        if (safeEnd != end)
            skinVertex<K, WithNormals, Affine, true>(s, safeEnd);
        if constexpr (WithNormals)
            finishNormals(s, begin, end);
    }
}

template <int K, bool WithNormals>
void skinLinear(const CpuSkinningJob& job)
{
    const LinearStreams s{job.positions.data(), job.normals.data(), job.joints.data(), job.weights.data(),
                          &job.palette.data()[0][0][0], static_cast<std::uint16_t>(job.palette.size() - 1),
                          job.outPositions.data(), job.outNormals.data()};
    if (affinePalette(job.palette))
        skinLinearRuns<K, WithNormals, true>(s, job.positions.size());
    else
        skinLinearRuns<K, WithNormals, false>(s, job.positions.size());
}
#else
template <int K, bool WithNormals>
void skinLinear(const CpuSkinningJob& job)
{
    const std::size_t n = job.positions.size();
    const std::uint16_t last = static_cast<std::uint16_t>(job.palette.size() - 1);
    const glm::mat4* pal = job.palette.data();
    for (std::size_t v = 0; v < n; ++v) {
        const std::uint16_t* j = job.joints.data() + v * K;
        const float* w = job.weights.data() + v * K;
        Affine m{};
        float sum = 0.f;
        for (int k = 0; k < K; ++k) {
            const float wk = w[k];
            if (wk == 0.f)
                break;  // rows are sorted: the rest is padding
            sum += wk;
            const glm::mat4& p = pal[std::min(j[k], last)];
            for (int col = 0; col < 4; ++col)
                for (int r = 0; r < 4; ++r)
                    m.c[col][r] += wk * p[col][r];
        }
        // A row that does not sum to 1 (Auto-Normalize off) deforms as if
        // divided by its sum, as skinned_mesh.vert does; rows summing to 1
        // stay bit for bit.
        if (sum > 0.f && std::fabs(sum - 1.f) > kUnnormalisedRow)
            for (int col = 0; col < 4; ++col)
                for (int r = 0; r < 4; ++r)
                    m.c[col][r] /= sum;
        const glm::vec3 x = job.positions[v];
        job.outPositions[v] = glm::vec3(m.c[0][0] * x.x + m.c[1][0] * x.y + m.c[2][0] * x.z + m.c[3][0],
                                        m.c[0][1] * x.x + m.c[1][1] * x.y + m.c[2][1] * x.z + m.c[3][1],
                                        m.c[0][2] * x.x + m.c[1][2] * x.y + m.c[2][2] * x.z + m.c[3][2]);
        if constexpr (WithNormals) {
            const glm::vec3 c0(m.c[0][0], m.c[0][1], m.c[0][2]);
            const glm::vec3 c1(m.c[1][0], m.c[1][1], m.c[1][2]);
            const glm::vec3 c2(m.c[2][0], m.c[2][1], m.c[2][2]);
            const glm::vec3 nn = job.normals[v];
            // Cofactor matrix times n: det * M^-T n, so non-uniform scale keeps normals normal.
            const glm::vec3 x12 = glm::cross(c1, c2);
            glm::vec3 t = nn.x * x12 + nn.y * glm::cross(c2, c0) + nn.z * glm::cross(c0, c1);
            if (glm::dot(c0, x12) < 0.f)
                t = -t;
            const float len2 = glm::dot(t, t);
            job.outNormals[v] = len2 > 0.f ? t / std::sqrt(len2) : nn;
        }
    }
}
#endif

// True when some joint carries scale or shear; rigid rigs then skip the
// scale blend (splitSkinningMatrix stores an exact identity for them).
bool anyScale(std::span<const math::ScaledDualQuat> dqs)
{
    const glm::mat4 identity(1.f);
    return std::any_of(dqs.begin(), dqs.end(), [&](const math::ScaledDualQuat& q) { return q.scale != identity; });
}

template <int K, bool WithNormals, bool WithScale>
void skinDualQuat(const CpuSkinningJob& job)
{
    const std::size_t n = job.positions.size();
    const std::uint16_t last = static_cast<std::uint16_t>(job.dualQuats.size() - 1);
    const math::ScaledDualQuat* dqs = job.dualQuats.data();
    for (std::size_t v = 0; v < n; ++v) {
        const std::uint16_t* j = job.joints.data() + v * K;
        const float* w = job.weights.data() + v * K;
        const glm::quat heaviest = dqs[std::min(j[0], last)].rigid.real;
        float r[4] = {0, 0, 0, 0}, d[4] = {0, 0, 0, 0};
        Affine s{};
        float weightSum = 0.f;
        for (int k = 0; k < K; ++k) {
            const float wk = w[k];
            if (wk == 0.f)
                break;
            const math::ScaledDualQuat& q = dqs[std::min(j[k], last)];
            if constexpr (WithScale) {
                // Scale and shear blend linearly, like LBS's matrices.
                weightSum += wk;
                for (int col = 0; col < 4; ++col)
                    for (int row = 0; row < 3; ++row)
                        s.c[col][row] += wk * q.scale[col][row];
            }
            // Sign-align with the heaviest influence so the blend takes the short way.
            const float wq = glm::dot(q.rigid.real, heaviest) < 0.f ? -wk : wk;
            r[0] += wq * q.rigid.real.x; r[1] += wq * q.rigid.real.y; r[2] += wq * q.rigid.real.z; r[3] += wq * q.rigid.real.w;
            d[0] += wq * q.rigid.dual.x; d[1] += wq * q.rigid.dual.y; d[2] += wq * q.rigid.dual.z; d[3] += wq * q.rigid.dual.w;
        }
        glm::vec3 p = job.positions[v];
        glm::vec3 nn = WithNormals ? job.normals[v] : glm::vec3(0.f);
        if constexpr (WithScale) {
            if (weightSum > 0.f) {
                // Divided by the weight sum, as the rigid part is by its norm, so
                // rows that do not sum to 1 still get the whole transform.
                const float inv = 1.f / weightSum;
                p = inv * glm::vec3(s.c[0][0] * p.x + s.c[1][0] * p.y + s.c[2][0] * p.z + s.c[3][0],
                                    s.c[0][1] * p.x + s.c[1][1] * p.y + s.c[2][1] * p.z + s.c[3][1],
                                    s.c[0][2] * p.x + s.c[1][2] * p.y + s.c[2][2] * p.z + s.c[3][2]);
                if constexpr (WithNormals)
                    nn = cofactorNormal(s, nn);
            }
        }
        const float len2 = r[0] * r[0] + r[1] * r[1] + r[2] * r[2] + r[3] * r[3];
        const float inv = len2 > 0.f ? 1.f / std::sqrt(len2) : 0.f;
        const glm::vec3 rv(r[0] * inv, r[1] * inv, r[2] * inv);
        const float rw = r[3] * inv;
        const glm::vec3 dv(d[0] * inv, d[1] * inv, d[2] * inv);
        const float dw = d[3] * inv;
        const glm::vec3 trans = 2.f * (rw * dv - dw * rv + glm::cross(rv, dv));
        job.outPositions[v] = p + 2.f * glm::cross(rv, glm::cross(rv, p) + rw * p) + trans;
        if constexpr (WithNormals)
            job.outNormals[v] = nn + 2.f * glm::cross(rv, glm::cross(rv, nn) + rw * nn);
    }
}

} // namespace

bool CpuSkinningJob::run() const
{
    if (validate())
        return false;
    if (positions.empty())
        return true;
    const bool withNormals = !normals.empty();
    if (method == SkinningMethod::Linear) {
        if (stride == 4)
            withNormals ? skinLinear<4, true>(*this) : skinLinear<4, false>(*this);
        else
            withNormals ? skinLinear<8, true>(*this) : skinLinear<8, false>(*this);
    } else {
        const bool scaled = anyScale(dualQuats);
        if (stride == 4) {
            if (scaled)
                withNormals ? skinDualQuat<4, true, true>(*this) : skinDualQuat<4, false, true>(*this);
            else
                withNormals ? skinDualQuat<4, true, false>(*this) : skinDualQuat<4, false, false>(*this);
        } else {
            if (scaled)
                withNormals ? skinDualQuat<8, true, true>(*this) : skinDualQuat<8, false, true>(*this);
            else
                withNormals ? skinDualQuat<8, true, false>(*this) : skinDualQuat<8, false, false>(*this);
        }
    }
    return true;
}

} // namespace marrow::mesh
