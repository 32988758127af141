// SPDX-License-Identifier: MIT
// A channel's interpolation is per key: the segment from key i to key i + 1
// moves as key i says. Exact values on a channel mixing all three modes.
#include "core/anim/channel_sampling.h"

#include "mixed_channel.h"

#include <gtest/gtest.h>

using namespace marrow;
using anim::Interpolation;

namespace {

float at(const anim::Vec3Channel& c, double t)
{
    std::uint32_t cursor = 0;
    return anim::sampleChannel(c, t, cursor).x;
}

anim::Vec3Channel mixed()
{
    return test::mixedModeChannel();
}

} // namespace

TEST(JobValidity, PerKeyChannel)
{
    anim::Vec3Channel c = mixed();
    EXPECT_FALSE(c.validate());
    c.interpolations.pop_back();
    EXPECT_TRUE(c.validate()) << "one mode per key, or none";
    c = mixed();
    c.inTangents.clear();
    EXPECT_EQ(*c.validate(), "is CUBICSPLINE but lacks a tangent per key");
    c = mixed();
    c.tangentModes = {anim::TangentMode::Free};
    EXPECT_TRUE(c.validate()) << "one tangent mode per key, or none";
    c.interpolations[0] = static_cast<Interpolation>(7);
    c.tangentModes.clear();
    EXPECT_TRUE(c.validate());
    EXPECT_EQ(mixed().uniformInterpolation(), std::nullopt);
    anim::Vec3Channel linear;
    linear.times = {0.f, 1.f};
    linear.values = {{}, {}};
    EXPECT_EQ(linear.uniformInterpolation(), Interpolation::Linear) << "no modes stored: every key Linear";
    EXPECT_EQ(linear.segment(1), Interpolation::Linear);
}

TEST(PerKeySampling, EachSegmentMovesAsItsFirstKeySays)
{
    const anim::Vec3Channel c = mixed();
    // Step from key 0: holds 0 until key 1's time, then 10.
    EXPECT_EQ(at(c, 0.0), 0.f);
    EXPECT_EQ(at(c, .999), 0.f);
    EXPECT_EQ(at(c, 1.0), 10.f);
    // Linear from key 1.
    EXPECT_FLOAT_EQ(at(c, 1.25), 12.5f);
    EXPECT_FLOAT_EQ(at(c, 1.5), 15.f);
    // Cubic from key 2: Hermite with p0 = 20, m0 = 10, p1 = 0, m1 = -40 over one second.
    for (const double u : {.25, .5, .75}) {
        const double h00 = 2 * u * u * u - 3 * u * u + 1, h10 = u * u * u - 2 * u * u + u;
        const double h01 = -2 * u * u * u + 3 * u * u, h11 = u * u * u - u * u;
        const double expected = h00 * 20 + h10 * 10 + h01 * 0 + h11 * -40;
        EXPECT_NEAR(at(c, 2.0 + u), expected, 1e-5) << "u = " << u;
    }
    EXPECT_EQ(at(c, 3.0), 0.f);
    EXPECT_EQ(at(c, 9.0), 0.f) << "the last key holds after the end";
}

TEST(PerKeySampling, SetInterpolationGivesEveryKeyOneMode)
{
    anim::Vec3Channel c = mixed();
    c.setInterpolation(Interpolation::Linear);
    EXPECT_EQ(c.uniformInterpolation(), Interpolation::Linear);
    EXPECT_FLOAT_EQ(at(c, .5), 5.f);
    EXPECT_FLOAT_EQ(at(c, 2.5), 10.f);
    anim::Vec3Channel fresh;
    fresh.times = {0.f, 1.f};
    fresh.values = {{0, 0, 0}, {1, 0, 0}};
    fresh.setInterpolation(Interpolation::CubicSpline);
    EXPECT_FALSE(fresh.validate()) << "zero tangents are made for a channel that had none";
    EXPECT_NEAR(at(fresh, .5), .5f, 1e-6f) << "flat Hermite ends: smoothstep";
}
