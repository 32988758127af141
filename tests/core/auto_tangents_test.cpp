// SPDX-License-Identifier: MIT
#include "core/anim/auto_tangents.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

using namespace marrow;

TEST(JobValidity, AutoClampedSlopes)
{
    const std::vector<float> t = {0.f, 1.f}, v = {0.f, 1.f};
    std::vector<float> s = {7.f};  // wrong size: untouched
    anim::autoClampedSlopes(t, v, s);
    EXPECT_EQ(s[0], 7.f);
    EXPECT_EQ(anim::hermite(0.f, 2.f, 5.f, 0.f, 3.f, 5.f, 0.f), 3.f) << "an empty interval holds the later key";
}

TEST(AutoClampedSlopes, ExactValuesOnSmallCurves)
{
    // A ramp 0, 1, 2 at 0, 1, 2: the middle takes the neighbours' slope 1; the ends are flat.
    const std::vector<float> t = {0.f, 1.f, 2.f};
    std::vector<float> s(3);
    anim::autoClampedSlopes(t, std::vector<float>{0.f, 1.f, 2.f}, s);
    EXPECT_EQ(s, (std::vector<float>{0.f, 1.f, 0.f}));
    // A peak is flat.
    anim::autoClampedSlopes(t, std::vector<float>{0.f, 1.f, 0.f}, s);
    EXPECT_EQ(s[1], 0.f);
    // A step 0, 0.01, 1: the neighbours' slope 0.5 is clamped to 3 x 0.01.
    anim::autoClampedSlopes(t, std::vector<float>{0.f, .01f, 1.f}, s);
    EXPECT_FLOAT_EQ(s[1], .03f);
    // Uneven times: (4 - 0) / (3 - 0) = 4/3, under both limits (3 x 1/1, 3 x 3/2).
    const std::vector<float> uneven = {0.f, 1.f, 3.f};
    anim::autoClampedSlopes(uneven, std::vector<float>{0.f, 1.f, 4.f}, s);
    EXPECT_FLOAT_EQ(s[1], 4.f / 3.f);
    EXPECT_FLOAT_EQ(anim::hermite(0.f, 0.f, 1.f, 2.f, 2.f, 1.f, 1.f), 1.f) << "a line stays a line";
}

TEST(AutoClampedSlopes, NeverOvershootBetweenTwoKeys)
{
    std::mt19937 rng(5);
    std::uniform_real_distribution<float> value(-10.f, 10.f), gap(.05f, 2.f);
    for (int curve = 0; curve < 200; ++curve) {
        std::vector<float> t(8), v(8), s(8);
        float time = 0.f;
        for (std::size_t i = 0; i < t.size(); ++i) {
            t[i] = time;
            time += gap(rng);
            v[i] = value(rng);
        }
        anim::autoClampedSlopes(t, v, s);
        for (std::size_t i = 0; i + 1 < t.size(); ++i) {
            const float lo = std::min(v[i], v[i + 1]), hi = std::max(v[i], v[i + 1]);
            for (int k = 0; k <= 64; ++k) {
                const float at = t[i] + (t[i + 1] - t[i]) * static_cast<float>(k) / 64.f;
                const float x = anim::hermite(t[i], v[i], s[i], t[i + 1], v[i + 1], s[i + 1], at);
                ASSERT_GE(x, lo - 1e-4f) << "curve " << curve << " segment " << i;
                ASSERT_LE(x, hi + 1e-4f) << "curve " << curve << " segment " << i;
            }
        }
    }
}

TEST(AutoTangents, ModesDecideWhichTangentsAreRecomputed)
{
    anim::Vec3Channel c;
    c.times = {0.f, 1.f, 2.f, 3.f};
    c.values = {{0, 0, 0}, {1, 5, 0}, {2, 5, 0}, {3, 0, 0}};
    c.setInterpolation(anim::Interpolation::CubicSpline);
    c.tangentModes = {anim::TangentMode::AutoClamped, anim::TangentMode::AutoClamped, anim::TangentMode::Flat,
                      anim::TangentMode::Free};
    c.inTangents[3] = c.outTangents[3] = {7, 7, 7};
    c.outTangents[2] = {9, 9, 9};
    anim::updateAutoTangents(c);
    EXPECT_EQ(c.outTangents[0], glm::vec3(0.f)) << "the first key is flat";
    EXPECT_FLOAT_EQ(c.outTangents[1].x, 1.f) << "x rises steadily: the neighbours' slope";
    EXPECT_EQ(c.outTangents[1].y, 0.f) << "y is flat on its right side: clamped";
    EXPECT_EQ(c.inTangents[1], c.outTangents[1]) << "auto tangents are smooth (in = out)";
    EXPECT_EQ(c.outTangents[2], glm::vec3(0.f)) << "Flat";
    EXPECT_EQ(c.outTangents[3], glm::vec3(7.f)) << "Free keys keep theirs";
    EXPECT_FALSE(c.validate());
    anim::Vec3Channel none = c;
    none.tangentModes.clear();
    none.outTangents[1] = {5, 5, 5};
    anim::updateAutoTangents(none);
    EXPECT_EQ(none.outTangents[1], glm::vec3(5.f)) << "no modes: left alone";
}
