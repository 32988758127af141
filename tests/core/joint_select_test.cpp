// SPDX-License-Identifier: MIT
// The Select menu's edits of a joint selection (model/joint_select.h).
#include "core/model/joint_select.h"

#include <gtest/gtest.h>

namespace marrow::model {
namespace {

// root (a plain node) > hips > spine > {hand_L > finger_01_L > finger_02_L,
// hand_R > finger_01_R}; helper (a plain node) under hips.
anim::Skeleton testSkeleton()
{
    anim::Skeleton s;
    s.names = {"root", "hips", "spine", "hand_L", "finger_01_L", "finger_02_L", "hand_R", "finger_01_R", "helper"};
    s.parents = {-1, 0, 1, 2, 3, 4, 2, 6, 1};
    s.rest.resize(s.names.size());
    return s;
}
const std::vector<std::uint8_t> kBones = {0, 1, 1, 1, 1, 1, 1, 1, 0};

TEST(JointSelect, AllSelectsEveryBoneAndKeepsTheCurrentJoint)
{
    EXPECT_EQ(selectAllBones(testSkeleton(), kBones, {}), (JointList{1, 2, 3, 4, 5, 6, 7}));
    // The current joint (the last) stays current; a selected plain node stays selected.
    EXPECT_EQ(selectAllBones(testSkeleton(), kBones, {8, 3}), (JointList{8, 1, 2, 4, 5, 6, 7, 3}));
    // No bone mask: every joint is a bone.
    EXPECT_EQ(selectAllBones(testSkeleton(), {}, {}).size(), 9u);
}

TEST(JointSelect, InvertSelectsTheOtherBones)
{
    EXPECT_EQ(invertBones(testSkeleton(), kBones, {1, 3, 4, 5, 8}), (JointList{2, 6, 7}));
    EXPECT_EQ(invertBones(testSkeleton(), kBones, {}), (JointList{1, 2, 3, 4, 5, 6, 7}));
}

TEST(JointSelect, MirrorSelectsThePartnersByName)
{
    // spine has no side: it stays; the current joint's partner is current.
    EXPECT_EQ(mirrorJoints(testSkeleton(), {2, 4, 3}, false), (JointList{2, 7, 6}));
    // finger_02_L has no partner in this rig: it stays.
    EXPECT_EQ(mirrorJoints(testSkeleton(), {5}, false), (JointList{5}));
    EXPECT_EQ(mirrorJoints(testSkeleton(), {3, 4}, true), (JointList{3, 4, 6, 7}));
}

TEST(JointSelect, ParentAndChildrenWalkTheBones)
{
    EXPECT_EQ(parentBones(testSkeleton(), kBones, {5, 7}), (JointList{4, 6}));
    // hips' parent is a plain node: hips stays.
    EXPECT_EQ(parentBones(testSkeleton(), kBones, {1}), (JointList{1}));
    // spine's children: both hands; the helper node is no bone.
    EXPECT_EQ(childBones(testSkeleton(), kBones, {2}), (JointList{3, 6}));
    EXPECT_EQ(childBones(testSkeleton(), kBones, {1}), (JointList{2}));
    // A leaf stays; the current joint's children come last.
    EXPECT_EQ(childBones(testSkeleton(), kBones, {3, 5}), (JointList{4, 5}));
    EXPECT_EQ(childBones(testSkeleton(), kBones, {5, 3}), (JointList{5, 4}));
}

TEST(JointSelect, SimilarNameDropsTheNumbersAndKeepsTheSide)
{
    EXPECT_EQ(similarNameKey("finger_02.L"), "fingerl");
    EXPECT_EQ(similarNameKey("mixamorig:LeftHandThumb4"), "mixamorig:lefthandthumb");
    EXPECT_EQ(similarNameKey("Bip01 L Finger12"), "biplfinger");
    EXPECT_EQ(similarNameKey("001"), "");
    EXPECT_EQ(similarNameJoints(testSkeleton(), kBones, {4}), (JointList{5, 4}));
    EXPECT_EQ(similarNameJoints(testSkeleton(), kBones, {7}), (JointList{7}));
    anim::Skeleton mixamo;
    mixamo.names = {"mixamorig:LeftHand", "mixamorig:LeftHandThumb1", "mixamorig:LeftHandThumb2",
                    "mixamorig:LeftHandIndex1", "mixamorig:RightHandThumb1"};
    mixamo.parents = {-1, 0, 1, 0, -1};
    mixamo.rest.resize(5);
    EXPECT_EQ(similarNameJoints(mixamo, {}, {2}), (JointList{1, 2}));
}

TEST(JointSelect, JointsOutOfRangeAreIgnored)
{
    EXPECT_EQ(parentBones(testSkeleton(), kBones, {-1, 42, 5}), (JointList{4}));
    EXPECT_EQ(similarNameJoints(testSkeleton(), kBones, {99}), JointList{});
    EXPECT_EQ(mirrorJoints(testSkeleton(), {99}, true), JointList{});
}

} // namespace
} // namespace marrow::model
