// SPDX-License-Identifier: MIT
#include "core/anim/auto_tangents.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace marrow::anim {

void autoClampedSlopes(std::span<const float> times, std::span<const float> values, std::span<float> slopes)
{
    const std::size_t n = times.size();
    if (values.size() != n || slopes.size() != n)
        return;
    for (std::size_t i = 0; i < n; ++i) {
        if (i == 0 || i + 1 == n) {
            slopes[i] = 0.f;
            continue;
        }
        const float left = (values[i] - values[i - 1]) / (times[i] - times[i - 1]);
        const float right = (values[i + 1] - values[i]) / (times[i + 1] - times[i]);
        if (left * right <= 0.f) {  // an extremum or a flat side: a flat handle never overshoots
            slopes[i] = 0.f;
            continue;
        }
        float slope = (values[i + 1] - values[i - 1]) / (times[i + 1] - times[i - 1]);
        const float limit = 3.f * std::min(std::abs(left), std::abs(right));
        slopes[i] = std::copysign(std::min(std::abs(slope), limit), slope);
    }
}

float hermite(float t0, float v0, float s0, float t1, float v1, float s1, float t)
{
    const float dt = t1 - t0;
    if (!(dt > 0.f))
        return v1;
    const float u = std::clamp((t - t0) / dt, 0.f, 1.f);
    const float u2 = u * u, u3 = u2 * u;
    return (2.f * u3 - 3.f * u2 + 1.f) * v0 + (u3 - 2.f * u2 + u) * dt * s0 + (-2.f * u3 + 3.f * u2) * v1
         + (u3 - u2) * dt * s1;
}

namespace {

// The slope of the line from key a to key b, or 0 when they share a time (a jump).
float secant(std::span<const float> times, std::span<const float> values, std::size_t a, std::size_t b)
{
    const float dt = times[b] - times[a];
    return dt > 0.f ? (values[b] - values[a]) / dt : 0.f;
}

} // namespace

void vectorSlopes(std::span<const float> times, std::span<const float> values, std::span<float> in,
                  std::span<float> out)
{
    const std::size_t n = times.size();
    if (values.size() != n || in.size() != n || out.size() != n)
        return;
    for (std::size_t i = 0; i < n; ++i) {
        const bool left = i > 0, right = i + 1 < n;
        const float l = left ? secant(times, values, i - 1, i) : 0.f;
        const float r = right ? secant(times, values, i, i + 1) : 0.f;
        // An end key has one neighbour: both sides point at it.
        in[i] = left ? l : r;
        out[i] = right ? r : l;
    }
}

template <class T>
void updateAutoTangents(Channel<T>& c)
{
    const std::size_t n = c.size();
    if (c.tangentModes.size() != n || c.inTangents.size() != n || c.outTangents.size() != n)
        return;
    constexpr int components = static_cast<int>(sizeof(T) / sizeof(float));
    std::vector<float> values(n), slopes(n), in(n), out(n);
    for (int k = 0; k < components; ++k) {
        for (std::size_t i = 0; i < n; ++i)
            values[i] = c.values[i][k];
        autoClampedSlopes(c.times, values, slopes);
        vectorSlopes(c.times, values, in, out);
        for (std::size_t i = 0; i < n; ++i) {
            switch (c.tangentModes[i]) {
            case TangentMode::Free:
            case TangentMode::Aligned: break;  // set by hand: kept
            case TangentMode::Vector:
                c.inTangents[i][k] = in[i];
                c.outTangents[i][k] = out[i];
                break;
            case TangentMode::AutoClamped:
            case TangentMode::Flat: {
                const float slope = c.tangentModes[i] == TangentMode::AutoClamped ? slopes[i] : 0.f;
                c.inTangents[i][k] = slope;
                c.outTangents[i][k] = slope;
                break;
            }
            }
        }
    }
}

template void updateAutoTangents(Channel<glm::vec3>&);
template void updateAutoTangents(Channel<glm::quat>&);

} // namespace marrow::anim
