// SPDX-License-Identifier: MIT
// File › Export's "Resample" (anim::resampleClip): LINEAR keys on the frame
// grid of each channel's own range, each equal to what playback samples
// there, rotations in one hemisphere, morph weights alike.
#include "core/anim/channel_sampling.h"
#include "core/anim/clip_resample.h"
#include "tiny_rigs.h"

#include <gtest/gtest.h>

#include <glm/geometric.hpp>

namespace marrow {

namespace {

// A cubic translation and a rotation swinging past 180 degrees.
anim::Clip swingClip()
{
    anim::Clip clip;
    clip.name = "swing";
    anim::JointTrack track;
    track.joint = 0;
    track.translation.times = {0.1f, 0.5f, 1.03f};
    track.translation.values = {glm::vec3(0.f), glm::vec3(1.f, 2.f, 0.f), glm::vec3(0.f, 1.f, 3.f)};
    track.translation.setInterpolation(anim::Interpolation::CubicSpline);
    track.translation.outTangents = {glm::vec3(4.f, 0.f, 0.f), glm::vec3(0.f), glm::vec3(0.f)};
    track.translation.inTangents = {glm::vec3(0.f), glm::vec3(0.f, -3.f, 0.f), glm::vec3(0.f)};
    track.rotation.times = {0.f, 1.f};
    track.rotation.values = {test::axisAngle({0.f, 1.f, 0.f}, 0.f), test::axisAngle({0.f, 1.f, 0.f}, 170.f)};
    clip.tracks.push_back(track);
    anim::MorphTrack morph;
    morph.mesh = 0;
    morph.interpolation = anim::Interpolation::Step;
    morph.times = {0.f, 0.52f};
    morph.values = {0.f, 1.f, 1.f, 0.f};
    clip.morphTracks.push_back(morph);
    clip.updateDuration();
    return clip;
}

} // namespace

TEST(ClipResample, KeysLieOnTheFrameGridWithinEachChannelsRangeAndEqualPlayback)
{
    const anim::Clip clip = swingClip();
    const anim::Clip out = anim::resampleClip(clip, 24.0);
    ASSERT_EQ(out.tracks.size(), 1u);
    const anim::Vec3Channel& t = out.tracks[0].translation;
    ASSERT_TRUE(t.uniformInterpolation() == anim::Interpolation::Linear);
    EXPECT_FLOAT_EQ(t.times.front(), 0.1f);
    EXPECT_FLOAT_EQ(t.times.back(), 1.03f);
    // 0.1 s then every 1/24 s from frame 3 (0.125) to frame 24 (1.0), then 1.03.
    EXPECT_EQ(t.size(), 1u + 22u + 1u);
    std::uint32_t cursor = 0;
    for (std::size_t k = 0; k < t.size(); ++k) {
        if (k > 0 && k + 1 < t.size()) {
            EXPECT_NEAR(t.times[k] * 24.0, std::round(t.times[k] * 24.0), 1e-4) << "key " << k << " off the grid";
        }
        const glm::vec3 want = anim::sampleChannel(clip.tracks[0].translation, t.times[k], cursor);
        EXPECT_LT(glm::distance(t.values[k], want), 1e-6f) << "key " << k;
    }
    EXPECT_EQ(out.duration, clip.duration);
    EXPECT_EQ(out.name, clip.name);
}

TEST(ClipResample, RotationsStayInOneHemisphereSoLinearKeysTakeTheShortWay)
{
    const anim::Clip out = anim::resampleClip(swingClip(), 30.0);
    const anim::QuatChannel& r = out.tracks[0].rotation;
    ASSERT_EQ(r.size(), 31u);
    for (std::size_t k = 1; k < r.size(); ++k)
        EXPECT_GT(glm::dot(r.values[k - 1], r.values[k]), 0.f) << "keys " << k - 1 << " and " << k;
    // The resampled curve plays the original to within a frame's chord.
    const anim::Clip clip = swingClip();
    std::uint32_t a = 0, b = 0;
    for (double time = 0.0; time <= 1.0; time += 0.013) {
        const glm::quat q0 = anim::sampleChannel(clip.tracks[0].rotation, time, a);
        const glm::quat q1 = anim::sampleChannel(r, time, b);
        EXPECT_GT(std::abs(glm::dot(q0, q1)), 0.9999f) << "at " << time;
    }
}

TEST(ClipResample, MorphWeightsAreSampledOntoTheGridToo)
{
    const anim::Clip clip = swingClip();
    const anim::Clip out = anim::resampleClip(clip, 10.0);
    ASSERT_EQ(out.morphTracks.size(), 1u);
    const anim::MorphTrack& m = out.morphTracks[0];
    EXPECT_EQ(m.interpolation, anim::Interpolation::Linear);
    ASSERT_EQ(m.targetCount(), 2u);
    // 0, 0.1, ..., 0.5 and the last key 0.52.
    ASSERT_EQ(m.times.size(), 7u);
    for (std::size_t k = 0; k < m.times.size(); ++k) {
        float want[2];
        anim::sampleMorphTrack(clip.morphTracks[0], m.times[k], want);
        EXPECT_FLOAT_EQ(m.values[2 * k], want[0]) << k;
        EXPECT_FLOAT_EQ(m.values[2 * k + 1], want[1]) << k;
    }
}

TEST(ClipResample, AnEmptyChannelStaysEmpty)
{
    anim::Clip clip = swingClip();
    clip.tracks[0].scale = {};
    const anim::Clip out = anim::resampleClip(clip, 24.0);
    EXPECT_TRUE(out.tracks[0].scale.empty());
    EXPECT_TRUE(out.tracks[0].euler.empty());
}

} // namespace marrow
