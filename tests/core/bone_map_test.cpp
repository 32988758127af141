// SPDX-License-Identifier: MIT
// The bone map (issue 40's first part): a joint's role read from its name in
// the Mixamo, Unreal, 3ds Max biped and Blender conventions; a proposed map
// between skeletons named in any two of them pairs each bone with the same
// bone (a spine of three with a spine of five end to end); one skeleton
// onto itself maps every joint to itself; and what a non-biped lacks is
// named.
#include "core/model/bone_map.h"
#include "core/model/bone_role.h"
#include "named_humanoid.h"

#include <gtest/gtest.h>

#include <array>

using namespace marrow;
using model::BodyPart;
using model::BodySide;
using model::BoneRole;
using anim::JointIndex;

namespace {

std::optional<BoneRole> role(BodyPart part, BodySide side = BodySide::Centre, int order = 0)
{
    return BoneRole{part, side, order};
}

// The skeleton in convention c (tests/support/named_humanoid.h), with each
// joint's canonical id beside it. Unreal's spine has five bones (spine_04
// and spine_05 on top), and a neck on the last.
anim::Skeleton skeletonIn(std::size_t c, std::vector<std::string>& ids)
{
    return test::namedHumanoid(c, ids);
}

} // namespace

TEST(BoneRole, ReadsTheCommonConventions)
{
    using P = BodyPart;
    const auto L = BodySide::Left, R = BodySide::Right;
    EXPECT_EQ(model::boneRoleOf("mixamorig:Hips"), role(P::Hips));
    EXPECT_EQ(model::boneRoleOf("mixamorig:LeftUpLeg"), role(P::UpperLeg, L));
    EXPECT_EQ(model::boneRoleOf("mixamorig:LeftLeg"), role(P::LowerLeg, L)) << "Mixamo's Leg is the shin";
    EXPECT_EQ(model::boneRoleOf("mixamorig:RightForeArm"), role(P::LowerArm, R));
    EXPECT_EQ(model::boneRoleOf("mixamorig:Spine2"), role(P::Spine, BodySide::Centre, 2));
    EXPECT_EQ(model::boneRoleOf("mixamorig:LeftHandThumb3"), role(P::Thumb, L, 3));
    EXPECT_EQ(model::boneRoleOf("thigh_l"), role(P::UpperLeg, L));
    EXPECT_EQ(model::boneRoleOf("calf_r"), role(P::LowerLeg, R));
    EXPECT_EQ(model::boneRoleOf("spine_03"), role(P::Spine, BodySide::Centre, 3));
    EXPECT_EQ(model::boneRoleOf("ball_r"), role(P::Toes, R));
    EXPECT_EQ(model::boneRoleOf("Bip01 L Thigh"), role(P::UpperLeg, L));
    EXPECT_EQ(model::boneRoleOf("Bip01 Spine1"), role(P::Spine, BodySide::Centre, 1));
    EXPECT_EQ(model::boneRoleOf("Bip01 R Finger02"), role(P::Thumb, R, 2)) << "the biped's finger 0, segment 2";
    EXPECT_EQ(model::boneRoleOf("thigh.L"), role(P::UpperLeg, L));
    EXPECT_EQ(model::boneRoleOf("upper_arm.R"), role(P::UpperArm, R));
    EXPECT_EQ(model::boneRoleOf("spine.001"), role(P::Spine, BodySide::Centre, 1));
    EXPECT_EQ(model::boneRoleOf("hip.L"), role(P::UpperLeg, L)) << "a sided hip is the thigh";
    EXPECT_EQ(model::boneRoleOf("UpperArmL"), role(P::UpperArm, L)) << "a side glued on (RobotExpressive)";
    EXPECT_EQ(model::boneRoleOf("b_LeftHand"), role(P::Hand, L));
    EXPECT_EQ(model::boneRoleOf("chest"), role(P::Spine, BodySide::Centre, 100)) << "after any numbered spine";
    // Real rigs: pab (a glued side, its left pinky named RingPinky, a toe named FootThumb), RobotExpressive, the Fox.
    EXPECT_EQ(model::boneRoleOf("Lefthand"), role(P::Hand, L));
    EXPECT_EQ(model::boneRoleOf("LeftHandRingPinky2"), role(P::Pinky, L, 2));
    EXPECT_EQ(model::boneRoleOf("LeftFootThumb1"), role(P::Toes, L, 1));
    EXPECT_EQ(model::boneRoleOf("Abdomen"), role(P::Spine));
    EXPECT_EQ(model::boneRoleOf("LowerLegR"), role(P::LowerLeg, R));
    EXPECT_EQ(model::boneRoleOf("b_Hip_01"), role(P::Hips, BodySide::Centre, 1));
    EXPECT_EQ(model::boneRoleOf("b_RightUpperArm_06"), role(P::UpperArm, R, 6));
    for (const char* none : {"mixamorig:HeadTop_End", "PoleTargetL", "Camera01.Target", "Character_Ctrl:Reference",
                             "Palm2L", "RootNode", "Bip01", "Bip01 L Finger0Nub", "root", "Leftover", "spine.L",
                             "hand", "thigh_twist_01_l", "ik_hand_gun", ""})
        EXPECT_FALSE(model::boneRoleOf(none)) << none;
}

