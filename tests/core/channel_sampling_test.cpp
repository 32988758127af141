// SPDX-License-Identifier: MIT
#include "core/anim/channel_sampling.h"
#include "glm_expect.h"
#include "tiny_rigs.h"

#include <limits>
#include <random>

using namespace marrow;
using anim::Interpolation;
using marrow::test::axisAngle;
using marrow::test::quatChannel;
using marrow::test::vec3Channel;

namespace {
glm::vec3 sampleFresh(const anim::Vec3Channel& c, float t)
{
    std::uint32_t cursor = 0;
    return anim::sampleChannel(c, t, cursor);
}

glm::quat sampleFresh(const anim::QuatChannel& c, float t)
{
    std::uint32_t cursor = 0;
    return anim::sampleChannel(c, t, cursor);
}

float length4(const glm::quat& q)
{
    return std::sqrt(q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w);
}

const glm::quat kIdentity(1.f, 0.f, 0.f, 0.f);
} // namespace

TEST(ChannelSampling, StepAtKeyTakesThatKeyAndHoldsBetween)
{
    const anim::Vec3Channel c = vec3Channel({0.f, 1.f, 2.f}, {{0, 0, 0}, {10, 0, 0}, {20, 0, 0}}, Interpolation::Step);
    EXPECT_EQ(sampleFresh(c, 0.f), glm::vec3(0, 0, 0));
    EXPECT_EQ(sampleFresh(c, .999f), glm::vec3(0, 0, 0));
    EXPECT_EQ(sampleFresh(c, 1.f), glm::vec3(10, 0, 0));
    EXPECT_EQ(sampleFresh(c, 1.5f), glm::vec3(10, 0, 0));
    EXPECT_EQ(sampleFresh(c, 2.f), glm::vec3(20, 0, 0));
    const glm::quat x90 = axisAngle({1, 0, 0}, 90.f);
    const anim::QuatChannel q = quatChannel({0.f, 1.f}, {kIdentity, x90}, Interpolation::Step);
    EXPECT_QUAT_EQUIV(sampleFresh(q, .7f), kIdentity, 1e-6f);
    EXPECT_QUAT_EQUIV(sampleFresh(q, 1.f), x90, 1e-6f);
}

TEST(ChannelSampling, LinearLerpsValues)
{
    const anim::Vec3Channel c = vec3Channel({0.f, 1.f}, {{0, 0, 0}, {4, 8, -4}});
    EXPECT_VEC3_NEAR(sampleFresh(c, .25f), glm::vec3(1, 2, -1), 1e-6f);
    EXPECT_VEC3_NEAR(sampleFresh(c, .5f), glm::vec3(2, 4, -2), 1e-6f);
    // Keys at 1 and 3: 2.5 is three quarters of the way.
    const anim::Vec3Channel d = vec3Channel({1.f, 3.f}, {{2, 0, 0}, {6, 2, 0}});
    EXPECT_VEC3_NEAR(sampleFresh(d, 2.5f), glm::vec3(5, 1.5f, 0), 1e-6f);
    EXPECT_VEC3_NEAR(sampleFresh(d, 1.f), glm::vec3(2, 0, 0), 0.f);
}

TEST(ChannelSampling, LinearRotationTakesShortArcAcrossNegativeDot)
{
    // Keys 5 and 355 degrees about Z with a negative dot: halfway is 0 degrees,
    // not 180.
    const glm::quat a = axisAngle({0, 0, 1}, 5.f);
    const glm::quat b = axisAngle({0, 0, 1}, 355.f);
    ASSERT_LT(a.w * b.w + a.z * b.z, 0.f);
    const anim::QuatChannel c = quatChannel({0.f, 1.f}, {a, b});
    EXPECT_QUAT_EQUIV(sampleFresh(c, .5f), kIdentity, 1e-6f);
    // Identity to -(90 about X) stored with negative w: 45 about X halfway.
    const anim::QuatChannel d = quatChannel({0.f, 2.f}, {kIdentity, -axisAngle({1, 0, 0}, 90.f)});
    EXPECT_QUAT_EQUIV(sampleFresh(d, 1.f), glm::quat(0.92387953f, 0.38268343f, 0, 0), 1e-6f);
}

