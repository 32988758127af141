// SPDX-License-Identifier: MIT
#pragma once
// The bodies of slerpShortest and safeNormalize, inline so the per-frame
// samplers and the blend get them without a call. Everyone else includes
// rotation.h.
#include "core/math/glm_config.h"

#include <cmath>

namespace marrow::math {

namespace detail {

// sin(t a) / sin(a) as a function of x = cos(a): the series
// t (1 + b1 (1 + b2 (1 + ... bN))), bi = (t^2 - i^2) / (i (2i + 1)) (x - 1),
// truncated after N terms: a few multiply-adds instead of acos and sin, and
// exact lerp weights at x = 1. Truncation error, checked against the closed
// form: N = 8 below 5e-9 for x >= 0.7 (keys up to 91 degrees apart), N = 4
// below 2e-9 for x >= 0.95; both under float rounding.
template <int N>
inline float sinRatio(float t, float xMinus1)
{
    constexpr float kInv[9] = {0.f, 1.f / 3.f, 1.f / 10.f, 1.f / 21.f, 1.f / 36.f,
                               1.f / 55.f, 1.f / 78.f, 1.f / 105.f, 1.f / 136.f};
    const float t2 = t * t;
    float acc = 1.f;
    for (int i = N; i >= 1; --i)
        acc = 1.f + (t2 - static_cast<float>(i * i)) * kInv[i] * xMinus1 * acc;
    return t * acc;
}

} // namespace detail

inline glm::quat safeNormalizeInline(const glm::quat& q)
{
    const float len2 = q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w;
    if (!(len2 > 1e-30f) || !std::isfinite(len2))
        return glm::quat(1.f, 0.f, 0.f, 0.f);
    const float inv = 1.f / std::sqrt(len2);
    return glm::quat(q.w * inv, q.x * inv, q.y * inv, q.z * inv);
}

inline glm::quat slerpShortestInline(const glm::quat& a, const glm::quat& bIn, float t)
{
    glm::quat b = bIn;
    float d = a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w;
    if (d < 0.f) {
        b = -b;
        d = -d;
    }
    float wa, wb;
    if (d > 0.9999f) {
        // Keys a frame apart: nlerp differs from slerp by under 5e-8 here.
        wa = 1.f - t;
        wb = t;
    } else if (d >= 0.7f) {
        // Close keys: the series is exact to float precision and avoids acos and sin.
        const float xm1 = d - 1.f;
        if (d >= 0.95f) {
            wa = detail::sinRatio<4>(1.f - t, xm1);
            wb = detail::sinRatio<4>(t, xm1);
        } else {
            wa = detail::sinRatio<8>(1.f - t, xm1);
            wb = detail::sinRatio<8>(t, xm1);
        }
    } else {
        // One acos and one sin/cos pair: sin((1-t)a) = sin(a)cos(ta) - cos(a)sin(ta).
        const float angle = std::acos(d);
        const float sinAngle = std::sqrt(1.f - d * d);
        const float invSin = 1.f / sinAngle;
        const float ta = t * angle;
        const float sinTa = std::sin(ta), cosTa = std::cos(ta);
        wa = (sinAngle * cosTa - d * sinTa) * invSin;
        wb = sinTa * invSin;
    }
    return safeNormalizeInline(glm::quat(wa * a.w + wb * b.w, wa * a.x + wb * b.x, wa * a.y + wb * b.y, wa * a.z + wb * b.z));
}

} // namespace marrow::math
