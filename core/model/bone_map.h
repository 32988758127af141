// SPDX-License-Identifier: MIT
#pragma once
#include "core/anim/skeleton.h"
#include "core/model/bone_role.h"

#include <optional>
#include <string>
#include <vector>

namespace marrow::model {

// Which source joint drives which target joint when motion is carried from
// one skeleton to another (issue 40): one to one; a joint in no pair keeps
// its rest.
struct BoneMap {
    struct Pair {
        anim::JointIndex source = anim::kNoParent, target = anim::kNoParent;
        bool operator==(const Pair&) const = default;
    };
    std::vector<Pair> pairs;  // sorted by target

    std::optional<anim::JointIndex> sourceOf(anim::JointIndex target) const;
    std::optional<anim::JointIndex> targetOf(anim::JointIndex source) const;
};

// The map proposed for two skeletons: first joints that name the same bone
// (boneNameKey: one naming convention, namespaces aside), then the rest by
// role (boneRoleOf: Mixamo, Unreal, biped and Blender names): part and side,
// and a chain of one part (a spine, a neck, a finger) paired end to end and
// evenly between when the two differ in length.
BoneMap proposeBoneMap(const anim::Skeleton& source, const anim::Skeleton& target);

// The joint playing `part` on `side` as proposeBoneMap reads the skeleton
// (in its place, named outright, where the legs branch for the hips; a
// limb's end below its middle), or nullopt.
std::optional<anim::JointIndex> bodyJoint(const anim::Skeleton& skeleton, BodyPart part, BodySide side);

// What a skeleton lacks to be carried as a biped, in words ("hips", "left
// thigh"): hips, a spine, and each leg's thigh, shin and foot. Empty when
// it has them all.
std::vector<std::string> missingBipedParts(const anim::Skeleton& skeleton);

} // namespace marrow::model
