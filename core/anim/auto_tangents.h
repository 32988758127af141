// SPDX-License-Identifier: MIT
#pragma once
#include "core/anim/channel.h"

#include <span>

namespace marrow::anim {

// Auto-clamped cubic tangents (Blender's default handle type), as slopes
// per second, for one scalar curve through keys (times strictly increasing):
// each inner key takes the slope of the line through its neighbours, zero at
// a local extremum or a flat side, and is limited so that the Hermite
// segment on either side stays between its two keys' values (Fritsch and
// Carlson's monotone bound: |slope| <= 3 |secant| of each side). The first
// and last keys are flat. Writes one slope per key into `slopes` (same size
// as `times` and `values`); does nothing when the sizes differ.
void autoClampedSlopes(std::span<const float> times, std::span<const float> values, std::span<float> slopes);

// The cubic Hermite value between keys (t0, v0, slope s0) and (t1, v1, s1)
// at time t in [t0, t1], slopes per second (glTF's CUBICSPLINE with
// tangents scaled by the interval).
float hermite(float t0, float v0, float s0, float t1, float v1, float s1, float t);

// Vector handles (Blender's) for one scalar curve: each key's in slope is the
// secant to the key before it, its out slope the secant to the key after;
// an end key's both sides take its one secant, a lone key's are 0, and a
// jump (two keys at one time) gives 0 rather than dividing by no time.
// Writes one slope per key into `in` and `out`; does nothing when sizes differ.
void vectorSlopes(std::span<const float> times, std::span<const float> values, std::span<float> in,
                  std::span<float> out);

// Recomputes a channel's tangents from their modes: AutoClamped keys take
// autoClampedSlopes per component (quaternions component-wise on the stored,
// hemisphere-aligned values), Vector keys vectorSlopes, Flat keys zero, Free
// and Aligned keys keep theirs. Runs
// after any key edit that moves, adds or removes a neighbour. A channel
// without tangent modes, or without one tangent per key, is left alone.
template <class T>
void updateAutoTangents(Channel<T>& channel);

} // namespace marrow::anim
