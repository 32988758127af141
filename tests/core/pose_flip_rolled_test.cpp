// SPDX-License-Identifier: MIT
// Paste Pose Flipped on a rig made the way Blender makes them (issue 36,
// item 3): `.L/.R` bones whose local axes are not mirror images (bone roll),
// rests that are symmetric or only nearly so, and rigs whose symmetry plane
// is not X = 0 or whose sides are named LowerArmL / LowerArmR. The flip
// mirrors the pose across the rig's plane in model space and re-expresses it
// in the target's parent space: a symmetric rest pastes onto itself, a posed
// left arm lands as the mirror image on the right with its shoulder on the
// collar, and flipping twice gives the pose back.
#include "core/anim/pose_mirror.h"
#include "core/model/pose_clipboard.h"
#include "glm_expect.h"
#include "rolled_rig.h"
#include "tiny_rigs.h"

#include <gtest/gtest.h>

#include <glm/gtc/quaternion.hpp>

#include <algorithm>
#include <cmath>

namespace marrow::test {
namespace {

anim::JointIndex rolledAt(const anim::Skeleton& s, const char* name)
{
    const auto j = s.find(name);
    EXPECT_TRUE(j) << name;
    return j.value_or(0);
}

glm::vec3 rolledHeadOf(const glm::mat4& m)
{
    return glm::vec3(m[3]);
}

glm::vec3 mirroredAcrossX(glm::vec3 p)
{
    return {-p.x, p.y, p.z};
}

// Degrees between two rotations.
float degreesBetween(glm::quat a, glm::quat b)
{
    // From the sine of the half angle: exact near zero, where acos of a float is not.
    const glm::quat d = glm::inverse(glm::normalize(a)) * glm::normalize(b);
    return glm::degrees(2.f * std::atan2(glm::length(glm::vec3(d.x, d.y, d.z)), std::abs(d.w)));
}

void expectSameLocal(const math::Transform& a, const math::Transform& b, float tol, const std::string& what)
{
    EXPECT_LT(glm::distance(a.translation, b.translation), tol) << what;
    EXPECT_LT(degreesBetween(a.rotation, b.rotation), glm::degrees(tol) * 2.f) << what;
    EXPECT_LT(glm::distance(a.scale, b.scale), tol) << what;
}

// The rig's own mirror: partners by name, the plane fitted through them.
anim::PoseMirror mirrorOf(const anim::Skeleton& s)
{
    model::Rig rig;
    rig.skeleton = s;
    return model::rigPoseMirror(rig);
}

// The pose with the pasted joints' locals in place.
std::vector<math::Transform> pasted(std::vector<math::Transform> pose, const std::vector<model::PastedJoint>& joints)
{
    for (const model::PastedJoint& p : joints)
        pose[static_cast<std::size_t>(p.joint)] = p.local;
    return pose;
}

TEST(PoseFlipRolled, TheRightSideIsNotTheMirrorImageOfTheLeft)
{
    // The trait under test: mirroring a left bone's local axes does not give
    // the right bone's, so a local-axes flip would turn the right arm wrongly.
    const anim::Skeleton s = rolledHumanoid();
    const auto rest = worldsOf(s, s.rest);
    const glm::mat3 m(glm::vec3(-1.f, 0.f, 0.f), glm::vec3(0.f, 1.f, 0.f), glm::vec3(0.f, 0.f, 1.f));
    for (const char* side : {"upperarm", "forearm", "thigh"}) {
        const std::string l = std::string(side) + ".L", r = std::string(side) + ".R";
        const glm::mat3 left(rest[static_cast<std::size_t>(rolledAt(s, l.c_str()))]);
        const glm::mat3 right(rest[static_cast<std::size_t>(rolledAt(s, r.c_str()))]);
        EXPECT_VEC3_NEAR(rolledHeadOf(rest[static_cast<std::size_t>(rolledAt(s, r.c_str()))]),
                         mirroredAcrossX(rolledHeadOf(rest[static_cast<std::size_t>(rolledAt(s, l.c_str()))])), 1e-6f);
        EXPECT_LT(glm::distance(right[1], m * left[1]), 1e-5f) << side << ": both bones point along their Y";
        EXPECT_GT(glm::distance(right[0], -(m * left[0])), .5f) << side << ": but the roll differs";
    }
}

TEST(PoseFlipRolled, PastingTheLeftRestFlippedLeavesTheRightRestAlone)
{
    const anim::Skeleton s = rolledHumanoid();
    const anim::PoseMirror mirror = mirrorOf(s);
    std::vector<anim::JointIndex> left;
    for (std::size_t j = 0; j < s.size(); ++j)
        if (s.names[j].ends_with(".L"))
            left.push_back(static_cast<anim::JointIndex>(j));
    ASSERT_EQ(left.size(), 7u);
    const auto flipped = model::pasteFlipped(s, mirror, model::copyPose(s, s.rest, left));
    ASSERT_EQ(flipped.size(), left.size());
    for (const model::PastedJoint& p : flipped) {
        EXPECT_TRUE(s.names[static_cast<std::size_t>(p.joint)].ends_with(".R")) << s.names[static_cast<std::size_t>(p.joint)];
        expectSameLocal(p.local, s.rest[static_cast<std::size_t>(p.joint)], 1e-5f, s.names[static_cast<std::size_t>(p.joint)]);
    }
    // The whole rest flipped is the rest.
    const auto whole = anim::flipPose(s, mirror, s.rest);
    for (std::size_t j = 0; j < s.size(); ++j)
        expectSameLocal(whole[j], s.rest[j], 1e-5f, s.names[j]);
}

TEST(PoseFlipRolled, ARaisedLeftArmPastesAsItsMirrorImageWithTheShoulderOnTheCollar)
{
    const anim::Skeleton s = rolledHumanoid();
    const anim::PoseMirror mirror = mirrorOf(s);
    const anim::JointIndex upperL = rolledAt(s, "upperarm.L"), upperR = rolledAt(s, "upperarm.R");
    std::vector<math::Transform> pose = s.rest;
    // Turn the left upper arm 40 degrees about an axis of no special kind (in its parent's frame).
    pose[static_cast<std::size_t>(upperL)].rotation =
        glm::normalize(axisAngle({.3f, -.5f, .8f}, 40.f) * pose[static_cast<std::size_t>(upperL)].rotation);
    const std::vector<anim::JointIndex> copied{upperL};
    const auto flipped = model::pasteFlipped(s, mirror, model::copyPose(s, pose, copied));
    ASSERT_EQ(flipped.size(), 1u);
    EXPECT_EQ(flipped[0].joint, upperR);
    const auto after = worldsOf(s, pasted(pose, flipped));
    const auto rest = worldsOf(s, s.rest);
    for (const char* name : {"upperarm", "forearm", "hand"}) {
        const auto l = static_cast<std::size_t>(rolledAt(s, (std::string(name) + ".L").c_str()));
        const auto r = static_cast<std::size_t>(rolledAt(s, (std::string(name) + ".R").c_str()));
        EXPECT_LT(glm::distance(rolledHeadOf(after[r]), mirroredAcrossX(rolledHeadOf(after[l]))), 1e-5f) << name;
    }
    EXPECT_GT(glm::distance(rolledHeadOf(after[static_cast<std::size_t>(rolledAt(s, "hand.R"))]),
                            rolledHeadOf(rest[static_cast<std::size_t>(rolledAt(s, "hand.R"))])),
              .1f)
        << "the right arm moved";
    // The shoulder stays where the collar holds it: the local translation is the rest's.
    EXPECT_LT(glm::distance(flipped[0].local.translation, s.rest[static_cast<std::size_t>(upperR)].translation), 1e-6f);
    EXPECT_LT(glm::distance(rolledHeadOf(after[static_cast<std::size_t>(upperR)]), rolledHeadOf(rest[static_cast<std::size_t>(upperR)])),
              1e-6f);
    // The right arm's world rotation is the left's mirrored, re-rolled to the right bone's own axes.
    const glm::mat3 m(glm::vec3(-1.f, 0.f, 0.f), glm::vec3(0.f, 1.f, 0.f), glm::vec3(0.f, 0.f, 1.f));
    const glm::mat3 restL(rest[static_cast<std::size_t>(upperL)]), restR(rest[static_cast<std::size_t>(upperR)]);
    const glm::mat3 posedL(after[static_cast<std::size_t>(upperL)]), posedR(after[static_cast<std::size_t>(upperR)]);
    const glm::mat3 expected = m * posedL * glm::transpose(restL) * m * restR;
    EXPECT_LT(degreesBetween(glm::quat_cast(posedR), glm::quat_cast(expected)), 1e-3f);
}

TEST(PoseFlipRolled, FlippingAWholePoseTwiceGivesItBackAndEveryJointMirrors)
{
    const anim::Skeleton s = rolledHumanoid();
    const anim::PoseMirror mirror = mirrorOf(s);
    std::vector<math::Transform> pose = s.rest;
    for (std::size_t j = 0; j < s.size(); ++j) {
        const float f = static_cast<float>(j);
        pose[j].rotation = glm::normalize(axisAngle({std::sin(f), std::cos(2.f * f), .4f}, 10.f + 7.f * f) * pose[j].rotation);
    }
    pose[0].translation += glm::vec3(.2f, .05f, -.3f);
    pose[static_cast<std::size_t>(rolledAt(s, "hips"))].translation += glm::vec3(.03f, -.02f, .01f);
    const auto once = anim::flipPose(s, mirror, pose);
    const auto twice = anim::flipPose(s, mirror, once);
    for (std::size_t j = 0; j < s.size(); ++j)
        expectSameLocal(twice[j], pose[j], 1e-5f, s.names[j]);
    const auto before = worldsOf(s, pose), after = worldsOf(s, once);
    for (std::size_t j = 0; j < s.size(); ++j) {
        const auto k = static_cast<std::size_t>(mirror.partners[j]);
        EXPECT_LT(glm::distance(rolledHeadOf(after[k]), mirroredAcrossX(rolledHeadOf(before[j]))), 1e-5f) << s.names[j];
    }
}

TEST(PoseFlipRolled, ANearlySymmetricRestFlipsToTheExactMirrorAndTurningAddsNothing)
{
    // Real rigs are symmetric to a few tenths of a millimetre to a few
    // millimetres (the Khronos Fox 2.6e-4 of its height, pab 3.5e-3): a
    // flipped pose lands exactly on the mirror image across the rig's plane,
    // and a pasted arm's shoulder sits where the left one's mirror does, as
    // far from the right rest as the rest's own asymmetry and no further
    // however far the arm turns (a flip relative to the rest pose moved it
    // more the more the arm turned).
    const float asymmetry = .004f;
    const anim::Skeleton s = rolledHumanoid(asymmetry);
    const anim::PoseMirror mirror = mirrorOf(s);
    const anim::JointIndex upperL = rolledAt(s, "upperarm.L"), upperR = rolledAt(s, "upperarm.R");
    std::vector<anim::JointIndex> arm;
    for (const char* name : {"collar.L", "upperarm.L", "forearm.L", "hand.L"})
        arm.push_back(rolledAt(s, name));
    std::vector<float> offRest;
    for (float degrees : {0.f, 40.f, 80.f}) {
        std::vector<math::Transform> pose = s.rest;
        pose[static_cast<std::size_t>(upperL)].rotation =
            glm::normalize(axisAngle({0.f, .2f, 1.f}, degrees) * pose[static_cast<std::size_t>(upperL)].rotation);
        // The whole pose flipped: every joint on the mirror image across the rig's plane.
        const auto before = worldsOf(s, pose), after = worldsOf(s, anim::flipPose(s, mirror, pose));
        for (std::size_t j = 0; j < s.size(); ++j) {
            const glm::vec3 image(mirror.reflection * glm::vec4(rolledHeadOf(before[j]), 1.f));
            EXPECT_LT(glm::distance(rolledHeadOf(after[static_cast<std::size_t>(mirror.partners[j])]), image), 1e-5f)
                << s.names[j] << " at " << degrees;
        }
        const auto flipped = model::pasteFlipped(s, mirror, model::copyPose(s, pose, arm));
        ASSERT_EQ(flipped.size(), arm.size());
        for (const model::PastedJoint& p : flipped)
            if (p.joint == upperR)
                offRest.push_back(glm::distance(p.local.translation, s.rest[static_cast<std::size_t>(upperR)].translation));
    }
    ASSERT_EQ(offRest.size(), 3u);
    EXPECT_LT(offRest[0], 2.f * asymmetry) << "the shoulder is off the right rest by the rest's own asymmetry";
    // The upper arm alone pasted: the right forearm and hand keep their own
    // rest under it, so the hand lands off the mirror by about the three
    // joints' asymmetry, not more (the bone axes, within a degree or two of
    // each other's mirror, are not matched: that would turn the arm by as much).
    std::vector<math::Transform> pose = s.rest;
    pose[static_cast<std::size_t>(upperL)].rotation =
        glm::normalize(axisAngle({0.f, .2f, 1.f}, 55.f) * pose[static_cast<std::size_t>(upperL)].rotation);
    const std::vector<anim::JointIndex> upper{upperL};
    const auto after = worldsOf(s, pasted(pose, model::pasteFlipped(s, mirror, model::copyPose(s, pose, upper))));
    const auto handL = static_cast<std::size_t>(rolledAt(s, "hand.L")), handR = static_cast<std::size_t>(rolledAt(s, "hand.R"));
    EXPECT_LT(glm::distance(glm::vec3(mirror.reflection * glm::vec4(rolledHeadOf(after[handL]), 1.f)), rolledHeadOf(after[handR])),
              3.f * asymmetry);
    EXPECT_NEAR(offRest[1], offRest[0], 1e-6f) << "turning the arm does not move the shoulder";
    EXPECT_NEAR(offRest[2], offRest[0], 1e-6f) << "turning the arm does not move the shoulder";
}

// The rolled humanoid with a rest that is not symmetric: the right collar
// rests shrugged 15 degrees and the right upper arm 30 degrees lower, each
// about its own local Z (across the bone), as a rig modelled in a relaxed
// pose on one side. Its locals equal to the symmetric rig's rest give the
// symmetric T-pose.
anim::Skeleton relaxedRightHumanoid()
{
    anim::Skeleton s = rolledHumanoid();
    for (const auto& [name, degrees] : {std::pair<const char*, float>{"collar.R", 15.f}, {"upperarm.R", -30.f}}) {
        math::Transform& rest = s.rest[static_cast<std::size_t>(*s.find(name))];
        rest.rotation = glm::normalize(rest.rotation * axisAngle({0.f, 0.f, 1.f}, degrees));
    }
    return s;
}

TEST(PoseFlipRolled, ASymmetricPoseFlipsOntoItselfOnARigWhoseRestIsNot)
{
    // Copy the left arm of the symmetric T-pose and paste it flipped on the
    // right: nothing moves. A flip of the change from the rest put the
    // right arm back into its relaxed rest (the arm swung 30 degrees and
    // the shoulder left the T-pose's place).
    const anim::Skeleton s = relaxedRightHumanoid();
    const anim::Skeleton symmetric = rolledHumanoid();
    const anim::PoseMirror mirror = mirrorOf(s);
    const std::vector<math::Transform> tPose = symmetric.rest;
    for (const std::vector<const char*>& names : {std::vector<const char*>{"upperarm.L"},
                                                  std::vector<const char*>{"collar.L", "upperarm.L", "forearm.L"}}) {
        std::vector<anim::JointIndex> copied;
        for (const char* name : names)
            copied.push_back(rolledAt(s, name));
        const auto flipped = model::pasteFlipped(s, mirror, model::copyPose(s, tPose, copied));
        ASSERT_EQ(flipped.size(), copied.size());
        for (const model::PastedJoint& p : flipped)
            expectSameLocal(p.local, tPose[static_cast<std::size_t>(p.joint)], 1e-5f, s.names[static_cast<std::size_t>(p.joint)]);
        const auto after = worldsOf(s, pasted(tPose, flipped));
        for (const char* name : {"collar", "upperarm", "forearm", "hand"}) {
            const auto l = static_cast<std::size_t>(rolledAt(s, (std::string(name) + ".L").c_str()));
            const auto r = static_cast<std::size_t>(rolledAt(s, (std::string(name) + ".R").c_str()));
            EXPECT_LT(glm::distance(rolledHeadOf(after[r]), mirroredAcrossX(rolledHeadOf(after[l]))), 1e-5f) << name;
        }
    }
}

TEST(PoseFlipRolled, ScaleMagnitudesCarryToTheMatchingAxes)
{
    // The left upper arm stretched along its bone and the forearm squashed
    // across it: the right side's matching axes (a quarter turn of roll
    // away on the upper arm, a half turn on the forearm) take the same
    // magnitudes, so the right hand lands on the mirror of the left one.
    const anim::Skeleton s = rolledHumanoid();
    const anim::PoseMirror mirror = mirrorOf(s);
    const anim::JointIndex upperL = rolledAt(s, "upperarm.L"), foreL = rolledAt(s, "forearm.L");
    std::vector<math::Transform> pose = s.rest;
    pose[static_cast<std::size_t>(upperL)].scale = {1.f, 1.2f, 1.f};
    pose[static_cast<std::size_t>(upperL)].rotation =
        glm::normalize(axisAngle({0.f, 0.f, 1.f}, 30.f) * pose[static_cast<std::size_t>(upperL)].rotation);
    pose[static_cast<std::size_t>(foreL)].scale = {1.3f, 1.f, .8f};
    const std::vector<anim::JointIndex> copied{upperL, foreL};
    const auto flipped = model::pasteFlipped(s, mirror, model::copyPose(s, pose, copied));
    ASSERT_EQ(flipped.size(), 2u);
    const auto after = worldsOf(s, pasted(pose, flipped));
    for (const char* name : {"forearm", "hand"}) {
        const auto l = static_cast<std::size_t>(rolledAt(s, (std::string(name) + ".L").c_str()));
        const auto r = static_cast<std::size_t>(rolledAt(s, (std::string(name) + ".R").c_str()));
        EXPECT_LT(glm::distance(rolledHeadOf(after[r]), mirroredAcrossX(rolledHeadOf(after[l]))), 1e-5f) << name;
    }
    // The forearm's world axes: the right one's are the left one's mirrored, lengths and all.
    const glm::mat3 m(glm::vec3(-1.f, 0.f, 0.f), glm::vec3(0.f, 1.f, 0.f), glm::vec3(0.f, 0.f, 1.f));
    const glm::mat3 left(after[static_cast<std::size_t>(foreL)]), right(after[static_cast<std::size_t>(rolledAt(s, "forearm.R"))]);
    const auto rest = worldsOf(s, s.rest);
    const glm::mat3 restL(rest[static_cast<std::size_t>(foreL)]), restR(rest[static_cast<std::size_t>(rolledAt(s, "forearm.R"))]);
    const glm::mat3 expected = m * left * glm::inverse(restL) * m * restR;
    for (int c = 0; c < 3; ++c)
        EXPECT_LT(glm::distance(right[c], expected[c]), 1e-5f) << "axis " << c;
    for (const model::PastedJoint& p : flipped)
        if (p.joint == rolledAt(s, "upperarm.R"))
            EXPECT_LT(glm::distance(p.local.scale, glm::vec3(1.f, 1.2f, 1.f)), 1e-5f) << "along the bone: Y to Y";
        else
            EXPECT_LT(glm::distance(p.local.scale, glm::vec3(1.3f, 1.f, .8f)), 1e-5f) << "a half turn of roll: X to X";
}

// The rolled humanoid moved and turned as a whole (its root placed off the
// origin, yawed 35 degrees), optionally with its side names glued on
// (UpperArmL, as RobotExpressive names them) or with no names at all.
anim::Skeleton turnedHumanoid(int naming)
{
    anim::Skeleton s = rolledHumanoid();
    s.rest[0].translation = {1.5f, .2f, -.7f};
    s.rest[0].rotation = glm::normalize(axisAngle({0.f, 1.f, 0.f}, 35.f) * s.rest[0].rotation);
    for (std::size_t j = 0; j < s.size(); ++j) {
        std::string& n = s.names[j];
        if (naming == 1 && (n.ends_with(".L") || n.ends_with(".R"))) {
            const char side = n.back();
            n = n.substr(0, n.size() - 2);
            n[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(n[0])));
            n += side;
        } else if (naming == 2) {
            n = "node " + std::to_string(j * 7 % 23);
        }
    }
    return s;
}

TEST(PoseFlipRolled, TheRigsOwnPlaneAndPartnersWhateverItsPlacementOrNaming)
{
    const anim::Skeleton named = rolledHumanoid();
    const anim::PoseMirror reference = mirrorOf(named);
    for (int naming : {0, 1, 2}) {
        const anim::Skeleton s = turnedHumanoid(naming);
        const anim::PoseMirror mirror = mirrorOf(s);
        EXPECT_EQ(mirror.partners, reference.partners) << "naming " << naming;
        // The plane is the rig's: every rest joint reflects onto its partner.
        const auto rest = worldsOf(s, s.rest);
        for (std::size_t j = 0; j < s.size(); ++j) {
            const auto k = static_cast<std::size_t>(mirror.partners[j]);
            EXPECT_LT(glm::distance(glm::vec3(mirror.reflection * glm::vec4(rolledHeadOf(rest[j]), 1.f)), rolledHeadOf(rest[k])), 1e-5f)
                << "naming " << naming << ", " << s.names[j];
        }
        // A posed left arm pastes as its mirror image.
        std::vector<math::Transform> pose = s.rest;
        const auto upperL = static_cast<std::size_t>(reference.partners[static_cast<std::size_t>(rolledAt(named, "upperarm.R"))]);
        pose[upperL].rotation = glm::normalize(axisAngle({1.f, 1.f, 0.f}, 40.f) * pose[upperL].rotation);
        const std::vector<anim::JointIndex> copied{static_cast<anim::JointIndex>(upperL)};
        const auto after = worldsOf(s, pasted(pose, model::pasteFlipped(s, mirror, model::copyPose(s, pose, copied))));
        const auto handL = static_cast<std::size_t>(rolledAt(named, "hand.L"));
        const auto handR = static_cast<std::size_t>(rolledAt(named, "hand.R"));
        EXPECT_LT(glm::distance(glm::vec3(mirror.reflection * glm::vec4(rolledHeadOf(after[handL]), 1.f)), rolledHeadOf(after[handR])),
                  1e-5f)
            << "naming " << naming;
    }
}

TEST(PoseFlipRolled, PartnersAreAlwaysPairsAndPropsFlipOntoThemselves)
{
    // A sword bone in the right hand and a lamp bone in the left, at places
    // that do not mirror each other: neither is the other's partner, and
    // flipping twice gives every joint back.
    anim::Skeleton s = rolledHumanoid();
    const anim::JointIndex handR = rolledAt(s, "hand.R"), handL = rolledAt(s, "hand.L");
    s.names.push_back("sword");
    s.parents.push_back(handR);
    s.rest.push_back(trs({.02f, .3f, .05f}, axisAngle({1.f, 0.f, 0.f}, 30.f)));
    s.names.push_back("lamp");
    s.parents.push_back(handL);
    s.rest.push_back(trs({-.1f, .05f, -.2f}));
    const anim::PoseMirror mirror = mirrorOf(s);
    for (std::size_t j = 0; j < s.size(); ++j)
        EXPECT_EQ(mirror.partners[static_cast<std::size_t>(mirror.partners[j])], static_cast<anim::JointIndex>(j)) << s.names[j];
    EXPECT_EQ(mirror.partners[s.size() - 2], static_cast<anim::JointIndex>(s.size() - 2));
    EXPECT_EQ(mirror.partners[s.size() - 1], static_cast<anim::JointIndex>(s.size() - 1));
    std::vector<math::Transform> pose = s.rest;
    for (std::size_t j = 0; j < s.size(); ++j)
        pose[j].rotation = glm::normalize(axisAngle({1.f, static_cast<float>(j), 2.f}, 23.f) * pose[j].rotation);
    const auto twice = anim::flipPose(s, mirror, anim::flipPose(s, mirror, pose));
    for (std::size_t j = 0; j < s.size(); ++j)
        expectSameLocal(twice[j], pose[j], 1e-5f, s.names[j]);
}

} // namespace
} // namespace marrow::test
