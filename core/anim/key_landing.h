// SPDX-License-Identifier: MIT
#pragma once
#include "core/anim/channel.h"

#include <cstddef>
#include <functional>
#include <span>
#include <vector>

namespace marrow::anim {

// The rules a move or scale of keys (the dope sheet's G / S and drags, the
// graph view's drags) follows so that it never loses a key silently:
// - no key goes below time 0: the offset or factor stops at the bound;
// - moved keys of one channel keep distinct times: when snapping would put
//   two on one frame, the later one (in landing order, then in the old
//   order) goes to the next frame that holds no key;
// - a moved key that lands on an unmoved one replaces it (as a drag onto a
//   key always did), and the caller is told how many keys that removes.
// Keys at one time (a jump) move as one and stay a jump.

// Two times closer than this are one key position (anim::retimeKeys' rule).
inline constexpr float kSameKeyTime = 1e-5f;

// The offset, no less than -earliest (the earliest moved key, clamped to >= 0).
double clampKeyOffset(double offset, double earliest);

// The factor, within the range that keeps pivot + (t - pivot) * factor >= 0
// for every moved key t in [earliest, latest]. With pivot >= 0 the range
// holds 0, so a bound always exists; a factor outside it stops on it.
double clampKeyFactor(double factor, double pivot, double earliest, double latest);

// Where a key at t asks to land when keys scale by `factor` about `pivot`,
// snapped to the frames of fps (<= 0 or not finite counts as 30). It works
// in frames from the frames t and pivot sit on (float times sit a rounding
// error off them) and rounds halves up within a tolerance: S 0.5 about an
// odd frame puts every key of an even spacing on a half frame, and all of
// them must round the same way to stay evenly spaced. Never below 0.
double snappedScaleTime(double t, double pivot, double factor, double fps);

// Where the moved keys of one channel land.
struct KeyLanding {
    std::vector<float> times;  // per moved key, in the order of `moved`
    std::size_t merged = 0;    // unmoved keys that moved keys land on (they go)
};

// `times`: the channel's key times (sorted); `moved`: indices of the keys
// that move (duplicates and out-of-range indices ignored); `wanted`: where
// each asks to land, parallel to `moved` (>= 0, snapped or not). A crowded
// key steps along the frames of `fps` (<= 0 or not finite counts as 30).
KeyLanding landKeys(std::span<const float> times, std::span<const std::size_t> moved,
                    std::span<const float> wanted, double fps);

// Moves the keys at `indices` of `channel` to where landKeys puts them for
// wanted(t), through anim::retimeKeys (attributes travel, auto tangents
// follow). Returns the moved keys' new indices, sorted; adds the keys it
// replaced to *merged when given.
template <class T>
std::vector<std::size_t> landAndRetime(Channel<T>& channel, std::span<const std::size_t> indices,
                                       const std::function<float(float)>& wanted, double fps,
                                       std::size_t* merged = nullptr);

// The landing of `indices` for wanted(t) without editing (previews).
template <class T>
KeyLanding planLanding(const Channel<T>& channel, std::span<const std::size_t> indices,
                       const std::function<float(float)>& wanted, double fps);

extern template std::vector<std::size_t> landAndRetime(Vec3Channel&, std::span<const std::size_t>,
                                                       const std::function<float(float)>&, double, std::size_t*);
extern template std::vector<std::size_t> landAndRetime(QuatChannel&, std::span<const std::size_t>,
                                                       const std::function<float(float)>&, double, std::size_t*);
extern template KeyLanding planLanding(const Vec3Channel&, std::span<const std::size_t>,
                                       const std::function<float(float)>&, double);
extern template KeyLanding planLanding(const QuatChannel&, std::span<const std::size_t>,
                                       const std::function<float(float)>&, double);

} // namespace marrow::anim
