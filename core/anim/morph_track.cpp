// SPDX-License-Identifier: MIT
#include "core/anim/morph_track.h"

#include <algorithm>
#include <cmath>

namespace marrow::anim {

std::size_t MorphTrack::targetCount() const
{
    if (times.empty())
        return 0;
    const std::size_t perKey = interpolation == Interpolation::CubicSpline ? 3 : 1;
    return values.size() / times.size() / perKey;
}

std::optional<std::string> MorphTrack::validate(std::size_t targets) const
{
    const std::size_t perKey = interpolation == Interpolation::CubicSpline ? 3 : 1;
    if (interpolation > Interpolation::CubicSpline)
        return std::string("unknown interpolation");
    if (values.size() != times.size() * perKey * targets)
        return std::to_string(values.size()) + " values for " + std::to_string(times.size()) + " keys of " +
               std::to_string(targets) + " weights" + (perKey == 3 ? " (cubic keys hold 3 per weight)" : "");
    for (std::size_t k = 0; k < times.size(); ++k) {
        if (!std::isfinite(times[k]))
            return "key " + std::to_string(k) + " has a non-finite time";
        if (k > 0 && times[k] < times[k - 1])
            return "key times decrease at key " + std::to_string(k);
    }
    if (!std::all_of(values.begin(), values.end(), [](float v) { return std::isfinite(v); }))
        return std::string("a non-finite weight");
    return std::nullopt;
}

void sampleMorphTrack(const MorphTrack& track, float time, std::span<float> out)
{
    const std::size_t keys = track.times.size();
    const std::size_t n = std::min(out.size(), track.targetCount());
    if (keys == 0 || n == 0)
        return;
    const std::size_t targets = track.targetCount();
    const bool cubic = track.interpolation == Interpolation::CubicSpline;
    const std::size_t stride = targets * (cubic ? 3 : 1);
    // The value of weight w at key k (cubic keys hold in-tangents first).
    auto value = [&](std::size_t k, std::size_t w) { return track.values[k * stride + (cubic ? targets : 0) + w]; };
    if (time <= track.times.front() || keys == 1) {
        for (std::size_t w = 0; w < n; ++w)
            out[w] = value(0, w);
        return;
    }
    if (time >= track.times.back()) {
        for (std::size_t w = 0; w < n; ++w)
            out[w] = value(keys - 1, w);
        return;
    }
    // The segment [k, k + 1] holding time; at a repeated time the later key applies.
    const auto it = std::upper_bound(track.times.begin(), track.times.end(), time);
    const std::size_t k = static_cast<std::size_t>(it - track.times.begin()) - 1;
    const float t0 = track.times[k], t1 = track.times[k + 1];
    const float dt = t1 - t0;
    const float s = dt > 0.f ? (time - t0) / dt : 0.f;
    for (std::size_t w = 0; w < n; ++w) {
        const float a = value(k, w), b = value(k + 1, w);
        switch (track.interpolation) {
        case Interpolation::Step:
            out[w] = a;
            break;
        case Interpolation::Linear:
            out[w] = a + (b - a) * s;
            break;
        case Interpolation::CubicSpline: {
            const float outTangent = track.values[k * stride + 2 * targets + w];  // key k's out-tangent
            const float inTangent = track.values[(k + 1) * stride + w];           // key k+1's in-tangent
            const float s2 = s * s, s3 = s2 * s;
            out[w] = (2 * s3 - 3 * s2 + 1) * a + (s3 - 2 * s2 + s) * dt * outTangent + (-2 * s3 + 3 * s2) * b +
                     (s3 - s2) * dt * inTangent;
            break;
        }
        }
    }
}

} // namespace marrow::anim
