// SPDX-License-Identifier: MIT
#pragma once
#include "core/anim/skeleton.h"

#include <span>
#include <vector>

namespace marrow::model {

// A transition's blend profile (one blend-time scale per joint; empty means
// 1 everywhere) with `scale` set on `roots` and every joint below them:
// "set for the selected joints and their children". The result has one
// entry per joint. Roots out of range are ignored.
std::vector<float> withSubtreeScale(const anim::Skeleton& skeleton, std::vector<float> profile,
                                    std::span<const anim::JointIndex> roots, float scale);

// The scale of one joint in a profile (1 when the profile is empty).
float profileScale(std::span<const float> profile, anim::JointIndex joint);

} // namespace marrow::model
