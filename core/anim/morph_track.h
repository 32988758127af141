// SPDX-License-Identifier: MIT
#pragma once
#include "core/anim/channel.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace marrow::anim {

// The morph-target weights of one mesh over a clip (a glTF "weights"
// channel; the import gives each primitive of the animated node's mesh its
// own copy). One interpolation for the whole track, as a glTF sampler has:
// per key, `targets` values for Step and Linear, or 3 * targets for
// CubicSpline laid out as glTF does (in-tangents, values, out-tangents, the
// tangents per second).
struct MorphTrack {
    std::uint32_t mesh = 0;  // index into Rig::meshes
    Interpolation interpolation = Interpolation::Linear;
    std::vector<float> times;
    std::vector<float> values;

    float lastTime() const { return times.empty() ? 0.f : times.back(); }
    // Weights per key: values / keys / (1 or 3); 0 for an empty track.
    std::size_t targetCount() const;
    // Times finite and not decreasing (a repeated time is a jump), values
    // finite and `targets` per key.
    std::optional<std::string> validate(std::size_t targets) const;
    bool operator==(const MorphTrack&) const = default;
};

// The track's weights at `time` (clamped to its keys), per glTF's sampler
// rules; out holds one weight per target. An empty track leaves out alone.
void sampleMorphTrack(const MorphTrack& track, float time, std::span<float> out);

} // namespace marrow::anim
