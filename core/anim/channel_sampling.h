// SPDX-License-Identifier: MIT
#pragma once
#include "core/anim/channel.h"

#include <cstdint>

namespace marrow::anim {

// Value of a channel at time t, clamped to the channel's own key range (the
// first value before the first key, the last after the last). `cursor` caches
// the last key interval: playing forward costs O(1) per call, a jump costs a
// binary search. Any cursor value is safe; 0 is a fine start. The channel must
// not be empty. Rotations come back unit length.
glm::vec3 sampleChannel(const Vec3Channel& c, float t, std::uint32_t& cursor);
glm::quat sampleChannel(const QuatChannel& c, float t, std::uint32_t& cursor);

// Index i of the key interval [times[i], times[i+1]) holding t, for
// times.front() <= t < times.back(); uses and updates the cursor.
std::uint32_t findKeyInterval(const std::vector<float>& times, float t, std::uint32_t& cursor);

} // namespace marrow::anim
