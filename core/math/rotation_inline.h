// SPDX-License-Identifier: MIT
#pragma once
// The bodies of slerpShortest and safeNormalize, inline so the per-frame
// samplers and the blend get them without a call. Everyone else includes
// rotation.h.
#include "core/math/glm_config.h"

#include <cmath>

namespace marrow::math {

namespace detail {

// sin(t a) / sin(a) as a function of x = cos(a), with y = x - 1: the series
// t (1 + b1 y (1 + b2 y (1 + ... bN y))), bi = (t^2 - i^2) / (i (2i + 1)),
// truncated after N terms and multiplied out into powers of y
// (p_k = b1 ... bk, all terms of one sign, so no cancellation), evaluated in
// Estrin's order: a short dependency chain instead of N nested steps, and
// exact lerp weights at x = 1. Truncation error, checked against the closed
// form: N = 8 below 5e-9 for x >= 0.7 (keys up to 91 degrees apart), N = 4
// below 2e-9 for x >= 0.95; both under float rounding. slerp_series_sse.h
// does the same operations on four lanes.
template <int N>
inline float sinRatio(float t, float y)
{
    static_assert(N == 4 || N == 8);
    constexpr float kInv[9] = {0.f, 1.f / 3.f, 1.f / 10.f, 1.f / 21.f, 1.f / 36.f,
                               1.f / 55.f, 1.f / 78.f, 1.f / 105.f, 1.f / 136.f};
    const float t2 = t * t;
    float p[N + 1];
    for (int i = 1; i <= N; ++i) {
        const float c = (t2 - static_cast<float>(i * i)) * kInv[i];
        p[i] = i == 1 ? c : p[i - 1] * c;
    }
    const float y2 = y * y;
    const float a01 = 1.f + p[1] * y, a23 = p[2] + p[3] * y;
    if constexpr (N == 4) {
        return t * (a01 + y2 * (a23 + y2 * p[4]));
    } else {
        const float y4 = y2 * y2;
        const float a45 = p[4] + p[5] * y, a67 = p[6] + p[7] * y;
        const float lo = a01 + y2 * a23;
        const float hi = a45 + y2 * (a67 + y2 * p[8]);
        return t * (lo + y4 * hi);
    }
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
