// SPDX-License-Identifier: MIT
#include "core/anim/channel.h"
#include "tiny_rigs.h"

#include <gtest/gtest.h>

#include <limits>

using namespace marrow;
using anim::Interpolation;
using marrow::test::quatChannel;
using marrow::test::vec3Channel;

namespace {
const float kNaN = std::numeric_limits<float>::quiet_NaN();
const float kInf = std::numeric_limits<float>::infinity();

// Expects validate() to fail with a message containing `needle`.
template <class C>
void expectInvalid(const C& c, const std::string& needle)
{
    const auto err = c.validate();
    ASSERT_TRUE(err.has_value()) << "expected an error containing '" << needle << "'";
    EXPECT_NE(err->find(needle), std::string::npos) << *err;
}

anim::Vec3Channel cubic(std::vector<float> times)
{
    anim::Vec3Channel c = vec3Channel(times, std::vector<glm::vec3>(times.size(), glm::vec3(1.f)), Interpolation::CubicSpline);
    c.inTangents.assign(times.size(), glm::vec3(0.f));
    c.outTangents.assign(times.size(), glm::vec3(0.f));
    return c;
}
} // namespace

TEST(Channel, ValidChannelsPass)
{
    EXPECT_FALSE(anim::Vec3Channel{}.validate());
    EXPECT_FALSE(vec3Channel({0.f}, {{1, 2, 3}}).validate());
    EXPECT_FALSE(vec3Channel({0.f, 1.f, 2.f}, {{0, 0, 0}, {1, 1, 1}, {2, 2, 2}}).validate());
    // Two equal times are a jump, which is allowed.
    EXPECT_FALSE(vec3Channel({0.f, .5f, .5f, 1.f}, {{0, 0, 0}, {1, 1, 1}, {2, 2, 2}, {3, 3, 3}}).validate());
    EXPECT_FALSE(quatChannel({-1.f, 3.f}, {glm::quat(1, 0, 0, 0), glm::quat(0, 1, 0, 0)}).validate());
    EXPECT_FALSE(cubic({0.f, 1.f}).validate());
}

TEST(Channel, RejectsDecreasingTimes)
{
    expectInvalid(vec3Channel({0.f, 2.f, 1.f}, {{0, 0, 0}, {1, 1, 1}, {2, 2, 2}}), "decrease at key 2");
    expectInvalid(quatChannel({1.f, 0.f}, {glm::quat(1, 0, 0, 0), glm::quat(1, 0, 0, 0)}), "decrease at key 1");
}

TEST(Channel, RejectsNonFiniteTimes)
{
    expectInvalid(vec3Channel({0.f, kNaN}, {{0, 0, 0}, {1, 1, 1}}), "key 1 has a non-finite time");
    expectInvalid(vec3Channel({kNaN, 1.f}, {{0, 0, 0}, {1, 1, 1}}), "key 0 has a non-finite time");
    expectInvalid(vec3Channel({0.f, kInf}, {{0, 0, 0}, {1, 1, 1}}), "non-finite time");
    expectInvalid(quatChannel({-kInf}, {glm::quat(1, 0, 0, 0)}), "non-finite time");
}

TEST(Channel, RejectsNonFiniteValues)
{
    expectInvalid(vec3Channel({0.f, 1.f}, {{0, 0, 0}, {1, kNaN, 1}}), "key 1 has a non-finite value");
    expectInvalid(vec3Channel({0.f}, {{kInf, 0, 0}}), "key 0 has a non-finite value");
    expectInvalid(quatChannel({0.f, 1.f}, {glm::quat(1, 0, 0, 0), glm::quat(kNaN, 0, 0, 0)}), "key 1 has a non-finite value");
    expectInvalid(quatChannel({0.f}, {glm::quat(1, 0, 0, kInf)}), "non-finite value");
}

TEST(Channel, RejectsSizeMismatch)
{
    expectInvalid(vec3Channel({0.f, 1.f}, {{0, 0, 0}}), "has 2 key times but 1 values");
    expectInvalid(vec3Channel({0.f}, {{0, 0, 0}, {1, 1, 1}}), "has 1 key times but 2 values");
    expectInvalid(quatChannel({}, {glm::quat(1, 0, 0, 0)}), "has 0 key times but 1 values");
}

TEST(Channel, RejectsThreeEqualTimes)
{
    expectInvalid(vec3Channel({0.f, 1.f, 1.f, 1.f}, {{0, 0, 0}, {1, 1, 1}, {2, 2, 2}, {3, 3, 3}}), "three keys at time");
    expectInvalid(vec3Channel({0.f, 0.f, 0.f}, {{0, 0, 0}, {1, 1, 1}, {2, 2, 2}}), "three keys at time");
}

TEST(Channel, RejectsCubicWithoutTangents)
{
    anim::Vec3Channel none = vec3Channel({0.f, 1.f}, {{0, 0, 0}, {1, 1, 1}}, Interpolation::CubicSpline);
    expectInvalid(none, "lacks a tangent per key");
    anim::Vec3Channel shortIn = cubic({0.f, 1.f});
    shortIn.inTangents.pop_back();
    expectInvalid(shortIn, "lacks a tangent per key");
    anim::Vec3Channel shortOut = cubic({0.f, 1.f});
    shortOut.outTangents.pop_back();
    expectInvalid(shortOut, "lacks a tangent per key");
    anim::Vec3Channel nanTangent = cubic({0.f, 1.f});
    nanTangent.outTangents[1].y = kNaN;
    expectInvalid(nanTangent, "key 1 has a non-finite tangent");
    anim::QuatChannel q = quatChannel({0.f, 1.f}, {glm::quat(1, 0, 0, 0), glm::quat(1, 0, 0, 0)}, Interpolation::CubicSpline);
    expectInvalid(q, "lacks a tangent per key");
    // Tangents are not required for the other interpolations.
    EXPECT_FALSE(vec3Channel({0.f, 1.f}, {{0, 0, 0}, {1, 1, 1}}, Interpolation::Step).validate());
}

TEST(Channel, AccessorsAndNames)
{
    const anim::Vec3Channel c = vec3Channel({.5f, 2.f}, {{0, 0, 0}, {1, 1, 1}});
    EXPECT_EQ(c.size(), 2u);
    EXPECT_FALSE(c.empty());
    EXPECT_EQ(c.firstTime(), .5f);
    EXPECT_EQ(c.lastTime(), 2.f);
    EXPECT_EQ(anim::Vec3Channel{}.firstTime(), 0.f);
    EXPECT_EQ(anim::Vec3Channel{}.lastTime(), 0.f);
    EXPECT_STREQ(anim::interpolationName(Interpolation::Step), "STEP");
    EXPECT_STREQ(anim::interpolationName(Interpolation::Linear), "LINEAR");
    EXPECT_STREQ(anim::interpolationName(Interpolation::CubicSpline), "CUBICSPLINE");
}