TEST(ChannelSampling, CubicSplineHermiteScalesTangentsByKeyInterval)
{
    // Keys at 1 and 3 (dt = 2), p0 = 0, p1 = (1,2,0), out-tangent m0 = (4,0,0),
    // in-tangent m1 = (0,0,8). The unused tangents are huge so that reading
    // the wrong one shows.
    anim::Vec3Channel c = vec3Channel({1.f, 3.f}, {{0, 0, 0}, {1, 2, 0}}, Interpolation::CubicSpline);
    c.inTangents = {{1000, 1000, 1000}, {0, 0, 8}};
    c.outTangents = {{4, 0, 0}, {-1000, -1000, -1000}};
    // u = .5: h00 = h01 = .5, h10 = .125, h11 = -.125:
    // .5 p1 + .125 * 2 * m0 - .125 * 2 * m1 = (.5,1,0) + (1,0,0) - (0,0,2).
    EXPECT_VEC3_NEAR(sampleFresh(c, 2.f), glm::vec3(1.5f, 1.f, -2.f), 1e-6f);
    // u = .25: h01 = .15625, h10 = .140625, h11 = -.046875:
    // (.15625, .3125, 0) + (1.125, 0, 0) + (0, 0, -.75).
    EXPECT_VEC3_NEAR(sampleFresh(c, 1.5f), glm::vec3(1.28125f, .3125f, -.75f), 1e-6f);
    EXPECT_VEC3_NEAR(sampleFresh(c, 1.f), glm::vec3(0, 0, 0), 0.f);
    EXPECT_VEC3_NEAR(sampleFresh(c, 3.f), glm::vec3(1, 2, 0), 0.f);
}

TEST(ChannelSampling, CubicSplineRotationIsNormalised)
{
    // Zero tangents: halfway is normalise(.5 q0 + .5 q1), which for identity and
    // 90 about Z is exactly 45 about Z.
    anim::QuatChannel c = quatChannel({0.f, 1.f}, {kIdentity, axisAngle({0, 0, 1}, 90.f)}, Interpolation::CubicSpline);
    c.inTangents.assign(2, glm::quat(0, 0, 0, 0));
    c.outTangents.assign(2, glm::quat(0, 0, 0, 0));
    const glm::quat mid = sampleFresh(c, .5f);
    EXPECT_NEAR(length4(mid), 1.f, 1e-6f);
    EXPECT_QUAT_EQUIV(mid, glm::quat(0.92387953f, 0, 0, 0.38268343f), 1e-6f);
    // With tangents the raw Hermite result is far from unit length; the sample is not.
    c.outTangents[0] = glm::quat(3, 1, -2, 5);
    c.inTangents[1] = glm::quat(-4, 2, 2, 1);
    for (float t : {.1f, .3f, .5f, .8f, .99f})
        EXPECT_NEAR(length4(sampleFresh(c, t)), 1.f, 1e-6f) << "t = " << t;
}

TEST(ChannelSampling, ClampsToTheChannelsOwnRange)
{
    const anim::Vec3Channel c = vec3Channel({1.f, 3.f}, {{1, 1, 1}, {3, 3, 3}});
    EXPECT_EQ(sampleFresh(c, 0.f), glm::vec3(1, 1, 1));
    EXPECT_EQ(sampleFresh(c, -100.f), glm::vec3(1, 1, 1));
    EXPECT_EQ(sampleFresh(c, 3.f), glm::vec3(3, 3, 3));
    EXPECT_EQ(sampleFresh(c, 3.0001f), glm::vec3(3, 3, 3));
    EXPECT_EQ(sampleFresh(c, 1e9f), glm::vec3(3, 3, 3));
    EXPECT_EQ(sampleFresh(c, std::numeric_limits<float>::infinity()), glm::vec3(3, 3, 3));
    // NaN time gives a defined value (the first), not garbage.
    EXPECT_EQ(sampleFresh(c, std::numeric_limits<float>::quiet_NaN()), glm::vec3(1, 1, 1));
    const glm::quat y10 = axisAngle({0, 1, 0}, 10.f), y20 = axisAngle({0, 1, 0}, 20.f);
    const anim::QuatChannel q = quatChannel({1.f, 3.f}, {y10, y20});
    EXPECT_QUAT_EQUIV(sampleFresh(q, 0.f), y10, 1e-6f);
    EXPECT_QUAT_EQUIV(sampleFresh(q, 4.f), y20, 1e-6f);
}

