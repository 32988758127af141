// SPDX-License-Identifier: MIT
#pragma once
#include "core/model/rig.h"

#include <optional>
#include <string>

namespace marrow::model {

// How far outside its clip a range's end may lie and be clamped (seconds).
inline constexpr double kRangeSlack = 1e-4;

// A new clip cut from [start, end] seconds of the rig's clip `source`
// (anim::cutClip: it plays as that part did, keys and the user's sync
// markers moved to start at 0), named `name` (the source's name when
// empty) made unique among the rig's clips (uniqueClipName). Ends within
// kRangeSlack outside [the clip's start, its duration] are clamped to it.
// nullopt with `error` when the clip does not exist, the times are not
// finite, the start is not before the end, or either lies outside the clip.
std::optional<anim::Clip> clipFromRange(const Rig& rig, ClipId source, double start, double end,
                                        const std::string& name, std::string* error = nullptr);

} // namespace marrow::model
