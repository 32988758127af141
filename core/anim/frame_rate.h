// SPDX-License-Identifier: MIT
#pragma once
#include "core/anim/clip.h"

#include <array>
#include <optional>
#include <vector>

namespace marrow::anim {

// The rates files are commonly keyed at, smallest first.
inline constexpr std::array<double, 6> kCommonFrameRates{24.0, 25.0, 30.0, 48.0, 50.0, 60.0};

// The share of the keys the detected rate holds at least.
inline constexpr double kMostKeysOnRate = 0.75;

// The frame rate the clips were keyed at: the rate of kCommonFrameRates
// whose frames hold the most key times (within `tolerance` seconds), counted
// per clip (each distinct time of a clip once: channels repeat one grid) over
// every clip, so one clip with off-grid keys does not outvote the rest (the
// Khronos Fox: two 24 fps clips and one with some keys between frames).
// The winner must hold at least kMostKeysOnRate of the keys: keys on a rate
// that is not common put at most half of theirs on a common one's frames
// (1/120 s keys: every other one on 60 fps). Rates holding as many keys as
// the winner are fine when they are its multiples (60 fps frames hold every
// 30 fps key: the smaller wins); otherwise the tie is no answer.
// nullopt when no rate wins, or when no key lies after t = 0 (keys at 0 alone
// fit every rate and say nothing), so the caller's default applies.
std::optional<double> detectFrameRate(const std::vector<Clip>& clips, double tolerance = 1e-4);

} // namespace marrow::anim
