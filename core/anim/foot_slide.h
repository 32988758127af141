// SPDX-License-Identifier: MIT
#pragma once
#include "core/anim/skeleton.h"

#include <functional>
#include <span>
#include <string>
#include <vector>

namespace marrow::anim {

// The joints named like feet (foot, toe, ankle, ball; any case), in
// skeleton order, but not helpers named so (3ds Max's "Bip01 Footsteps", a
// foot's IK target or control). model::findLegs finds legs by their shape.
std::vector<JointIndex> footJoints(const Skeleton& skeleton);
// Whether a name is a foot helper: it holds "footstep", "ik", "target",
// "ctrl", "control" or "locator" (any case).
bool isFootHelperName(const std::string& name);
// A contact height for a skeleton: 2% of its rest pose's height along Y
// (joints' world positions), so the threshold scales with the character.
float suggestedContactHeight(const Skeleton& skeleton);

// A local pose at a time: false when it cannot be evaluated.
using PoseAt = std::function<bool(double, std::span<math::Transform>)>;

} // namespace marrow::anim
