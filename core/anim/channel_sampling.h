// SPDX-License-Identifier: MIT
#pragma once
#include "core/anim/channel.h"

#include <cstdint>

namespace marrow::anim {

// Value of a channel at time t, clamped to the channel's own key range (the
// first value before the first key, the last after the last). `cursor` caches
// the last key interval: playing forward costs O(1) per call, a jump costs a
// binary search. Any cursor value is safe; 0 is a fine start. The channel must
// not be empty. Rotations come back unit length: keys are used as stored
// (slightly non-unit in some files) and the result is normalised, as the
// glTF reference poser and three.js do. t is a double so that a requested
// 0.1 s compares with a float key time of 0.1f the way those readers compare.
glm::vec3 sampleChannel(const Vec3Channel& c, double t, std::uint32_t& cursor);
glm::quat sampleChannel(const QuatChannel& c, double t, std::uint32_t& cursor);

// Index i of the key interval [times[i], times[i+1]) holding t, for
// times.front() <= t < times.back(); uses and updates the cursor.
std::uint32_t findKeyInterval(const std::vector<float>& times, double t, std::uint32_t& cursor);

} // namespace marrow::anim
