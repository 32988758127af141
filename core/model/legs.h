// SPDX-License-Identifier: MIT
#pragma once
// The legs a character stands on (issue 37): found by the skeleton's shape,
// not only by names, since real rigs call a quadruped's front paws "hands"
// (the Khronos Fox's b_LeftHand_011) and a biped's toes "FootThumb1".
#include "core/anim/leg_gait.h"
#include "core/model/rig.h"

#include <span>
#include <string>
#include <vector>

namespace marrow::model {

using Leg = anim::Leg;

// The legs of a rig: limbs of deforming joints (when no skin weights any,
// every joint but loose helpers: cameras, lights; a joint carrying a rigid
// mesh deforms too, and may be a limb alone: RobotExpressive's feet) whose
// end hangs in the lowest fifth of the rest pose's height, each from its hip
// (the joint where it branches off) down; a limb whose end's mirror twin by
// name ends a limb too brings that one in, raised or not (a skeleton-only
// FBX rests mid-stride). The foot is the limb's lowest joint but one when
// that one hangs low too (an ankle above its toe), else the end itself;
// joints named as foot helpers (anim::isFootHelperName) are never feet. Two
// legs are L and R, four are FL, FR, HL, HR (hind legs branch nearer the
// root), by their names' sides (L/R, Left/Right) or else their side of the
// rest pose's centre along X (+X is a glTF character's left). In skeleton
// order of the feet.
std::vector<Leg> findLegs(const Rig& rig);

// Legs for joints the user named as feet: each joint its own leg (no toe),
// labelled by its name, its length from anim::legLength.
std::vector<Leg> legsOfJoints(const Rig& rig, std::span<const anim::JointIndex> feet);

// The feet of legs (Leg::foot, in order), for figures that list joints.
std::vector<anim::JointIndex> footJointsOf(std::span<const Leg> legs);

} // namespace marrow::model
