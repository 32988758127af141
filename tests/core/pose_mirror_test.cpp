// SPDX-License-Identifier: MIT
// Flipped poses (paste flipped): flipping twice is the identity, a pose on
// one side lands mirrored on the other whatever the bones' roll
// conventions, a symmetric pose flips onto itself, and the clipboard pastes
// by joint name.
#include "core/anim/local_to_world_job.h"
#include "core/anim/pose_mirror.h"
#include "core/model/pose_clipboard.h"
#include "glm_expect.h"
#include "tiny_rigs.h"
#include "pose_worlds.h"

#include <gtest/gtest.h>

namespace marrow::test {
namespace {

// hips at the origin; arm_L and arm_R one unit out to each side, each with a
// hand one unit along its local X. The rests are mirror images in position
// only: arm_R's local axes use another roll than arm_L's.
anim::Skeleton armsSkeleton()
{
    anim::Skeleton s;
    s.names = {"hips", "arm_L", "hand_L", "arm_R", "hand_R"};
    s.parents = {anim::kNoParent, 0, 1, 0, 3};
    s.rest = {trs({0.f, 1.f, 0.f}),
              trs({1.f, 0.f, 0.f}, axisAngle({0.f, 0.f, 1.f}, 30.f)),
              trs({1.f, 0.f, 0.f}),
              trs({-1.f, 0.f, 0.f}, axisAngle({0.f, 0.f, 1.f}, 150.f) * axisAngle({1.f, 0.f, 0.f}, 90.f)),
              trs({1.f, 0.f, 0.f})};
    return s;
}

glm::vec3 headOf(const glm::mat4& m)
{
    return glm::vec3(m[3]);
}

glm::vec3 mirrorX(glm::vec3 p)
{
    return {-p.x, p.y, p.z};
}

anim::PoseMirror xMirror(const anim::Skeleton& s)
{
    return anim::makePoseMirror(s, {1.f, 0.f, 0.f}, 0.f, {0, 3, 4, 1, 2});
}

void expectSameTransform(const math::Transform& a, const math::Transform& b, float tol)
{
    EXPECT_VEC3_NEAR(a.translation, b.translation, tol);
    EXPECT_QUAT_EQUIV(a.rotation, b.rotation, tol);
    EXPECT_VEC3_NEAR(a.scale, b.scale, tol);
}

TEST(PoseMirror, ReflectionAcrossAPlaneIsItsOwnInverse)
{
    const glm::mat4 m = anim::reflectionAcross({2.f, 0.f, 0.f}, 1.f);  // the plane x = 0.5
    EXPECT_VEC3_NEAR(glm::vec3(m * glm::vec4(0.f, 2.f, 3.f, 1.f)), glm::vec3(1.f, 2.f, 3.f), 1e-6f);
    EXPECT_MAT4_NEAR(m * m, glm::mat4(1.f), 1e-6f);
}

TEST(PoseMirror, FlippingTwiceGivesThePoseBack)
{
    const anim::Skeleton s = armsSkeleton();
    std::vector<math::Transform> pose = s.rest;
    pose[0] = trs({.3f, 1.2f, -.1f}, axisAngle({0.2f, 1.f, 0.f}, 25.f), glm::vec3(1.1f));
    pose[1].rotation = axisAngle({1.f, 2.f, 3.f}, 70.f) * pose[1].rotation;
    pose[2].scale = {1.f, 1.3f, 1.f};
    pose[3].rotation = axisAngle({0.f, 1.f, 0.f}, -40.f) * pose[3].rotation;
    pose[4].translation += glm::vec3(0.f, .2f, 0.f);
    const anim::PoseMirror mirror = xMirror(s);
    const auto once = anim::flipPose(s, mirror, pose);
    const auto twice = anim::flipPose(s, mirror, once);
    for (std::size_t j = 0; j < s.size(); ++j)
        expectSameTransform(twice[j], pose[j], 1e-5f);
    EXPECT_GT(glm::distance(once[1].translation, pose[1].translation) + glm::length(once[3].rotation - pose[3].rotation), 1e-3f)
        << "the first flip changed something";
}

TEST(PoseMirror, APoseOnTheLeftLandsMirroredOnTheRightWhateverTheRoll)
{
    const anim::Skeleton s = armsSkeleton();
    std::vector<math::Transform> pose = s.rest;
    pose[1].rotation = axisAngle({0.f, 1.f, 1.f}, 55.f) * pose[1].rotation;  // raise and swing the left arm
    const auto before = worldsOf(s, pose);
    const auto flipped = anim::flipPose(s, xMirror(s), pose);
    const auto after = worldsOf(s, flipped);
    EXPECT_VEC3_NEAR(headOf(after[4]), mirrorX(headOf(before[2])), 1e-5f);  // the right hand mirrors the left
    const auto rest = worldsOf(s, s.rest);
    EXPECT_VEC3_NEAR(headOf(after[2]), headOf(rest[2]), 1e-5f);  // the left arm takes the right's rest pose
    expectSameTransform(flipped[1], s.rest[1], 1e-5f);
    expectSameTransform(flipped[0], s.rest[0], 1e-5f);  // the hips sit on the plane
}

TEST(PoseMirror, ASymmetricPoseFlipsOntoItselfSwappingLeftAndRight)
{
    const anim::Skeleton s = armsSkeleton();
    const anim::PoseMirror mirror = xMirror(s);
    std::vector<math::Transform> left = s.rest;
    left[1].rotation = axisAngle({0.f, 0.f, 1.f}, -35.f) * left[1].rotation;
    left[2].rotation = axisAngle({0.f, 1.f, 0.f}, 20.f);
    const auto right = anim::flipPose(s, mirror, left);
    std::vector<math::Transform> symmetric = left;
    symmetric[3] = right[3];
    symmetric[4] = right[4];
    const auto flipped = anim::flipPose(s, mirror, symmetric);
    for (std::size_t j = 0; j < s.size(); ++j)
        expectSameTransform(flipped[j], symmetric[j], 1e-5f);
    // ...and the right side's locals are the left's mirrored, not copied (the rolls differ).
    EXPECT_GT(glm::distance(symmetric[3].translation, symmetric[1].translation), 1.f);
}

TEST(PoseClipboard, PastesByNameAndFlippedOntoPartners)
{
    const anim::Skeleton s = armsSkeleton();
    std::vector<math::Transform> pose = s.rest;
    pose[1].rotation = axisAngle({0.f, 0.f, 1.f}, 45.f) * pose[1].rotation;
    const std::vector<anim::JointIndex> selected{1, 1, 9};
    const model::PoseClipboard clip = model::copyPose(s, pose, selected);
    ASSERT_EQ(clip.joints.size(), 1u);
    EXPECT_EQ(clip.joints[0].first, "arm_L");

    anim::Skeleton reordered = s;  // the same names in another order
    std::swap(reordered.names[1], reordered.names[3]);
    const auto pasted = model::pastePose(reordered, clip);
    ASSERT_EQ(pasted.size(), 1u);
    EXPECT_EQ(pasted[0].joint, 3);
    expectSameTransform(pasted[0].local, pose[1], 0.f);

    const auto flipped = model::pasteFlipped(s, xMirror(s), clip);
    ASSERT_EQ(flipped.size(), 1u);
    EXPECT_EQ(flipped[0].joint, 3);
    expectSameTransform(flipped[0].local, anim::flipPose(s, xMirror(s), pose)[3], 1e-6f);
}

TEST(PoseClipboard, ARigWithoutMeshesPairsJointsByNameAcrossX)
{
    model::Rig rig;
    rig.skeleton = armsSkeleton();
    const anim::PoseMirror mirror = model::rigPoseMirror(rig);
    EXPECT_EQ(mirror.partners, (std::vector<anim::JointIndex>{0, 3, 4, 1, 2}));
    EXPECT_VEC3_NEAR(glm::vec3(mirror.reflection * glm::vec4(2.f, 1.f, 1.f, 1.f)), glm::vec3(-2.f, 1.f, 1.f), 1e-6f);
}

} // namespace
} // namespace marrow::test
