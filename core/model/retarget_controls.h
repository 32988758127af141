// SPDX-License-Identifier: MIT
#pragma once
// IK controls that ride on their limbs (issue 40). A rig animated by IK
// carries its visible foot or hand on a control beside the limb
// (RobotExpressive's FootL hangs from its root, its mesh on it, where the
// leg's LowerLegL_end ends); carried by the bone map alone the limb would
// move while the control, mapped to nothing, stayed at rest.
#include "core/anim/clip.h"
#include "core/anim/skeleton.h"
#include "core/model/bone_map.h"

#include <vector>

namespace marrow::model {

struct RidingControl {
    anim::JointIndex control = anim::kNoParent;  // the joint named as a foot or hand, beside its limb
    anim::JointIndex limbEnd = anim::kNoParent;  // the limb's end it rides on (bodyJoint)
    bool operator==(const RidingControl&) const = default;
};

// The target's foot and hand controls the map leaves unmapped: joints named
// as a side's foot or hand (boneRoleOf) that are not below that side's thigh
// or upper arm, while the limb has its own end (not joints below such a
// control: they ride with it).
std::vector<RidingControl> ridingControls(const anim::Skeleton& target, const BoneMap& map);

// Keys each control at every frame k / fps of `baked` so that it keeps the
// place and turn it has at rest relative to its limb's end.
void rideControls(const anim::Skeleton& target, std::span<const RidingControl> controls, anim::Clip& baked, double fps);

} // namespace marrow::model
