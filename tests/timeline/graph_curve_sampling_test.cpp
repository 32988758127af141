// SPDX-License-Identifier: MIT
// The graph view's curves (Qt-free): sampled as playback samples, a Step
// segment drawn as a hold then a jump, quaternions as their four components,
// and the per-joint curve list with its extents.
#include "core/anim/channel_sampling.h"
#include "widgets/timeline/graph/curve_sampling.h"
#include "widgets/timeline/graph/graph_curves.h"

#include "mixed_channel.h"

#include <gtest/gtest.h>

#include <cmath>

namespace marrow::test {
namespace {

using anim::Interpolation;
using ui::graph::sampleCurve;

anim::Vec3Channel mixed()
{
    return test::mixedModeChannel();
}

glm::quat aboutX(double degrees)
{
    return glm::angleAxis(static_cast<float>(glm::radians(degrees)), glm::vec3(1, 0, 0));
}

TEST(GraphCurveSampling, StepSegmentIsAHoldThenAJump)
{
    const ui::graph::SampledCurve s = sampleCurve(mixed(), 0.1);
    // Key 0 at (0, 0), held to t = 1, then the jump to key 1's 10 at the same time.
    ASSERT_GE(s.times.size(), 4u);
    EXPECT_EQ(s.times[0], 0.0);
    EXPECT_EQ(s.values[0].x, 0.0);
    EXPECT_EQ(s.times[1], 1.0);
    EXPECT_EQ(s.values[1].x, 0.0) << "the hold";
    EXPECT_EQ(s.times[2], 1.0);
    EXPECT_EQ(s.values[2].x, 10.0) << "the jump";
    // The Linear segment is straight: its end follows at once.
    EXPECT_EQ(s.times[3], 2.0);
    EXPECT_EQ(s.values[3].x, 20.0);
    ASSERT_EQ(s.keys.size(), 4u);
    EXPECT_EQ(s.keys[1].index, 1u);
    EXPECT_EQ(s.keys[1].time, 1.0);
    EXPECT_EQ(s.keys[1].value, glm::dvec4(10, 2, 0, 0));
    EXPECT_EQ(s.components, 3);
}

TEST(GraphCurveSampling, CurvedSegmentsMatchPlaybackSampling)
{
    const anim::Vec3Channel c = mixed();
    const ui::graph::SampledCurve s = sampleCurve(c, 0.05);
    int interior = 0;
    for (std::size_t i = 0; i < s.times.size(); ++i) {
        const double t = s.times[i];
        if (t <= 2.0 || t >= 3.0)
            continue;
        ++interior;
        std::uint32_t cursor = 0;
        const glm::vec3 expected = anim::sampleChannel(c, t, cursor);
        EXPECT_EQ(s.values[i], glm::dvec4(glm::dvec3(expected), 0.0)) << "at " << t;
    }
    EXPECT_EQ(interior, 19) << "a 1 s cubic segment at <= 0.05 s steps";
    // The cubic overshoots above 20 (out-slope 10/s), which a straight line would hide.
    double peak = 0.0;
    for (const glm::dvec4& v : s.values)
        peak = std::max(peak, v.x);
    EXPECT_GT(peak, 20.0);
    // A coarse step caps nothing but the count, and never goes past the limit.
    EXPECT_EQ(sampleCurve(c, 1e-9).times.size(), 1u + 2u + 1u + ui::graph::kMaxSamplesPerSegment);
}

TEST(GraphCurveSampling, OnlySegmentsInTheWindowAreSmooth)
{
    anim::Vec3Channel c = mixed();
    c.interpolations.assign(4, Interpolation::CubicSpline);
    // Three 1 s cubic segments at <= 0.1 s steps: 10 samples each inside the window.
    EXPECT_EQ(sampleCurve(c, 0.1).times.size(), 1u + 3u * 10u);
    const ui::graph::SampledCurve part = sampleCurve(c, 0.1, {1.2, 1.8});
    EXPECT_EQ(part.times.size(), 1u + 1u + 10u + 1u) << "only [1, 2] is smooth; the others go straight";
    EXPECT_EQ(part.keys.size(), 4u) << "every key still has its point";
}

TEST(GraphCurveSampling, TwoKeysAtOneTimeJump)
{
    anim::Vec3Channel c;
    c.times = {0.f, 1.f, 1.f, 2.f};
    c.values = {{0, 0, 0}, {5, 0, 0}, {-5, 0, 0}, {0, 0, 0}};
    const ui::graph::SampledCurve s = sampleCurve(c, 0.1);
    ASSERT_EQ(s.times, (std::vector<double>{0.0, 1.0, 1.0, 2.0}));
    EXPECT_EQ(s.values[1].x, 5.0);
    EXPECT_EQ(s.values[2].x, -5.0);
    EXPECT_TRUE(sampleCurve(anim::Vec3Channel{}, 0.1).times.empty());
}

TEST(GraphCurveSampling, QuaternionsAsTheirFourComponents)
{
    // Linear keys 0, 120, 240 degrees about X, the last stored unnormalised.
    anim::QuatChannel c;
    c.times = {0.f, 1.f, 2.f};
    c.values = {aboutX(0.0), aboutX(120.0), aboutX(240.0) * 2.f};
    const ui::graph::SampledCurve s = sampleCurve(c, 0.02);
    EXPECT_EQ(s.components, 4);
    ASSERT_EQ(s.keys.size(), 3u);
    const glm::quat last = glm::normalize(c.values[2]);
    EXPECT_EQ(s.keys[2].value, glm::dvec4(last.x, last.y, last.z, last.w)) << "stored, normalised: (x, y, z, w)";
    // Between keys, playback's slerp, in the hemisphere of the point before.
    for (std::size_t i = 0; i < s.times.size(); ++i) {
        if (s.times[i] == 0.5) {
            EXPECT_NEAR(s.values[i].w, std::cos(glm::radians(30.0)), 1e-6);
            EXPECT_NEAR(s.values[i].x, std::sin(glm::radians(30.0)), 1e-6);
        }
        if (i > 0) {
            EXPECT_GE(glm::dot(s.values[i - 1], s.values[i]), 0.0) << "no sign flip at " << s.times[i];
        }
    }
}

TEST(GraphCurves, OneCurvePerComponentOfEachAnimatedChannel)
{
    anim::JointTrack track;
    track.joint = 3;
    track.translation = mixed();
    track.rotation.times = {0.f, 1.f};
    track.rotation.values = {aboutX(0.0), aboutX(90.0)};
    const std::vector<model::JointIndex> joints{3, 4};
    const auto lookup = [&](model::JointIndex j) { return j == 3 ? &track : nullptr; };
    const auto curves = ui::graph::buildCurves(joints, lookup, 0.1);
    ASSERT_EQ(curves.size(), 7u) << "translation xyz, rotation wxyz; no scale keys, no track for joint 4";
    EXPECT_EQ(curves[0].kind, doc::ChannelKind::Translation);
    EXPECT_EQ(curves[1].component, 1);
    EXPECT_EQ(curves[3].kind, doc::ChannelKind::Rotation);
    EXPECT_EQ(curves[3].component, 3) << "W first";
    EXPECT_EQ(curves[4].component, 0);
    EXPECT_NEAR(curves[3].keys[1].value, std::cos(glm::radians(45.0)), 1e-6) << "w of 90 degrees about X";
    EXPECT_EQ(curves[1].keys[2].value, 3.0) << "translation y of key 2";
    EXPECT_EQ(curves[0].keyId(curves[0].keys[1]), (doc::KeyId{3, doc::ChannelKind::Translation, 1.f}));

    const auto onlyRotation = ui::graph::buildCurves(
        joints, lookup, 0.1, [](model::JointIndex, doc::ChannelKind k) { return k == doc::ChannelKind::Rotation; });
    EXPECT_EQ(onlyRotation.size(), 4u);

    const auto all = ui::graph::curvesExtent(curves);
    ASSERT_TRUE(all.has_value());
    EXPECT_EQ(all->t0, 0.0);
    EXPECT_EQ(all->t1, 3.0);
    EXPECT_GE(all->v1, 20.0) << "translation's highest key";
    const auto picked = ui::graph::keysExtent(curves, [](const ui::graph::GraphCurve& c, const ui::graph::KeyPoint& k) {
        return c.kind == doc::ChannelKind::Translation && c.component == 0 && k.index >= 1 && k.index <= 2;
    });
    ASSERT_TRUE(picked.has_value());
    EXPECT_EQ(picked->t0, 1.0);
    EXPECT_EQ(picked->t1, 2.0);
    EXPECT_EQ(picked->v0, 10.0);
    EXPECT_EQ(picked->v1, 20.0);
    EXPECT_FALSE(ui::graph::keysExtent(curves, [](const auto&, const auto&) { return false; }));
}

} // namespace
} // namespace marrow::test
