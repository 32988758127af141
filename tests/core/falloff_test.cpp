// SPDX-License-Identifier: MIT
#include "core/skin/falloff.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

using namespace marrow;
using skin::FalloffPreset;

namespace {
constexpr FalloffPreset kAll[] = {FalloffPreset::Smooth, FalloffPreset::Sphere, FalloffPreset::Root,
                                  FalloffPreset::Sharp,  FalloffPreset::Linear, FalloffPreset::Constant};
} // namespace

TEST(Falloff, EndpointsAndOutsideTheBrush)
{
    const float nan = std::numeric_limits<float>::quiet_NaN();
    for (FalloffPreset p : kAll) {
        SCOPED_TRACE(static_cast<int>(p));
        EXPECT_EQ(skin::falloff(p, 0.f), 1.f);
        EXPECT_EQ(skin::falloff(p, -0.5f), 1.f);  // before the centre counts as the centre
        EXPECT_EQ(skin::falloff(p, 1.f), p == FalloffPreset::Constant ? 1.f : 0.f);
        EXPECT_EQ(skin::falloff(p, 1.0001f), 0.f);
        EXPECT_EQ(skin::falloff(p, 7.f), 0.f);
        EXPECT_EQ(skin::falloff(p, nan), 0.f);
        EXPECT_EQ(skin::falloff(p, std::numeric_limits<float>::infinity()), 0.f);
    }
}

TEST(Falloff, MonotonicAndInRange)
{
    for (FalloffPreset p : kAll) {
        SCOPED_TRACE(static_cast<int>(p));
        float previous = skin::falloff(p, 0.f);
        for (int i = 1; i <= 1000; ++i) {
            const float v = skin::falloff(p, static_cast<float>(i) / 1000.f);
            EXPECT_LE(v, previous) << "d = " << i / 1000.0;
            EXPECT_GE(v, 0.f);
            EXPECT_LE(v, 1.f);
            previous = v;
        }
    }
}

TEST(Falloff, ExactInteriorValues)
{
    // d = 0.5, so t = 0.5.
    EXPECT_FLOAT_EQ(skin::falloff(FalloffPreset::Smooth, 0.5f), 0.5f);    // 3/4 - 2/8
    EXPECT_NEAR(skin::falloff(FalloffPreset::Sphere, 0.5f), 0.8660254038, 1e-6);  // sqrt(3/4)
    EXPECT_NEAR(skin::falloff(FalloffPreset::Root, 0.5f), 0.7071067812, 1e-6);    // sqrt(1/2)
    EXPECT_FLOAT_EQ(skin::falloff(FalloffPreset::Sharp, 0.5f), 0.25f);
    EXPECT_FLOAT_EQ(skin::falloff(FalloffPreset::Linear, 0.5f), 0.5f);
    EXPECT_FLOAT_EQ(skin::falloff(FalloffPreset::Constant, 0.5f), 1.f);
    // d = 0.25, so t = 0.75.
    EXPECT_FLOAT_EQ(skin::falloff(FalloffPreset::Smooth, 0.25f), 0.84375f);  // 27/16 - 54/64
    EXPECT_NEAR(skin::falloff(FalloffPreset::Sphere, 0.25f), 0.9682458366, 1e-6);  // sqrt(15/16)
    EXPECT_NEAR(skin::falloff(FalloffPreset::Root, 0.25f), 0.8660254038, 1e-6);    // sqrt(3/4)
    EXPECT_FLOAT_EQ(skin::falloff(FalloffPreset::Sharp, 0.25f), 0.5625f);
    EXPECT_FLOAT_EQ(skin::falloff(FalloffPreset::Linear, 0.25f), 0.75f);
    EXPECT_FLOAT_EQ(skin::falloff(FalloffPreset::Constant, 0.25f), 1.f);
}

TEST(Falloff, SphereIsBlendersCircleInT)
{
    // Blender writes the sphere preset as sqrt(2t - t^2) with t = 1 - d.
    for (int i = 0; i <= 100; ++i) {
        const double d = i / 100.0, t = 1.0 - d;
        EXPECT_NEAR(skin::falloff(FalloffPreset::Sphere, static_cast<float>(d)), std::sqrt(2.0 * t - t * t), 1e-6);
    }
}
