// SPDX-License-Identifier: MIT
#pragma once
#include "core/math/glm_config.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace marrow::anim {

// How a channel moves between two keys (glTF sampler interpolation).
enum class Interpolation : std::uint8_t { Step, Linear, CubicSpline };

const char* interpolationName(Interpolation i);

// One animated property of one joint: keys sorted by time, as parallel arrays
// so sampling touches only the memory it needs. Invariants (validate()):
// times strictly increase, except that two equal times mark a jump (the later
// key applies from that time on); values.size() == times.size(); for
// CubicSpline, inTangents and outTangents have the same size too (glTF
// tangents, per second: sampling scales them by the key interval).
template <class T>
struct Channel {
    Interpolation interpolation = Interpolation::Linear;
    std::vector<float> times;
    std::vector<T> values;
    std::vector<T> inTangents;
    std::vector<T> outTangents;

    bool empty() const { return times.empty(); }
    std::size_t size() const { return times.size(); }
    float firstTime() const { return times.empty() ? 0.f : times.front(); }
    float lastTime() const { return times.empty() ? 0.f : times.back(); }
    std::optional<std::string> validate() const;
    bool operator==(const Channel&) const = default;
};

using Vec3Channel = Channel<glm::vec3>;
using QuatChannel = Channel<glm::quat>;

extern template struct Channel<glm::vec3>;
extern template struct Channel<glm::quat>;

} // namespace marrow::anim
