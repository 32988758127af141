// SPDX-License-Identifier: MIT
#pragma once
#include <optional>
#include <string>

namespace marrow::anim {

struct Clip;

// A clip's manual frame range (Blender's action "Manual Frame Range"), in
// seconds: playback loops over [start, end] and the clip is `end` long,
// whatever its keys say. Without one a clip's length follows its keys.
struct ClipRange {
    float start = 0.f;
    float end = 0.f;
    bool operator==(const ClipRange&) const = default;
};

// The longest range (and clip) Marrow accepts: a day.
inline constexpr float kMaxClipSeconds = 86400.f;

// Why a range is not one (not finite, start < 0, end <= start, end past
// kMaxClipSeconds), or nullopt.
std::optional<std::string> validateRange(const ClipRange& range);

// The length of a clip whose last key (any channel, morph weights
// included) is at `lastKey`: the manual range's end when it has one, else
// the last key, else (no key after time 0) `current`, so an empty new clip
// keeps the room it was made with to scrub and key in.
float followedLength(const std::optional<ClipRange>& range, float lastKey, float current);

// Where looping playback over [start, end] puts time t: t itself inside,
// wrapped into [start, end) past the end or before the start. An empty or
// reversed span gives start.
double wrapIntoRange(double t, double start, double end);

// For formats whose animation length is its last key (glTF): when the
// clip's keys end before its duration (a manual range longer than them),
// the channel that ends last gets a key at the duration holding its last
// value (tangents flat, so a cubic segment holds too), and the clip is
// exactly as long as before and poses the same at every time. False (the
// clip untouched) when its keys reach the duration or it has none.
bool holdKeysToDuration(Clip& clip);

} // namespace marrow::anim
