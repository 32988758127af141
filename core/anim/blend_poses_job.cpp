// SPDX-License-Identifier: MIT
#include "core/anim/blend_poses_job.h"
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

float clamp01(float x)
{
    return x > 0.f ? std::min(x, 1.f) : 0.f;  // NaN -> 0
}

#if defined(__SSE2__)
// Four joints' blends at once (SSE2): translation and scale lerped, rotation
// slerped on the shortest arc by the series of math::slerpShortestInline
// (sin(t a) / sin(a) in cos(a): 4 terms when every lane is within 18
// degrees, else 8; exact to float rounding, and exactly the lerp weights at
// cos(a) = 1). Blends the lanes in `lanes` (a bit per joint) and returns
// those written: not a lane over 91 degrees (acos and sin) or whose result
// cannot be normalised; the caller blends the others one by one. A lane
// writes only its own joint, so an output aliasing a or b stays safe.
[[gnu::always_inline]] inline int blendFour(const math::Transform* a, const math::Transform* b, const float* w, const math::SlerpFactors& f,
              int lanes, math::Transform* out)
{
    __m128 ax = _mm_loadu_ps(&a[0].rotation.x), ay = _mm_loadu_ps(&a[1].rotation.x);
    __m128 az = _mm_loadu_ps(&a[2].rotation.x), aw = _mm_loadu_ps(&a[3].rotation.x);
    _MM_TRANSPOSE4_PS(ax, ay, az, aw);
    __m128 bx = _mm_loadu_ps(&b[0].rotation.x), by = _mm_loadu_ps(&b[1].rotation.x);
    __m128 bz = _mm_loadu_ps(&b[2].rotation.x), bw = _mm_loadu_ps(&b[3].rotation.x);
    _MM_TRANSPOSE4_PS(bx, by, bz, bw);
    __m128 d = _mm_add_ps(_mm_add_ps(_mm_add_ps(_mm_mul_ps(ax, bx), _mm_mul_ps(ay, by)), _mm_mul_ps(az, bz)),
                          _mm_mul_ps(aw, bw));
    const __m128 sign = _mm_and_ps(_mm_cmplt_ps(d, _mm_setzero_ps()), _mm_set1_ps(-0.f));
    bx = _mm_xor_ps(bx, sign), by = _mm_xor_ps(by, sign), bz = _mm_xor_ps(bz, sign), bw = _mm_xor_ps(bw, sign);
    d = _mm_xor_ps(d, sign);
    lanes &= _mm_movemask_ps(_mm_cmpge_ps(d, _mm_set1_ps(0.7f)));  // not over 91 degrees (nor NaN): acos and sin
    if (lanes == 0)
        return 0;
    const __m128 xm1 = _mm_sub_ps(d, _mm_set1_ps(1.f));
    const bool close = (_mm_movemask_ps(_mm_cmpge_ps(d, _mm_set1_ps(0.95f))) & lanes) == lanes;
    const __m128 wa = close ? math::sinRatio4<4>(f.a, xm1) : math::sinRatio4<8>(f.a, xm1);
    const __m128 wb = close ? math::sinRatio4<4>(f.b, xm1) : math::sinRatio4<8>(f.b, xm1);
    __m128 qx = _mm_add_ps(_mm_mul_ps(wa, ax), _mm_mul_ps(wb, bx));
    __m128 qy = _mm_add_ps(_mm_mul_ps(wa, ay), _mm_mul_ps(wb, by));
    __m128 qz = _mm_add_ps(_mm_mul_ps(wa, az), _mm_mul_ps(wb, bz));
    __m128 qw = _mm_add_ps(_mm_mul_ps(wa, aw), _mm_mul_ps(wb, bw));
    const __m128 len2 = _mm_add_ps(_mm_add_ps(_mm_add_ps(_mm_mul_ps(qx, qx), _mm_mul_ps(qy, qy)), _mm_mul_ps(qz, qz)),
                                   _mm_mul_ps(qw, qw));
    const __m128 ok = _mm_and_ps(_mm_cmpgt_ps(len2, _mm_set1_ps(1e-30f)), _mm_cmplt_ps(len2, _mm_set1_ps(INFINITY)));
    lanes &= _mm_movemask_ps(ok);
    const __m128 inv = _mm_div_ps(_mm_set1_ps(1.f), _mm_sqrt_ps(len2));
    qx = _mm_mul_ps(qx, inv), qy = _mm_mul_ps(qy, inv), qz = _mm_mul_ps(qz, inv), qw = _mm_mul_ps(qw, inv);
    _MM_TRANSPOSE4_PS(qx, qy, qz, qw);
    const __m128 q[4] = {qx, qy, qz, qw};
    // Translation (with the rotation's x after it) and scale (with the
    // rotation's w before it) lerp as four floats; the rotation is stored
    // last, over the two lanes that are not theirs. (A Transform is 10
    // floats: translation 0-2, rotation 3-6, scale 7-9.)
    const auto blendLane = [&](int k) {
        const __m128 wk = _mm_set1_ps(w[k]);
        const __m128 ta = _mm_loadu_ps(&a[k].translation.x), tb = _mm_loadu_ps(&b[k].translation.x);
        const __m128 sa = _mm_loadu_ps(&a[k].scale.x - 1), sb = _mm_loadu_ps(&b[k].scale.x - 1);
        _mm_storeu_ps(&out[k].translation.x, _mm_add_ps(ta, _mm_mul_ps(_mm_sub_ps(tb, ta), wk)));
        _mm_storeu_ps(&out[k].scale.x - 1, _mm_add_ps(sa, _mm_mul_ps(_mm_sub_ps(sb, sa), wk)));
        _mm_storeu_ps(&out[k].rotation.x, q[k]);
    };
    if (lanes == 0xF) {  // the usual case, without a branch per lane
        blendLane(0), blendLane(1), blendLane(2), blendLane(3);
        return lanes;
    }
    for (int k = 0; k < 4; ++k)
        if (lanes & (1 << k))
            blendLane(k);
    return lanes;
}
#endif

} // namespace

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
    const float uniform = clamp01(weight);
    const auto weightOf = [&](std::size_t i) { return jointWeights.empty() ? uniform : clamp01(jointWeights[i]); };
    const auto blendOne = [&](std::size_t i) {
        const float w = weightOf(i);
        const bool inA = aAnimated[i] != 0, inB = bAnimated[i] != 0;
        if (inA && inB) {
            math::Transform t;
            t.translation = a[i].translation + (b[i].translation - a[i].translation) * w;
            t.scale = a[i].scale + (b[i].scale - a[i].scale) * w;
            t.rotation = math::slerpShortestInline(a[i].rotation, b[i].rotation, w);
            output[i] = t;
        } else if (inA) {
            output[i] = a[i];
        } else if (inB) {
            output[i] = b[i];
        } else {
            output[i] = rest[i];
        }
    };
    std::size_t i = 0;
#if defined(__SSE2__)
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
