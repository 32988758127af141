// SPDX-License-Identifier: MIT
#pragma once
#include "core/anim/skeleton.h"
#include "core/math/transform.h"

#include <optional>
#include <span>
#include <string>
#include <vector>

namespace marrow::cli {

// Appends the joints of `locals` as a JSON array: per joint its name, parent
// index (-1 for a root), world position and column-major world matrix.
// nullopt, or why the world transforms could not be computed.
std::optional<std::string> appendJoints(std::string& out, const anim::Skeleton& skeleton,
                                        std::span<const math::Transform> locals);

// The times of every frame from 0 to `length` at `fps` (the last frame
// at or before `length`); empty for a non-finite length or fps <= 0.
std::vector<double> frameTimes(double length, double fps);

} // namespace marrow::cli
