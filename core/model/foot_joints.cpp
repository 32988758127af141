// SPDX-License-Identifier: MIT
#include "core/model/foot_joints.h"

#include "core/anim/foot_slide.h"
#include "core/model/auto_weights.h"

#include <algorithm>

namespace marrow::model {

std::vector<anim::JointIndex> deformingFeet(const Rig& rig)
{
    const std::vector<std::uint8_t> weighted = weightedJoints(rig);
    std::vector<anim::JointIndex> feet = anim::footJoints(rig.skeleton);
    if (std::find(weighted.begin(), weighted.end(), 1) != weighted.end())
        std::erase_if(feet, [&](anim::JointIndex j) { return !weighted[static_cast<std::size_t>(j)]; });
    return feet;
}

} // namespace marrow::model
