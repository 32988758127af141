// SPDX-License-Identifier: MIT
#pragma once
#include "core/anim/skeleton.h"

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace marrow::model {

// The Select menu's edits of a joint selection, as Blender's pose mode has
// them. A selection is in click order, its last joint the current one; each
// function returns the new selection, without repeats, the current joint
// last. `bones` has one entry per joint (1 = a bone: Rig::boneMask()), or is
// empty when every joint is a bone. Joints out of range are ignored.
using JointList = std::vector<anim::JointIndex>;

// Every bone; the joints already selected keep their order and the current one stays current.
JointList selectAllBones(const anim::Skeleton& skeleton, std::span<const std::uint8_t> bones, const JointList& selected);
// The bones not selected, in skeleton order.
JointList invertBones(const anim::Skeleton& skeleton, std::span<const std::uint8_t> bones, const JointList& selected);
// Each joint's L/R partner by name (mirroredJointName); a joint without one
// stays. `extend` keeps the selection and adds the partners.
JointList mirrorJoints(const anim::Skeleton& skeleton, const JointList& selected, bool extend);
// Each joint's nearest bone ancestor; a joint without one stays.
JointList parentBones(const anim::Skeleton& skeleton, std::span<const std::uint8_t> bones, const JointList& selected);
// Each joint's child bones; a joint without any stays.
JointList childBones(const anim::Skeleton& skeleton, std::span<const std::uint8_t> bones, const JointList& selected);
// The selection plus every joint of the same kind (bone or not) whose name
// matches a selected one's once the numbers are dropped (similarNameKey):
// a finger's chain, finger_01.L to finger_03.L, or Bip01 L Finger0 to
// Finger42, on the same side only (Mirror reaches the other side).
JointList similarNameJoints(const anim::Skeleton& skeleton, std::span<const std::uint8_t> bones,
                            const JointList& selected);
// A name without its digits and its '_', '.', '-' and ' ' separators, in
// lower case: "finger_02.L" -> "fingerl", "mixamorig:LeftHandThumb4" ->
// "mixamorig:lefthandthumb". Empty when nothing is left (a name of digits).
std::string similarNameKey(std::string_view name);

} // namespace marrow::model
