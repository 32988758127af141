// SPDX-License-Identifier: MIT
#pragma once
#include "core/model/rig.h"

#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace marrow::model {

// Where each joint went in an edit that deletes or renumbers joints: the
// old index's new index, or kNoParent for a deleted joint. Joints an edit
// added are past the end of the old numbering and not listed.
using JointRemap = std::vector<anim::JointIndex>;

// Skeleton edits (Blender's armature Edit Mode), each on a whole rig so a
// command can swap the rig before and after (RestructureRigCommand) and
// undo is exact. The rule every edit keeps: skinned meshes stay where they
// are in the rest pose, as in Blender. A skin joint whose rest world moves
// from W to W' gets the inverse bind W'^-1 W B (B its old one), so its
// palette at rest, W' W'^-1 W B, is what it was. Clips keep their keys
// (local values): an animated joint plays as authored. Rigid meshes ride
// on their node, as a prop on a hand does.

// Sets joints' rest local transforms (rotations normalised), keeping
// skinned meshes where they are. nullopt, or why nothing changed (a joint
// out of range, a transform that is not finite).
// With childrenFollow false (Edit mode's Alt: "move only this joint"), the
// listed joints' other children keep their rest world transforms.
std::optional<std::string> setRestTransforms(Rig& rig,
                                             std::span<const std::pair<anim::JointIndex, math::Transform>> rests,
                                             bool childrenFollow = true);

// Adds a joint at the end of the skeleton, a child of `parent` (kNoParent:
// a root) with a local rest transform, named `name` made unique ("name.001"
// as Blender); no skin uses it until it is painted or bound. Every
// transition's blend profile gains a 1 for it and rotation modes a
// Quaternion. The new joint's index, or nullopt when the parent is out of
// range or the transform is not finite.
std::optional<anim::JointIndex> addJoint(Rig& rig, anim::JointIndex parent, const std::string& name,
                                         const math::Transform& rest);

// Deletes a joint. Its children go to its parent keeping their rest world
// transforms; its skin weights go to its parent (summed into the parent's
// influence, the parent added to the skin when missing with the inverse
// bind that keeps the mesh at rest); meshes it holds move to its parent;
// its channels leave every clip, its entry every blend profile and its
// rotation mode the list; every joint index above it moves down one.
// Refused (nothing changes) for a root that a skin weights, or a root with
// a mesh, or out of range.
std::optional<std::string> deleteJoint(Rig& rig, anim::JointIndex joint, JointRemap* remap = nullptr);

// Symmetrize (Blender's armature Symmetrize): for each listed joint with a
// side in its name (mirroredJointName: "_L"/"_R", ".L", "Left"...), its
// twin's rest world becomes its mirror image across the X = 0 plane (the
// rig's symmetry plane); a twin that does not exist is added under the
// mirror of the joint's parent (or the parent itself, a centre joint).
// Joints are taken parents first, so a symmetrized chain mirrors whole.
// Skinned meshes stay at rest, as setRestTransforms keeps them. Returns how
// many twins were set, or why nothing changed.
std::optional<std::string> symmetrize(Rig& rig, std::span<const anim::JointIndex> joints, int* twinsSet = nullptr);

// Parents a joint to another (Blender's Ctrl+P, Keep Transform; kNoParent
// clears the parent, Alt+P), keeping its rest world transform. When the new
// parent comes later in the skeleton, the joints are put back in an order
// where every parent precedes its children (indices change everywhere:
// skins, meshes, clips, profiles, rotation modes). Refused when the new
// parent is the joint or one of its descendants.
std::optional<std::string> reparentJoint(Rig& rig, anim::JointIndex joint, anim::JointIndex parent,
                                         JointRemap* remap = nullptr);

// Subdivide (Blender's): `cuts` joints, evenly spaced on the line from a
// joint to its child, inserted between them (the child hangs from the
// last), named after the joint ("name.001"...); they take no weight.
// Refused unless the joint has a child (the first, when several).
std::optional<std::string> subdivideJoint(Rig& rig, anim::JointIndex joint, int cuts, JointRemap* remap = nullptr);

// A name not yet in the skeleton: `wanted`, else wanted.001, .002, ...
// (a taken "arm.001" gives "arm.002": its number is replaced, as Blender's).
std::string uniqueJointName(const anim::Skeleton& skeleton, const std::string& wanted);

} // namespace marrow::model
