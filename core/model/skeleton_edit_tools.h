// SPDX-License-Identifier: MIT
#pragma once
#include "core/model/rig.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace marrow::model {

// Edit Skeleton's placing edits, built on skeleton_edit's: each keeps
// skinned meshes at rest the same way.

// A new joint, child of `parent` (kNoParent: a root), whose rest world
// position is `world` and whose axes are its parent's (a joint extruded
// along a bone, a joint added under the mouse). Its name is `name` made
// unique. nullopt when the parent is out of range or `world` not finite.
std::optional<anim::JointIndex> addJointAt(Rig& rig, anim::JointIndex parent, const glm::vec3& world,
                                           const std::string& name);

// The pair Shift+E makes (Blender's extrude with X-Axis Mirror): from a
// sided joint, a child of it and of its twin (the twin's mirrored across
// X = 0), named after it ("arm_L" -> "arm_L.001" and "arm_R.001"); from a
// centre joint, two children named after it with the rig's side suffixes
// (sideSuffixes), the left one at `world` moved towards +X when `world`
// lies on the centre line. The new (selected side, other side) indices.
std::optional<std::pair<anim::JointIndex, anim::JointIndex>> extrudeMirrored(Rig& rig, anim::JointIndex from,
                                                                            const glm::vec3& world);

// The suffixes the rig names sides with: ".L"/".R" when a joint is named so,
// "_l"/"_r" or "_L"/"_R" likewise, else "_L"/"_R".
std::pair<std::string, std::string> sideSuffixes(const anim::Skeleton& skeleton);

// Moves a joint's rest position to `world` (Snap to selected vertices),
// keeping its rotation and scale; its children stay where they are when
// childrenFollow is false.
std::optional<std::string> moveJointTo(Rig& rig, anim::JointIndex joint, const glm::vec3& world,
                                       bool childrenFollow);

// The names of the clips with a channel on any of `joints` (the log's
// warning that they play as authored from the changed rest).
std::vector<std::string> clipsAnimating(const Rig& rig, const std::vector<anim::JointIndex>& joints);

} // namespace marrow::model
