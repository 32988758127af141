// SPDX-License-Identifier: MIT
#include "core/anim/blend_poses_job.h"
#include "core/anim/blend_joint_inline.h"
#include "core/anim/blend_poses_avx2.h"
#include "core/math/cpu_features.h"
#include "core/math/avx2_clones.h"
#include "core/math/rotation_inline.h"
#include "core/math/slerp_series_sse.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace marrow::anim {

static_assert(sizeof(math::Transform) == 40 && offsetof(math::Transform, rotation) == 12 &&
              offsetof(math::Transform, scale) == 28, "blendFour reads a Transform as 10 floats");

namespace {


#if defined(__SSE2__)
// Four joints' blends at once (SSE2), in stages so two groups of four can
// run side by side (their long chains of dependent operations overlap):
// translation and scale lerped, rotation slerped on the shortest arc by the
// series of math::slerpShortestInline (sin(t a) / sin(a) in cos(a): 4 terms
// when every lane is within 18 degrees, else 8; exact to float rounding,
// and exactly the lerp weights at cos(a) = 1). A quad blends the lanes in
// `lanes` (a bit per joint) that are not over 91 degrees apart (acos and
// sin) and that can be normalised; the caller blends the others one by
// one. A lane writes only its own joint, so an output aliasing a or b stays safe.
struct Quad {
    const math::Transform *a, *b;
    math::Transform* out;
    __m128 q[4], bq[4], d;
    int lanes;
};

[[gnu::always_inline]] inline void loadQuad(Quad& g, const math::Transform* a, const math::Transform* b, int lanes,
                                            math::Transform* out)
{
    g.a = a, g.b = b, g.out = out;
    __m128 ax = _mm_loadu_ps(&a[0].rotation.x), ay = _mm_loadu_ps(&a[1].rotation.x);
    __m128 az = _mm_loadu_ps(&a[2].rotation.x), aw = _mm_loadu_ps(&a[3].rotation.x);
    _MM_TRANSPOSE4_PS(ax, ay, az, aw);
    __m128 bx = _mm_loadu_ps(&b[0].rotation.x), by = _mm_loadu_ps(&b[1].rotation.x);
    __m128 bz = _mm_loadu_ps(&b[2].rotation.x), bw = _mm_loadu_ps(&b[3].rotation.x);
    _MM_TRANSPOSE4_PS(bx, by, bz, bw);
    __m128 d = _mm_add_ps(_mm_add_ps(_mm_add_ps(_mm_mul_ps(ax, bx), _mm_mul_ps(ay, by)), _mm_mul_ps(az, bz)),
                          _mm_mul_ps(aw, bw));
    const __m128 sign = _mm_and_ps(_mm_cmplt_ps(d, _mm_setzero_ps()), _mm_set1_ps(-0.f));
    g.q[0] = ax, g.q[1] = ay, g.q[2] = az, g.q[3] = aw;
    g.bq[0] = _mm_xor_ps(bx, sign), g.bq[1] = _mm_xor_ps(by, sign), g.bq[2] = _mm_xor_ps(bz, sign);
    g.bq[3] = _mm_xor_ps(bw, sign);
    g.d = _mm_xor_ps(d, sign);
    g.lanes = lanes & _mm_movemask_ps(_mm_cmpge_ps(g.d, _mm_set1_ps(0.7f)));  // not over 91 degrees (nor NaN)
}

// True when every lane the quad blends is within 18 degrees (4 terms do).
inline bool closeQuad(const Quad& g)
{
    return (_mm_movemask_ps(_mm_cmpge_ps(g.d, _mm_set1_ps(0.95f))) & g.lanes) == g.lanes;
}

// The rotations, normalised, into g.q; drops lanes that cannot be normalised.
template <int Terms>
[[gnu::always_inline]] inline void slerpQuad(Quad& g, const math::SlerpFactors& f)
{
    const __m128 xm1 = _mm_sub_ps(g.d, _mm_set1_ps(1.f));
    const __m128 wa = math::sinRatio4<Terms>(f.a, xm1), wb = math::sinRatio4<Terms>(f.b, xm1);
    for (int c = 0; c < 4; ++c)
        g.q[c] = _mm_add_ps(_mm_mul_ps(wa, g.q[c]), _mm_mul_ps(wb, g.bq[c]));
    const __m128 len2 = _mm_add_ps(
        _mm_add_ps(_mm_add_ps(_mm_mul_ps(g.q[0], g.q[0]), _mm_mul_ps(g.q[1], g.q[1])), _mm_mul_ps(g.q[2], g.q[2])),
        _mm_mul_ps(g.q[3], g.q[3]));
    const __m128 ok = _mm_and_ps(_mm_cmpgt_ps(len2, _mm_set1_ps(1e-30f)), _mm_cmplt_ps(len2, _mm_set1_ps(INFINITY)));
    g.lanes &= _mm_movemask_ps(ok);
    const __m128 inv = _mm_div_ps(_mm_set1_ps(1.f), _mm_sqrt_ps(len2));
    for (int c = 0; c < 4; ++c)
        g.q[c] = _mm_mul_ps(g.q[c], inv);
    _MM_TRANSPOSE4_PS(g.q[0], g.q[1], g.q[2], g.q[3]);
}

// Translation (with the rotation's x after it) and scale (with the
// rotation's w before it) lerp as four floats; the rotation is stored last,
// over the two lanes that are not theirs. (A Transform is 10 floats:
// translation 0-2, rotation 3-6, scale 7-9.) Returns the lanes written.
[[gnu::always_inline]] inline int storeQuad(const Quad& g, const float* w, bool uniform)
{
    const __m128 w0 = _mm_set1_ps(w[0]);
    const auto blendLane = [&](int k) {
        const __m128 wk = uniform ? w0 : _mm_set1_ps(w[k]);
        const __m128 ta = _mm_loadu_ps(&g.a[k].translation.x), tb = _mm_loadu_ps(&g.b[k].translation.x);
        const __m128 sa = _mm_loadu_ps(&g.a[k].scale.x - 1), sb = _mm_loadu_ps(&g.b[k].scale.x - 1);
        _mm_storeu_ps(&g.out[k].translation.x, _mm_add_ps(ta, _mm_mul_ps(_mm_sub_ps(tb, ta), wk)));
        _mm_storeu_ps(&g.out[k].scale.x - 1, _mm_add_ps(sa, _mm_mul_ps(_mm_sub_ps(sb, sa), wk)));
        _mm_storeu_ps(&g.out[k].rotation.x, g.q[k]);
    };
    if (g.lanes == 0xF) {  // the usual case, without a branch per lane
        blendLane(0), blendLane(1), blendLane(2), blendLane(3);
        return 0xF;
    }
    for (int k = 0; k < 4; ++k)
        if (g.lanes & (1 << k))
            blendLane(k);
    return g.lanes;
}

// One quad from start to end.
[[gnu::always_inline]] inline int blendFour(const math::Transform* a, const math::Transform* b, const float* w,
                                            const math::SlerpFactors& f, int lanes, math::Transform* out)
{
    Quad g;
    loadQuad(g, a, b, lanes, out);
    if (g.lanes == 0)
        return 0;
    closeQuad(g) ? slerpQuad<4>(g, f) : slerpQuad<8>(g, f);
    return storeQuad(g, w, w[0] == w[1] && w[1] == w[2] && w[2] == w[3]);
}
#endif

} // namespace