TEST(ChannelSampling, SingleKeyChannelIsConstant)
{
    const glm::quat key = axisAngle({1, 1, 1}, 30.f);
    for (Interpolation i : {Interpolation::Step, Interpolation::Linear, Interpolation::CubicSpline}) {
        anim::Vec3Channel c = vec3Channel({2.f}, {{7, 8, 9}}, i);
        anim::QuatChannel q = quatChannel({2.f}, {key}, i);
        if (i == Interpolation::CubicSpline) {
            c.inTangents = c.outTangents = {{5, 5, 5}};
            q.inTangents = q.outTangents = {glm::quat(1, 1, 1, 1)};
        }
        for (float t : {-1.f, 0.f, 2.f, 3.f, 100.f}) {
            EXPECT_EQ(sampleFresh(c, t), glm::vec3(7, 8, 9));
            EXPECT_QUAT_EQUIV(sampleFresh(q, t), key, 1e-6f);
        }
    }
}

TEST(ChannelSampling, DuplicateKeyTimeJumpsAndLaterKeyApplies)
{
    // Keys 0, .5, .5, 1 with x = 0, 1, 10, 11: the value rises to 1 just
    // before .5, jumps to 10 at .5 and rises to 11.
    const anim::Vec3Channel c = vec3Channel({0.f, .5f, .5f, 1.f}, {{0, 0, 0}, {1, 0, 0}, {10, 0, 0}, {11, 0, 0}});
    EXPECT_NEAR(sampleFresh(c, .25f).x, .5f, 1e-6f);
    EXPECT_NEAR(sampleFresh(c, .4999f).x, .9998f, 1e-4f);
    EXPECT_EQ(sampleFresh(c, .5f).x, 10.f);
    EXPECT_NEAR(sampleFresh(c, .75f).x, 10.5f, 1e-6f);
    EXPECT_EQ(sampleFresh(c, 1.f).x, 11.f);
    // Step holds the earlier key up to .5 and the later one from .5.
    anim::Vec3Channel s = c;
    s.setInterpolation(Interpolation::Step);
    EXPECT_EQ(sampleFresh(s, .4999f).x, 0.f);
    EXPECT_EQ(sampleFresh(s, .5f).x, 10.f);
    // Same answers through a cursor left anywhere.
    for (std::uint32_t start : {0u, 1u, 2u, 3u, 99u}) {
        std::uint32_t cursor = start;
        EXPECT_EQ(anim::sampleChannel(c, .5f, cursor).x, 10.f) << "cursor " << start;
        cursor = start;
        EXPECT_NEAR(anim::sampleChannel(c, .25f, cursor).x, .5f, 1e-6f) << "cursor " << start;
    }
}

TEST(ChannelSampling, DuplicateKeyAtTheEndsApplyTheLaterKey)
{
    // A jump at the first key time: the later key applies from that time on.
    const anim::Vec3Channel first = vec3Channel({0.f, 0.f, 1.f}, {{0, 0, 0}, {10, 0, 0}, {20, 0, 0}});
    EXPECT_EQ(sampleFresh(first, -1.f).x, 0.f);
    EXPECT_EQ(sampleFresh(first, 0.f).x, 10.f);
    EXPECT_NEAR(sampleFresh(first, .5f).x, 15.f, 1e-6f);
    const anim::QuatChannel firstQ = quatChannel({0.f, 0.f, 1.f}, {kIdentity, axisAngle({0, 0, 1}, 90.f), axisAngle({0, 0, 1}, 90.f)});
    EXPECT_QUAT_EQUIV(sampleFresh(firstQ, 0.f), axisAngle({0, 0, 1}, 90.f), 1e-6f);
    // A jump at the last key time.
    const anim::Vec3Channel last = vec3Channel({0.f, 1.f, 1.f}, {{0, 0, 0}, {10, 0, 0}, {20, 0, 0}});
    EXPECT_NEAR(sampleFresh(last, .5f).x, 5.f, 1e-6f);
    EXPECT_EQ(sampleFresh(last, 1.f).x, 20.f);
}

