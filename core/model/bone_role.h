// SPDX-License-Identifier: MIT
#pragma once
#include <optional>
#include <string>
#include <string_view>

namespace marrow::model {

// What a joint is in a humanoid, read from its name alone (issue 40's bone
// map): the naming conventions of Mixamo (mixamorig:LeftUpLeg), Unreal
// (thigh_l, spine_03), 3ds Max's biped (Bip01 L Thigh), Blender (thigh.L,
// spine.001, upper_arm.L) and most game rigs (UpperLegL, b_LeftHand),
// namespaces and prefixes ignored. Helpers and end bones (HeadTop_End,
// Bip01 L Finger0Nub) have no role.
enum class BodyPart {
    Hips, Spine, Neck, Head, Shoulder, UpperArm, LowerArm, Hand, UpperLeg, LowerLeg, Foot, Toes,
    Thumb, Index, Middle, Ring, Pinky,
};
enum class BodySide { Centre, Left, Right };

struct BoneRole {
    BodyPart part = BodyPart::Hips;
    BodySide side = BodySide::Centre;
    // Along a chain, from the hips outwards: a spine's 0, 1, 2 (chest and
    // upper chest come after any numbered spine), a finger's segments.
    int order = 0;
    // Read from a loose word (arm, leg, hip, toe, torso): a rig with a
    // joint named for the part outright (LowerLegL beside LegL) means that one.
    bool loose = false;
    bool operator==(const BoneRole& o) const { return part == o.part && side == o.side && order == o.order; }
};

std::optional<BoneRole> boneRoleOf(std::string_view jointName);

// The name without namespace, case or separators (mixamorig:Left_Arm ->
// leftarm): two joints with the same key name the same bone.
std::string boneNameKey(std::string_view jointName);

const char* bodyPartName(BodyPart part);

} // namespace marrow::model