namespace detail {

glm::quat slerpShortestByHalvesOutOfLine(const glm::quat& a, const glm::quat& b, float t)
{
    return slerpShortestByHalves(a, b, t);
}

} // namespace detail

std::optional<std::string> BlendPosesJob::validate() const
{
    const std::size_t n = output.size();
    if (a.size() != n || b.size() != n || rest.size() != n)
        return "a, b, rest and output must have one transform per joint";
    if (aAnimated.size() != n || bAnimated.size() != n)
        return "aAnimated and bAnimated must have one entry per joint";
    if (!jointWeights.empty() && jointWeights.size() != n)
        return "jointWeights must be empty or have one weight per joint";
    return std::nullopt;
}

MARROW_AVX2_CLONES bool BlendPosesJob::run() const
{
    if (validate())
        return false;
    const float uniform = detail::clampWeight(weight);
    const auto weightOf = [&](std::size_t i) { return jointWeights.empty() ? uniform : detail::clampWeight(jointWeights[i]); };
    const auto blendOne = [&](std::size_t i) {
        output[i] = detail::blendJoint(a[i], b[i], rest[i], aAnimated[i] != 0, bAnimated[i] != 0, weightOf(i));
    };
    std::size_t i = 0;
#if defined(__SSE2__)
    // Eight joints at a time where the CPU has AVX2.
    if (math::hasAvx2Fma() &&
        detail::blendAllAvx2(a.data(), b.data(), rest.data(), aAnimated.data(), bAnimated.data(), output.size(),
                             uniform, jointWeights.empty() ? nullptr : jointWeights.data(), output.data()))
        return true;
    // Four joints animated in both clips at a time (the rest one by one).
    // A uniform weight makes the series' factors once for every joint.
    const float uniformLanes[4] = {uniform, uniform, uniform, uniform};
    const math::SlerpFactors uniformFactors(_mm_set1_ps(uniform));
    const auto bothLanes = [&](std::size_t j) {
        std::uint32_t x, y;
        std::memcpy(&x, &aAnimated[j], 4);
        std::memcpy(&y, &bAnimated[j], 4);
        int lanes = 0;
        for (int k = 0; k < 4; ++k)
            lanes |= ((x >> (8 * k)) & 0xFF) && ((y >> (8 * k)) & 0xFF) ? 1 << k : 0;
        return lanes;
    };
    // Two quads side by side where all eight joints blend at one weight.
    for (; jointWeights.empty() && i + 8 <= output.size() && bothLanes(i) == 0xF && bothLanes(i + 4) == 0xF; i += 8) {
        Quad g0, g1;
        loadQuad(g0, &a[i], &b[i], 0xF, &output[i]);
        loadQuad(g1, &a[i + 4], &b[i + 4], 0xF, &output[i + 4]);
        if (closeQuad(g0) && closeQuad(g1)) {
            slerpQuad<4>(g0, uniformFactors);
            slerpQuad<4>(g1, uniformFactors);
        } else {
            slerpQuad<8>(g0, uniformFactors);
            slerpQuad<8>(g1, uniformFactors);
        }
        const int done = storeQuad(g0, uniformLanes, true) | storeQuad(g1, uniformLanes, true) << 4;
        if (done != 0xFF)
            for (std::size_t k = 0; k < 8; ++k)
                if (!(done & (1 << k)))
                    blendOne(i + k);
    }
    for (; i + 4 <= output.size(); i += 4) {
        const int both = bothLanes(i);
        int done = 0;
        if (both && jointWeights.empty()) {
            done = blendFour(&a[i], &b[i], uniformLanes, uniformFactors, both, &output[i]);
        } else if (both) {
            const float w[4] = {weightOf(i), weightOf(i + 1), weightOf(i + 2), weightOf(i + 3)};
            done = blendFour(&a[i], &b[i], w, math::SlerpFactors(_mm_loadu_ps(w)), both, &output[i]);
        }
        if (done != 0xF)
            for (std::size_t k = 0; k < 4; ++k)
                if (!(done & (1 << k)))
                    blendOne(i + k);
    }
    // The last one to three joints: padded to four by repeating the last
    // (copies, so an output aliasing a or b is never read after a write).
    const std::size_t left = output.size() - i;
    if (left > 0 && jointWeights.empty()) {
        math::Transform ta[4], tb[4], to[4];
        int both = 0;
        for (std::size_t k = 0; k < 4; ++k) {
            const std::size_t j = i + std::min(k, left - 1);
            both |= aAnimated[j] && bAnimated[j] ? 1 << k : 0;
            ta[k] = a[j], tb[k] = b[j];
        }
        const int done = blendFour(ta, tb, uniformLanes, uniformFactors, both, to);
        for (std::size_t k = 0; k < left; ++k) {
            if (done & (1 << k))
                output[i + k] = to[k];
            else
                blendOne(i + k);
        }
        i = output.size();
    }
#endif
    for (; i < output.size(); ++i)
        blendOne(i);
    return true;
}

} // namespace marrow::anim