TEST(ChannelSampling, FindKeyIntervalFromAnyCursor)
{
    const std::vector<float> times = {0.f, 1.f, 2.f, 3.f};
    for (std::uint32_t start : {0u, 1u, 2u, 3u, 4u, 1000u, 0xffffffffu}) {
        std::uint32_t cursor = start;
        EXPECT_EQ(anim::findKeyInterval(times, 2.5f, cursor), 2u) << "cursor " << start;
        EXPECT_EQ(cursor, 2u);
        cursor = start;
        EXPECT_EQ(anim::findKeyInterval(times, 0.f, cursor), 0u) << "cursor " << start;
        cursor = start;
        EXPECT_EQ(anim::findKeyInterval(times, 1.f, cursor), 1u) << "cursor " << start;
    }
}

namespace {
// Irregular keys with a jump in the middle, for the cursor tests.
std::vector<float> cursorTestTimes()
{
    return {0.f, .1f, .15f, .4f, .4f, .9f, 1.f, 1.7f, 1.71f, 2.5f, 2.5f, 3.f, 4.2f};
}

template <class C>
void expectCursorMatchesFresh(const C& c, const std::vector<float>& sampleTimes)
{
    std::uint32_t reused = 0;
    for (float t : sampleTimes) {
        const auto viaReused = anim::sampleChannel(c, t, reused);
        std::uint32_t fresh = 0;
        const auto viaFresh = anim::sampleChannel(c, t, fresh);
        // The same interval must be found, so the values are bit-identical.
        ASSERT_EQ(viaReused, viaFresh) << "t = " << t;
    }
}

std::vector<float> forwardBackwardRandomTimes()
{
    std::vector<float> ts;
    for (int i = -20; i <= 480; ++i)
        ts.push_back(i * .01f);  // forward in small steps, from before the first key to after the last
    for (int i = 480; i >= -20; --i)
        ts.push_back(i * .01f);  // and backward
    for (int i = 0; i <= 42; ++i)
        ts.push_back(i * .1f);   // big forward steps, landing on keys
    std::mt19937 rng(1234);
    std::uniform_real_distribution<float> dist(-.5f, 5.f);
    for (int i = 0; i < 500; ++i)
        ts.push_back(dist(rng));
    for (float k : cursorTestTimes())
        ts.push_back(k);         // exactly on every key, including the jumps
    return ts;
}
} // namespace

TEST(ChannelSampling, ReusedCursorMatchesFreshCursor)
{
    const std::vector<float> times = cursorTestTimes();
    const std::vector<float> ts = forwardBackwardRandomTimes();
    for (Interpolation i : {Interpolation::Step, Interpolation::Linear, Interpolation::CubicSpline}) {
        anim::Vec3Channel v;
        anim::QuatChannel q;
        v.times = q.times = times;
        for (std::size_t k = 0; k < times.size(); ++k) {
            const float f = static_cast<float>(k);
            v.values.push_back({f, f * f, -f});
            q.values.push_back(axisAngle({1, f, 2}, 37.f * f));
            v.inTangents.push_back({1, 0, f});
            v.outTangents.push_back({0, f, 1});
            q.inTangents.push_back(glm::quat(0, .1f, 0, f * .01f));
            q.outTangents.push_back(glm::quat(.2f, 0, -.1f, 0));
        }
        v.interpolations.assign(times.size(), i);
        q.interpolations.assign(times.size(), i);
        ASSERT_FALSE(v.validate());
        ASSERT_FALSE(q.validate());
        expectCursorMatchesFresh(v, ts);
        expectCursorMatchesFresh(q, ts);
    }
}
