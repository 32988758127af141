// SPDX-License-Identifier: MIT
#pragma once
#include "core/anim/channel.h"

#include <cstddef>
#include <functional>
#include <span>
#include <vector>

namespace marrow::anim {

// Key edits on one channel, as the dope sheet, the graph view and the pose
// tools make them. Each keeps the Channel invariants (validate()), keeps a
// key's value, mode, tangents and tangent mode together when it moves, and
// ends by recomputing auto-clamped tangents (updateAutoTangents), so a
// neighbour's curve follows. Key indices are into the channel as it is
// before the call; out-of-range indices are ignored.

// Inserts a key at `time`, or overwrites the last key at exactly that time,
// with `mode` as its segment's interpolation and `tangent` as its tangent
// mode (tangent arrays appear, zero-filled, once a cubic key needs them;
// per-key mode arrays appear once a key differs from Linear / Free). A
// rotation value is flipped into the previous key's hemisphere. Returns the
// key's index.
template <class T>
std::size_t insertKey(Channel<T>& channel, float time, const T& value, Interpolation mode,
                      TangentMode tangent = TangentMode::AutoClamped);

// Removes the keys at `indices` (any order, duplicates allowed).
template <class T>
void removeKeys(Channel<T>& channel, std::span<const std::size_t> indices);

// Gives the keys at `indices` the times map(time) (a move: t + dt; a scale:
// pivot + (t - pivot) * s), then re-sorts. A moved key lands on top of an
// unselected key at the same time and replaces it (the unselected one is
// removed); moved keys that land on one time keep the last, unless they
// were a jump (one old time). anim::landAndRetime keeps moved keys apart
// and stops at 0 (key_landing.h). Times are not
// clamped: the caller keeps them >= 0. Returns the moved keys' new indices,
// sorted.
template <class T>
std::vector<std::size_t> retimeKeys(Channel<T>& channel, std::span<const std::size_t> indices,
                                    const std::function<float(float)>& map);

// Sets the interpolation of the segments starting at the keys at `indices`.
template <class T>
void setKeyInterpolation(Channel<T>& channel, std::span<const std::size_t> indices, Interpolation mode);

// Sets the tangent mode of the keys at `indices` (Flat zeroes their slopes,
// AutoClamped and Vector recompute them, Free keeps what they have, Aligned
// gives both sides of each component the mean of their two slopes).
template <class T>
void setKeyTangentMode(Channel<T>& channel, std::span<const std::size_t> indices, TangentMode mode);

// Sets one key's in and out slopes (per second) and gives it `mode`, Free
// unless told (a tangent handle dragged in the graph view makes an Auto key
// Aligned). Grows tangent arrays if needed.
template <class T>
void setKeyTangents(Channel<T>& channel, std::size_t index, const T& inSlope, const T& outSlope,
                    TangentMode mode = TangentMode::Free);

// Adds `delta` to one component (glm's order: 0 x, 1 y, 2 z, 3 a
// quaternion's w) of the keys at `indices`: a key dragged by one curve in
// the graph view. A quaternion key is renormalised (math::withComponent:
// the component lands where it was put, the others scale together).
template <class T>
void offsetKeyComponent(Channel<T>& channel, std::span<const std::size_t> indices, int component, double delta);

// Which of a key's tangents a handle shows: incoming (left) or outgoing.
enum class HandleSide { In = -1, Out = 1 };

// One component's slope of one key set from a dragged handle, as Blender's
// handle types behave: a Free key's dragged side alone changes; an Aligned
// key's other side takes the same slope, so the two stay collinear; any
// other key (Auto, Vector, Flat) becomes Aligned, so the drag sticks rather
// than being recomputed. The other components keep their slopes.
template <class T>
void setKeyHandleSlope(Channel<T>& channel, std::size_t index, int component, HandleSide side, float slope);

// Indices of the keys whose time is exactly one of `times` (sorted or not).
template <class T>
std::vector<std::size_t> keysAtTimes(const Channel<T>& channel, std::span<const float> times);

extern template std::size_t insertKey(Vec3Channel&, float, const glm::vec3&, Interpolation, TangentMode);
extern template std::size_t insertKey(QuatChannel&, float, const glm::quat&, Interpolation, TangentMode);
extern template void removeKeys(Vec3Channel&, std::span<const std::size_t>);
extern template void removeKeys(QuatChannel&, std::span<const std::size_t>);
extern template std::vector<std::size_t> retimeKeys(Vec3Channel&, std::span<const std::size_t>, const std::function<float(float)>&);
extern template std::vector<std::size_t> retimeKeys(QuatChannel&, std::span<const std::size_t>, const std::function<float(float)>&);
extern template void setKeyInterpolation(Vec3Channel&, std::span<const std::size_t>, Interpolation);
extern template void setKeyInterpolation(QuatChannel&, std::span<const std::size_t>, Interpolation);
extern template void setKeyTangentMode(Vec3Channel&, std::span<const std::size_t>, TangentMode);
extern template void setKeyTangentMode(QuatChannel&, std::span<const std::size_t>, TangentMode);
extern template void setKeyTangents(Vec3Channel&, std::size_t, const glm::vec3&, const glm::vec3&, TangentMode);
extern template void setKeyTangents(QuatChannel&, std::size_t, const glm::quat&, const glm::quat&, TangentMode);
extern template void offsetKeyComponent(Vec3Channel&, std::span<const std::size_t>, int, double);
extern template void offsetKeyComponent(QuatChannel&, std::span<const std::size_t>, int, double);
extern template void setKeyHandleSlope(Vec3Channel&, std::size_t, int, HandleSide, float);
extern template void setKeyHandleSlope(QuatChannel&, std::size_t, int, HandleSide, float);
extern template std::vector<std::size_t> keysAtTimes(const Vec3Channel&, std::span<const float>);
extern template std::vector<std::size_t> keysAtTimes(const QuatChannel&, std::span<const float>);

} // namespace marrow::anim
