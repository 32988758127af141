// SPDX-License-Identifier: MIT
#include "core/anim/ik_solve.h"
#include "core/anim/local_to_world_job.h"

#include "tiny_rigs.h"

#include <gtest/gtest.h>

#include <glm/geometric.hpp>

using namespace marrow;

namespace {

// A chain of `bones` + 1 joints along +X with unit bones, bent a little at each joint about Z.
anim::Skeleton bentChain(int bones, float bendDegrees = 20.f)
{
    anim::Skeleton s;
    for (int i = 0; i <= bones; ++i) {
        s.names.push_back(std::to_string(i));  // (GCC 12 warns falsely on "j" + to_string)
        s.parents.push_back(i == 0 ? anim::kNoParent : i - 1);
        s.rest.push_back(test::trs(i == 0 ? glm::vec3(0.f) : glm::vec3(1.f, 0.f, 0.f),
                                   test::axisAngle({0.f, 0.f, 1.f}, i == 0 ? 0.f : bendDegrees)));
    }
    return s;
}

std::vector<glm::vec3> positions(const anim::Skeleton& s, const std::vector<math::Transform>& locals)
{
    std::vector<glm::mat4> w(s.size());
    anim::LocalToWorldJob{s.parents, locals, glm::mat4(1.f), w}.run();
    std::vector<glm::vec3> p;
    for (const glm::mat4& m : w)
        p.push_back(glm::vec3(m[3]));
    return p;
}

void expectLengthsKept(const std::vector<glm::vec3>& before, const std::vector<glm::vec3>& after)
{
    for (std::size_t i = 0; i + 1 < before.size(); ++i)
        EXPECT_NEAR(glm::distance(after[i], after[i + 1]), glm::distance(before[i], before[i + 1]), 1e-5f) << "bone " << i;
}

} // namespace

TEST(JobValidity, IkSolve)
{
    const anim::Skeleton s = bentChain(2);
    std::vector<math::Transform> locals = s.rest;
    EXPECT_FALSE(anim::solveIk(s, locals, {.end = 7}).solved) << "joint out of range";
    EXPECT_FALSE(anim::solveIk(s, locals, {.end = 1, .bones = 2}).solved) << "chain longer than the ancestry";
    EXPECT_FALSE(anim::solveIk(s, locals, {.end = 2, .target = glm::vec3(NAN)}).solved);
    EXPECT_TRUE(locals == s.rest) << "refused requests change nothing";
    EXPECT_EQ(anim::ikChain(s, 2, 2), (std::vector<anim::JointIndex>{0, 1, 2}));
}

TEST(IkSolve, TwoBonesReachTheTargetKeepingLengthsAndTheBendSide)
{
    const anim::Skeleton s = bentChain(2, 30.f);
    std::vector<math::Transform> locals = s.rest;
    const auto before = positions(s, locals);
    const glm::vec3 target(.6f, 1.2f, .4f);
    const anim::IkResult r = anim::solveIk(s, locals, {.end = 2, .bones = 2, .target = target});
    ASSERT_TRUE(r.solved);
    EXPECT_TRUE(r.reached) << r.distance;
    const auto after = positions(s, locals);
    EXPECT_NEAR(glm::distance(after[2], target), 0.f, 1e-4f);
    expectLengthsKept(before, after);
    EXPECT_EQ(after[0], before[0]) << "the chain's top stays";
    for (std::size_t j = 0; j < s.size(); ++j) {
        EXPECT_EQ(locals[j].translation, s.rest[j].translation);
        EXPECT_EQ(locals[j].scale, s.rest[j].scale);
    }
    EXPECT_EQ(locals[2].rotation, s.rest[2].rotation) << "the grabbed joint's own rotation is kept";
    // The elbow bends to the same side of the shoulder-to-hand line as before (about +Z: counter-clockwise).
    const glm::vec3 nBefore = glm::cross(before[1] - before[0], before[2] - before[1]);
    const glm::vec3 nAfter = glm::cross(after[1] - after[0], after[2] - after[1]);
    EXPECT_GT(glm::dot(glm::normalize(nBefore), glm::normalize(nAfter)), 0.f);
    EXPECT_EQ(r.moved, (std::vector<anim::JointIndex>{0, 1}));
}

