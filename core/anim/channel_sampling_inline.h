// SPDX-License-Identifier: MIT
#pragma once
// The bodies of sampleChannel, inline for the per-frame jobs (SampleClipJob
// calls them once per channel per frame). Everyone else includes
// channel_sampling.h.
#include "core/anim/channel_sampling.h"
#include "core/math/rotation_inline.h"

#include <algorithm>

namespace marrow::anim {


namespace detail {

// The interval search, inlined into the samplers below (one call per channel
// per frame); findKeyInterval is the same code for outside callers.
inline std::uint32_t findInterval(const std::vector<float>& times, double t, std::uint32_t& cursor)
{
    const std::size_t n = times.size();
    // Fast path for playback: the same interval, or the next one.
    std::size_t c = cursor;
    if (c + 1 < n && times[c] <= t) {
        if (t < times[c + 1])
            return cursor;
        if (c + 2 < n && t < times[c + 2] && times[c + 1] <= t)
            return cursor = static_cast<std::uint32_t>(c + 1);
    }
    // upper_bound picks the last of equal times, so a duplicated key applies from its time on.
    const auto it = std::upper_bound(times.begin(), times.end(), t, [](double x, float key) { return x < key; });
    std::size_t i = static_cast<std::size_t>(it - times.begin());
    i = i == 0 ? 0 : i - 1;
    if (i + 1 >= n)
        i = n >= 2 ? n - 2 : 0;
    cursor = static_cast<std::uint32_t>(i);
    return cursor;
}

} // namespace detail


namespace detail {

struct Hermite {
    float h00, h10, h01, h11;
};

// The key that holds at or before the first key time: a jump there (two keys
// at that time) means the later key applies from that time on.
inline std::size_t firstKeyAt(const std::vector<float>& times, double t)
{
    return times.size() > 1 && times[1] == t ? 1 : 0;
}

// Where t falls among a channel's keys: clamped to one key (before the first,
// after the last, or a one-key channel), or inside [key, key + 1] at u.
struct KeySpan {
    std::size_t key = 0;
    bool clamped = true;
    float u = 0.f;   // 0..1 within the interval
    float dt = 0.f;  // interval length, scales cubic tangents
};

inline KeySpan locateKeys(const std::vector<float>& times, double t, std::uint32_t& cursor)
{
    const std::size_t n = times.size();
    if (n == 1 || !(t > times.front()))
        return {firstKeyAt(times, t)};
    if (t >= times.back())
        return {n - 1};
    const std::uint32_t i = findInterval(times, t, cursor);
    const double t0 = times[i], t1 = times[i + 1];
    return {i, false, static_cast<float>((t - t0) / (t1 - t0)), static_cast<float>(t1 - t0)};
}

inline Hermite hermite(float u)
{
    const float u2 = u * u, u3 = u2 * u;
    return {2.f * u3 - 3.f * u2 + 1.f, u3 - 2.f * u2 + u, -2.f * u3 + 3.f * u2, u3 - u2};
}

} // namespace detail

inline glm::vec3 sampleVec3Inline(const Vec3Channel& c, double t, std::uint32_t& cursor)
{
    const detail::KeySpan k = detail::locateKeys(c.times, t, cursor);
    const std::size_t i = k.key;
    const float u = k.u, dt = k.dt;
    if (k.clamped)
        return c.values[i];
    switch (c.segment(i)) {
    case Interpolation::Step:
        return c.values[i];
    case Interpolation::Linear:
        return c.values[i] + (c.values[i + 1] - c.values[i]) * u;
    case Interpolation::CubicSpline: {
        const detail::Hermite h = detail::hermite(u);
        return h.h00 * c.values[i] + h.h10 * dt * c.outTangents[i] + h.h01 * c.values[i + 1] +
               h.h11 * dt * c.inTangents[i + 1];
    }
    }
    return c.values[i];
}

// A rotation channel where locateKeys put the time.
inline glm::quat sampleQuatSpan(const QuatChannel& c, const detail::KeySpan& k)
{
    const std::size_t i = k.key;
    const float u = k.u, dt = k.dt;
    if (k.clamped)
        return math::safeNormalizeInline(c.values[i]);
    switch (c.segment(i)) {
    case Interpolation::Step:
        return math::safeNormalizeInline(c.values[i]);
    case Interpolation::Linear:
        return math::slerpShortestInline(c.values[i], c.values[i + 1], u);
    case Interpolation::CubicSpline: {
        // glTF: Hermite on the raw components, then normalise.
        const detail::Hermite h = detail::hermite(u);
        const glm::quat& p0 = c.values[i];
        const glm::quat& p1 = c.values[i + 1];
        const glm::quat m0 = c.outTangents[i] * dt;
        const glm::quat m1 = c.inTangents[i + 1] * dt;
        const glm::quat q(h.h00 * p0.w + h.h10 * m0.w + h.h01 * p1.w + h.h11 * m1.w,
                          h.h00 * p0.x + h.h10 * m0.x + h.h01 * p1.x + h.h11 * m1.x,
                          h.h00 * p0.y + h.h10 * m0.y + h.h01 * p1.y + h.h11 * m1.y,
                          h.h00 * p0.z + h.h10 * m0.z + h.h01 * p1.z + h.h11 * m1.z);
        return math::safeNormalizeInline(q);
    }
    }
    return math::safeNormalizeInline(c.values[i]);
}

inline glm::quat sampleQuatInline(const QuatChannel& c, double t, std::uint32_t& cursor)
{
    return sampleQuatSpan(c, detail::locateKeys(c.times, t, cursor));
}

} // namespace marrow::anim
