// SPDX-License-Identifier: MIT
#include "core/anim/blend_poses_job.h"
#include "core/math/rotation_inline.h"

#include <algorithm>
#include <cmath>
#include <cstddef>

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
// cos(a) = 1). Returns false, having written nothing, when a lane is over 91
// degrees (acos and sin) or its result cannot be normalised: the caller then
// blends those four one by one.
template <int N>
__m128 sinRatio4(__m128 t, __m128 xMinus1)
{
    constexpr float kInv[9] = {0.f, 1.f / 3.f, 1.f / 10.f, 1.f / 21.f, 1.f / 36.f,
                               1.f / 55.f, 1.f / 78.f, 1.f / 105.f, 1.f / 136.f};
    const __m128 t2 = _mm_mul_ps(t, t), one = _mm_set1_ps(1.f);
    __m128 acc = one;
    for (int i = N; i >= 1; --i) {
        const __m128 term = _mm_mul_ps(_mm_mul_ps(_mm_sub_ps(t2, _mm_set1_ps(static_cast<float>(i * i))),
                                                  _mm_set1_ps(kInv[i])),
                                       xMinus1);
        acc = _mm_add_ps(one, _mm_mul_ps(term, acc));
    }
    return _mm_mul_ps(t, acc);
}

bool blendFour(const math::Transform* a, const math::Transform* b, const float* w, math::Transform* out)
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
    if (_mm_movemask_ps(_mm_cmpge_ps(d, _mm_set1_ps(0.7f))) != 0xF)
        return false;  // a lane over 91 degrees (or NaN): acos and sin
    const __m128 t = _mm_loadu_ps(w), t1 = _mm_sub_ps(_mm_set1_ps(1.f), t);
    const __m128 xm1 = _mm_sub_ps(d, _mm_set1_ps(1.f));
    const bool close = _mm_movemask_ps(_mm_cmpge_ps(d, _mm_set1_ps(0.95f))) == 0xF;
    const __m128 wa = close ? sinRatio4<4>(t1, xm1) : sinRatio4<8>(t1, xm1);
    const __m128 wb = close ? sinRatio4<4>(t, xm1) : sinRatio4<8>(t, xm1);
    __m128 qx = _mm_add_ps(_mm_mul_ps(wa, ax), _mm_mul_ps(wb, bx));
    __m128 qy = _mm_add_ps(_mm_mul_ps(wa, ay), _mm_mul_ps(wb, by));
    __m128 qz = _mm_add_ps(_mm_mul_ps(wa, az), _mm_mul_ps(wb, bz));
    __m128 qw = _mm_add_ps(_mm_mul_ps(wa, aw), _mm_mul_ps(wb, bw));
    const __m128 len2 = _mm_add_ps(_mm_add_ps(_mm_add_ps(_mm_mul_ps(qx, qx), _mm_mul_ps(qy, qy)), _mm_mul_ps(qz, qz)),
                                   _mm_mul_ps(qw, qw));
    const __m128 ok = _mm_and_ps(_mm_cmpgt_ps(len2, _mm_set1_ps(1e-30f)), _mm_cmplt_ps(len2, _mm_set1_ps(INFINITY)));
    if (_mm_movemask_ps(ok) != 0xF)
        return false;
    const __m128 inv = _mm_div_ps(_mm_set1_ps(1.f), _mm_sqrt_ps(len2));
    qx = _mm_mul_ps(qx, inv), qy = _mm_mul_ps(qy, inv), qz = _mm_mul_ps(qz, inv), qw = _mm_mul_ps(qw, inv);
    _MM_TRANSPOSE4_PS(qx, qy, qz, qw);
    const __m128 q[4] = {qx, qy, qz, qw};
    // Translation (with the rotation's x after it) and scale (with the
    // rotation's w before it) lerp as four floats; the rotation is stored
    // last, over the two lanes that are not theirs. (A Transform is 10
    // floats: translation 0-2, rotation 3-6, scale 7-9.)
    for (int k = 0; k < 4; ++k) {
        const __m128 wk = _mm_set1_ps(w[k]);
        const __m128 ta = _mm_loadu_ps(&a[k].translation.x), tb = _mm_loadu_ps(&b[k].translation.x);
        const __m128 sa = _mm_loadu_ps(&a[k].scale.x - 1), sb = _mm_loadu_ps(&b[k].scale.x - 1);
        _mm_storeu_ps(&out[k].translation.x, _mm_add_ps(ta, _mm_mul_ps(_mm_sub_ps(tb, ta), wk)));
        _mm_storeu_ps(&out[k].scale.x - 1, _mm_add_ps(sa, _mm_mul_ps(_mm_sub_ps(sb, sa), wk)));
        _mm_storeu_ps(&out[k].rotation.x, q[k]);
    }
    return true;
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

bool BlendPosesJob::run() const
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
    for (; i + 4 <= output.size(); i += 4) {
        const bool both = aAnimated[i] && bAnimated[i] && aAnimated[i + 1] && bAnimated[i + 1] && aAnimated[i + 2] &&
                          bAnimated[i + 2] && aAnimated[i + 3] && bAnimated[i + 3];
        const float w[4] = {weightOf(i), weightOf(i + 1), weightOf(i + 2), weightOf(i + 3)};
        if (!both || !blendFour(&a[i], &b[i], w, &output[i]))
            for (std::size_t k = i; k < i + 4; ++k)
                blendOne(k);
    }
#endif
    for (; i < output.size(); ++i)
        blendOne(i);
    return true;
}

} // namespace marrow::anim