TEST(IkSolve, AnUnreachableTargetStretchesTheChainTowardsIt)
{
    const anim::Skeleton s = bentChain(2);
    std::vector<math::Transform> locals = s.rest;
    const auto before = positions(s, locals);
    const glm::vec3 target(0.f, 5.f, 0.f);
    const anim::IkResult r = anim::solveIk(s, locals, {.end = 2, .bones = 2, .target = target});
    ASSERT_TRUE(r.solved);
    EXPECT_FALSE(r.reached);
    const auto after = positions(s, locals);
    expectLengthsKept(before, after);
    EXPECT_NEAR(after[2].y, 2.f, 1e-3f) << "fully stretched straight up";
    EXPECT_NEAR(r.distance, 3.f, 1e-3f);
}

TEST(IkSolve, LongerChainsUseFabrikAndKeepLengths)
{
    const anim::Skeleton s = bentChain(5, 15.f);
    std::vector<math::Transform> locals = s.rest;
    const auto before = positions(s, locals);
    const glm::vec3 target(2.f, 2.5f, -1.f);
    const anim::IkResult r = anim::solveIk(s, locals, {.end = 5, .bones = 4, .target = target});
    ASSERT_TRUE(r.solved);
    EXPECT_TRUE(r.reached) << r.distance;
    const auto after = positions(s, locals);
    EXPECT_NEAR(glm::distance(after[5], target), 0.f, 1e-4f);
    expectLengthsKept(before, after);
    EXPECT_EQ(after[1], before[1]) << "four bones move: joint 1 is the top and stays";
    EXPECT_EQ(locals[0].rotation, s.rest[0].rotation) << "above the chain nothing turns";
}

TEST(IkSolve, TwoBonesUnderARotatedAndScaledParent)
{
    anim::Skeleton s = bentChain(3, 25.f);
    s.rest[0] = test::trs({1.f, 2.f, 3.f}, test::axisAngle(glm::normalize(glm::vec3(1.f, 1.f, 0.f)), 50.f), glm::vec3(2.f));
    std::vector<math::Transform> locals = s.rest;
    const auto before = positions(s, locals);
    const glm::vec3 target = before[1] + glm::vec3(1.f, 2.f, -1.5f);
    const anim::IkResult r = anim::solveIk(s, locals, {.end = 3, .bones = 2, .target = target});
    ASSERT_TRUE(r.solved);
    EXPECT_TRUE(r.reached) << r.distance;
    expectLengthsKept(before, positions(s, locals));
}

TEST(IkSolve, APoleDecidesWhichWayANearlyStraightChainBends)
{
    // Bent a hair one way, then the other: without a pole the middle joint
    // bends to whichever side the hair says (a knee that flips between
    // frames); with one it bends toward the pole both times, reaching alike.
    const glm::vec3 target(1.2f, 0.f, 0.f), pole(0.f, 0.f, 1.f);
    for (const float hair : {0.01f, -0.01f}) {
        anim::Skeleton s = bentChain(2, 0.f);
        s.rest[1].rotation = test::axisAngle({0.f, 1.f, 0.f}, hair);
        std::vector<math::Transform> free = s.rest, poled = s.rest;
        const auto before = positions(s, s.rest);
        ASSERT_TRUE(anim::solveIk(s, free, {.end = 2, .bones = 2, .target = target}).solved);
        const anim::IkResult r = anim::solveIk(s, poled, {.end = 2, .bones = 2, .target = target, .pole = pole});
        ASSERT_TRUE(r.solved);
        EXPECT_TRUE(r.reached) << r.distance;
        const auto withoutPole = positions(s, free), withPole = positions(s, poled);
        EXPECT_LT(withoutPole[1].z * -hair, 0.f) << "without a pole the hair decides (hair " << hair << ")";
        EXPECT_GT(withPole[1].z, 0.5f) << "toward the pole (hair " << hair << ")";
        EXPECT_NEAR(withPole[1].y, 0.f, 1e-4f) << "in the plane of the target line and the pole";
        EXPECT_NEAR(glm::distance(withPole[2], target), 0.f, 1e-4f);
        expectLengthsKept(before, withPole);
    }
}