TEST(BoneMap, PairsTheSameBonesAcrossConventions)
{
    const char* conventions[] = {"Mixamo", "Unreal", "biped", "Blender"};
    for (std::size_t from = 0; from < 4; ++from)
        for (std::size_t to = 0; to < 4; ++to) {
            std::vector<std::string> sourceIds, targetIds;
            const anim::Skeleton source = skeletonIn(from, sourceIds), target = skeletonIn(to, targetIds);
            const model::BoneMap map = model::proposeBoneMap(source, target);
            const std::string where = std::string(conventions[from]) + " onto " + conventions[to];
            for (std::size_t t = 0; t < target.size(); ++t) {
                const std::string& id = targetIds[t];
                const std::optional<JointIndex> s = map.sourceOf(static_cast<JointIndex>(t));
                if (id.rfind("spine", 0) == 0 || id.rfind("extra", 0) == 0 || id == "headEnd")
                    continue;  // the spine chain is checked below; helpers may go either way
                ASSERT_TRUE(s) << where << ": nothing drives " << target.names[t];
                EXPECT_EQ(sourceIds[static_cast<std::size_t>(*s)], id) << where << ": " << target.names[t];
            }
            // The spine end to end: the first bone with the first, the last (chest) with the last.
            const auto spineOf = [](const anim::Skeleton& s) {
                std::vector<JointIndex> chain;
                for (std::size_t j = 0; j < s.size(); ++j)
                    if (const auto r = model::boneRoleOf(s.names[j]); r && r->part == BodyPart::Spine)
                        chain.push_back(static_cast<JointIndex>(j));
                return chain;
            };
            const std::vector<JointIndex> sourceSpine = spineOf(source), targetSpine = spineOf(target);
            ASSERT_GE(targetSpine.size(), 3u) << where;
            EXPECT_EQ(map.sourceOf(targetSpine.front()), sourceSpine.front()) << where;
            if (to == 1 && from != 1) {  // Unreal's five against three: spine_05 takes the chest
                EXPECT_EQ(map.sourceOf(targetSpine.back()), sourceSpine.back()) << where;
            }
            // One to one: no source bone drives two.
            std::vector<JointIndex> sources;
            for (const auto& p : map.pairs)
                sources.push_back(p.source);
            std::sort(sources.begin(), sources.end());
            EXPECT_EQ(std::adjacent_find(sources.begin(), sources.end()), sources.end()) << where;
        }
}

TEST(BoneMap, ASkeletonOntoItselfMapsEveryJointToItself)
{
    for (std::size_t c = 0; c < 4; ++c) {
        std::vector<std::string> ids;
        const anim::Skeleton s = skeletonIn(c, ids);
        const model::BoneMap map = model::proposeBoneMap(s, s);
        ASSERT_EQ(map.pairs.size(), s.size()) << c;
        for (const auto& p : map.pairs)
            EXPECT_EQ(p.source, p.target) << s.names[static_cast<std::size_t>(p.target)];
    }
}

TEST(BoneMap, WhatANonBipedLacksIsNamed)
{
    // The Khronos Fox's joints: hips, spine and legs, but front legs named as arms and no thighs.
    anim::Skeleton fox;
    for (const char* name : {"root", "b_Root_00", "b_Hip_01", "b_Spine01_02", "b_Spine02_03", "b_Neck_04", "b_Head_05",
                             "b_RightUpperArm_06", "b_LeftLeg01_015", "b_LeftLeg02_016", "b_LeftFoot01_017",
                             "b_RightLeg01_019", "b_RightLeg02_020", "b_RightFoot01_021"}) {
        fox.names.emplace_back(name);
        fox.parents.push_back(fox.parents.empty() ? anim::kNoParent : 0);
        fox.rest.emplace_back();
    }
    EXPECT_EQ(model::missingBipedParts(fox), (std::vector<std::string>{"left thigh", "right thigh"}));
    std::vector<std::string> ids;
    EXPECT_TRUE(model::missingBipedParts(skeletonIn(0, ids)).empty());
    anim::Skeleton tail;
    for (const char* name : {"root", "tail_01", "tail_02", "mixamorig:LeftFoot"}) {
        tail.names.emplace_back(name);
        tail.parents.push_back(tail.parents.empty() ? anim::kNoParent : static_cast<JointIndex>(tail.parents.size() - 1));
        tail.rest.emplace_back();
    }
    const std::vector<std::string> missing = model::missingBipedParts(tail);
    EXPECT_EQ(missing, (std::vector<std::string>{"hips", "spine", "left thigh", "left shin", "right thigh",
                                                  "right shin", "right foot"}));
}
