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

template <class T>
void updateAutoTangents(Channel<T>& c)
{
    const std::size_t n = c.size();
    if (c.tangentModes.size() != n || c.inTangents.size() != n || c.outTangents.size() != n)
        return;
    constexpr int components = static_cast<int>(sizeof(T) / sizeof(float));
    std::vector<float> values(n), slopes(n);
    for (int k = 0; k < components; ++k) {
        for (std::size_t i = 0; i < n; ++i)
            values[i] = c.values[i][k];
        autoClampedSlopes(c.times, values, slopes);
        for (std::size_t i = 0; i < n; ++i) {
            if (c.tangentModes[i] == TangentMode::Free)
                continue;
            const float slope = c.tangentModes[i] == TangentMode::AutoClamped ? slopes[i] : 0.f;
            c.inTangents[i][k] = slope;
            c.outTangents[i][k] = slope;
        }
    }
}

template void updateAutoTangents(Channel<glm::vec3>&);
template void updateAutoTangents(Channel<glm::quat>&);

} // namespace marrow::anim
