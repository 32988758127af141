// SPDX-License-Identifier: MIT
#pragma once
#include <optional>
#include <string>
#include <string_view>

namespace marrow::model {

// The name of a joint's mirror twin, or nullopt when the name carries no side.
// A side is either
//  - a token L, R, Left or Right (any case) bounded by the ends of the name
//    or by '_', '.', '-' or ' ' (hand.L, arm_joint_L_1, upperarm_l, Left Leg), or
//  - a Left/Right prefix (any case) glued to something other than a
//    lower-case letter, at the start of such a run or after a ':' namespace
//    (LeftArm, mixamorig:RightHand, b_LeftHand; not "Leftover").
// Every side in the name is swapped, keeping its case (L<->R, left<->right,
// LEFT<->RIGHT, Left<->Right). Words that merely start with L or R (Lower,
// Rear, Root) are not sides.
std::optional<std::string> mirroredJointName(std::string_view name);

// A looser reading for pairing joints that both exist: an upper-case L or R
// glued to the end of a run after a lower-case letter or a digit (UpperArmL,
// Middle2L_end, footR, as RobotExpressive and many game rigs name them).
// Too loose to name a new joint (mirroredJointName rejects "footL" for
// that), so a caller must check that the twin exists. nullopt when no run
// ends that way.
std::optional<std::string> mirroredJointNameGlued(std::string_view name);

} // namespace marrow::model
