// SPDX-License-Identifier: MIT
// Key edits on one channel: insert, remove, retime with overwrites, per-key
// modes, tangent modes and hand-set tangents keep the channel valid and
// keep each key's attributes with it.
#include "core/anim/channel_sampling.h"
#include "core/anim/key_ops.h"

#include <glm/gtc/quaternion.hpp>
#include <gtest/gtest.h>

using namespace marrow;
using anim::Interpolation;
using anim::TangentMode;

namespace {

anim::Vec3Channel ramp()
{
    anim::Vec3Channel c;
    c.times = {0.f, 1.f, 2.f, 3.f};
    c.values = {{0, 0, 0}, {1, 0, 0}, {2, 0, 0}, {3, 0, 0}};
    return c;
}

std::vector<std::size_t> idx(std::initializer_list<std::size_t> l) { return l; }

} // namespace

TEST(KeyOps, InsertKeepsOrderAndOverwritesAtTheSameTime)
{
    auto c = ramp();
    EXPECT_EQ(anim::insertKey(c, 1.5f, glm::vec3(9.f), Interpolation::Linear, TangentMode::Free), 2u);
    EXPECT_EQ(c.times, (std::vector<float>{0, 1, 1.5f, 2, 3}));
    EXPECT_EQ(anim::insertKey(c, 1.5f, glm::vec3(7.f), Interpolation::Linear, TangentMode::Free), 2u);
    EXPECT_EQ(c.size(), 5u);
    EXPECT_EQ(c.values[2], glm::vec3(7.f));
    EXPECT_FALSE(c.validate());
    // All Linear and Free: no per-key arrays were needed.
    EXPECT_TRUE(c.interpolations.empty());
    EXPECT_TRUE(c.tangentModes.empty());
}

TEST(KeyOps, FirstCubicKeyGrowsTangentsAndAutoClampsThem)
{
    auto c = ramp();
    anim::insertKey(c, 1.5f, glm::vec3(1.5f, 0.f, 0.f), Interpolation::CubicSpline);
    ASSERT_FALSE(c.validate());
    ASSERT_EQ(c.inTangents.size(), c.size());
    ASSERT_EQ(c.tangentModes.size(), c.size());
    EXPECT_EQ(c.tangentModes[2], TangentMode::AutoClamped);
    // On a straight ramp the auto slope is the ramp's: 1 per second.
    EXPECT_NEAR(c.outTangents[2].x, 1.f, 1e-6f);
    EXPECT_EQ(c.tangentModes[0], TangentMode::Free);  // the others keep theirs
}

TEST(KeyOps, RotationInsertTakesThePreviousHemisphere)
{
    anim::QuatChannel c;
    anim::insertKey(c, 0.f, glm::quat(1.f, 0.f, 0.f, 0.f), Interpolation::Linear);
    const glm::quat far = -glm::angleAxis(glm::radians(30.f), glm::vec3(0, 0, 1));
    anim::insertKey(c, 1.f, far, Interpolation::Linear);
    EXPECT_GT(glm::dot(c.values[0], c.values[1]), 0.f);
    EXPECT_NEAR(std::abs(glm::dot(c.values[1], far)), 1.f, 1e-6f);
}

TEST(KeyOps, RemoveDropsTheKeysAndTheirModes)
{
    auto c = ramp();
    anim::setKeyInterpolation(c, idx({1}), Interpolation::Step);
    anim::removeKeys(c, idx({0, 2, 2}));
    EXPECT_EQ(c.times, (std::vector<float>{1, 3}));
    ASSERT_EQ(c.interpolations.size(), 2u);
    EXPECT_EQ(c.interpolations[0], Interpolation::Step);
    EXPECT_FALSE(c.validate());
}

TEST(KeyOps, RetimeOverwritesUnselectedKeysAndKeepsAttributes)
{
    auto c = ramp();
    anim::setKeyInterpolation(c, idx({0}), Interpolation::Step);
    // Move keys 0 and 1 by +2: key 0 lands on key 2, key 1 on key 3.
    const auto moved = anim::retimeKeys(c, idx({0, 1}), [](float t) { return t + 2.f; });
    EXPECT_EQ(c.times, (std::vector<float>{2, 3}));
    EXPECT_EQ(c.values[0], glm::vec3(0.f));  // the moved key replaced the one at 2
    EXPECT_EQ(c.segment(0), Interpolation::Step);
    EXPECT_EQ(moved, (std::vector<std::size_t>{0, 1}));
    EXPECT_FALSE(c.validate());
}

TEST(KeyOps, RetimeScalesAroundAPivotAndReorders)
{
    auto c = ramp();
    const auto moved = anim::retimeKeys(c, idx({3}), [](float t) { return 0.5f + (t - 1.f) * -1.f; });  // 3 -> -1.5
    EXPECT_EQ(c.times.front(), -1.5f);
    EXPECT_EQ(c.values.front(), glm::vec3(3, 0, 0));
    EXPECT_EQ(moved, (std::vector<std::size_t>{0}));
}

TEST(KeyOps, MovingACubicKeyKeepsItsSlopes)
{
    auto c = ramp();
    anim::setKeyInterpolation(c, idx({0, 1, 2, 3}), Interpolation::CubicSpline);
    anim::setKeyTangents(c, 1, glm::vec3(5.f), glm::vec3(5.f));
    anim::retimeKeys(c, idx({1}), [](float t) { return t + 0.5f; });
    ASSERT_EQ(c.times[1], 1.5f);
    EXPECT_EQ(c.inTangents[1], glm::vec3(5.f));
    EXPECT_EQ(c.outTangents[1], glm::vec3(5.f));
    EXPECT_EQ(c.tangentMode(1), TangentMode::Free);
}

TEST(KeyOps, FlatZeroesAndAutoRecomputes)
{
    auto c = ramp();
    anim::setKeyInterpolation(c, idx({0, 1, 2, 3}), Interpolation::CubicSpline);
    anim::setKeyTangentMode(c, idx({0, 1, 2, 3}), TangentMode::AutoClamped);
    EXPECT_NEAR(c.outTangents[1].x, 1.f, 1e-6f);
    anim::setKeyTangentMode(c, idx({1}), TangentMode::Flat);
    EXPECT_EQ(c.outTangents[1], glm::vec3(0.f));
    EXPECT_EQ(c.inTangents[1], glm::vec3(0.f));
    // Moving a neighbour re-clamps the auto keys around it.
    anim::retimeKeys(c, idx({3}), [](float) { return 2.5f; });
    EXPECT_FALSE(c.validate());
}

TEST(KeyOps, SetInterpolationChangesTheSampledCurve)
{
    auto c = ramp();
    anim::setKeyInterpolation(c, idx({1}), Interpolation::Step);
    std::uint32_t cursor = 0;
    EXPECT_NEAR(anim::sampleChannel(c, 1.5, cursor).x, 1.f, 1e-6f);  // held
    EXPECT_NEAR(anim::sampleChannel(c, 2.5, cursor).x, 2.5f, 1e-6f);  // still linear after
}

TEST(KeyOps, KeysAtTimesFindsExactTimes)
{
    auto c = ramp();
    const std::vector<float> t{3.f, 1.f, 1.25f};
    EXPECT_EQ(anim::keysAtTimes(c, t), (std::vector<std::size_t>{1, 3}));
}
