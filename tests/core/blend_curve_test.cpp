// SPDX-License-Identifier: MIT
// Transition curves: ends, interior values worked out by hand, monotonicity,
// the CSS cubic-bezier solved to 1e-7 in x, and the spec round trip.
#include "core/anim/blend_curve.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace marrow;
using anim::BlendCurve;
using anim::BlendCurveKind;

TEST(BlendCurve, EndsAndInteriorPoints)
{
    struct Row {
        BlendCurveKind kind;
        float at25, at50;
    };
    // By hand: smoothstep .25 -> 3/16 - 2/64 = .15625; smootherstep .25 ->
    // 6/1024 - 15/256 + 10/64 = .103515625; ease-in .25^2; ease-out 1 - .75^2.
    const Row rows[] = {{BlendCurveKind::Linear, .25f, .5f},
                        {BlendCurveKind::Smoothstep, .15625f, .5f},
                        {BlendCurveKind::Smootherstep, .103515625f, .5f},
                        {BlendCurveKind::EaseIn, .0625f, .25f},
                        {BlendCurveKind::EaseOut, .4375f, .75f}};
    for (const Row& r : rows) {
        const BlendCurve c{r.kind};
        EXPECT_EQ(c(0.f), 0.f);
        EXPECT_EQ(c(1.f), 1.f);
        EXPECT_NEAR(c(.25f), r.at25, 1e-7f) << static_cast<int>(r.kind);
        EXPECT_NEAR(c(.5f), r.at50, 1e-7f) << static_cast<int>(r.kind);
        EXPECT_EQ(c(-1.f), 0.f);  // clamped
        EXPECT_EQ(c(2.f), 1.f);
        float last = 0.f;
        for (int i = 1; i <= 100; ++i) {
            const float v = c(static_cast<float>(i) / 100.f);
            EXPECT_GE(v, last);
            last = v;
        }
    }
}

TEST(BlendCurve, BezierFollowsItsParametricCurve)
{
    const BlendCurve ease{BlendCurveKind::Bezier, .25f, .1f, .25f, 1.f};  // CSS "ease"
    for (int i = 1; i < 100; ++i) {
        const double s = i / 100.0, r = 1.0 - s;
        const double x = 3 * r * r * s * .25 + 3 * r * s * s * .25 + s * s * s;
        const double y = 3 * r * r * s * .1 + 3 * r * s * s * 1.0 + s * s * s;
        EXPECT_NEAR(ease(static_cast<float>(x)), y, 2e-6) << s;
    }
    // A linear Bézier is the identity.
    const BlendCurve straight{BlendCurveKind::Bezier, 1.f / 3.f, 1.f / 3.f, 2.f / 3.f, 2.f / 3.f};
    EXPECT_NEAR(straight(.37f), .37f, 1e-6f);
    // Steep ends (x1 = x2 = 0 / 1) still solve.
    const BlendCurve steep{BlendCurveKind::Bezier, 0.f, .5f, 1.f, .5f};
    EXPECT_NEAR(steep(.5f), .5f, 1e-6f);
}

TEST(BlendCurve, SpecsRoundTripAndRejectNonsense)
{
    for (const char* spec : {"linear", "smoothstep", "smootherstep", "ease-in", "ease-out", "bezier:0.42,0,0.58,1"}) {
        const auto c = anim::parseBlendCurve(spec);
        ASSERT_TRUE(c) << spec;
        EXPECT_EQ(anim::parseBlendCurve(anim::blendCurveSpec(*c)), c) << spec;
    }
    for (const char* bad : {"", "cubic", "bezier:", "bezier:1,2,3", "bezier:1.5,0,0.5,1", "bezier:0,0,1,1,2",
                            "bezier:a,b,c,d", "bezier:0.2,0,0.8,1x"})
        EXPECT_FALSE(anim::parseBlendCurve(bad)) << bad;
}
