// SPDX-License-Identifier: MIT
#pragma once
#include "core/anim/clip.h"

#include <array>
#include <optional>
#include <vector>

namespace marrow::anim {

// The rates files are commonly keyed at, smallest first.
inline constexpr std::array<double, 6> kCommonFrameRates{24.0, 25.0, 30.0, 48.0, 50.0, 60.0};

// The frame rate the clips were keyed at: the smallest of kCommonFrameRates
// whose frames hold every key time of every channel within `tolerance`
// seconds. nullopt when none does, or when no key lies after t = 0 (keys at
// 0 alone fit every rate and say nothing), so the caller's default applies.
std::optional<double> detectFrameRate(const std::vector<Clip>& clips, double tolerance = 1e-4);

} // namespace marrow::anim
