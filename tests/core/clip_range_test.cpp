// SPDX-License-Identifier: MIT
// A clip's length follows its keys unless it has a manual frame range
// (issue 36, item 4): the rules, the range's checks, looping over it, and
// the held key a glTF write needs for a range past the keys.
#include "tiny_rigs.h"

#include "core/anim/channel_sampling.h"
#include "core/anim/clip.h"
#include "core/anim/clip_range.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

using namespace marrow;

TEST(ClipRange, TheLengthFollowsTheLastKeyUnlessTheRangeSaysOtherwise)
{
    EXPECT_EQ(anim::followedLength(std::nullopt, 1.75f, 1.f), 1.75f);   // a key past the end grows it
    EXPECT_EQ(anim::followedLength(std::nullopt, 0.5f, 1.f), 0.5f);     // and the last key's removal shrinks it
    EXPECT_EQ(anim::followedLength(std::nullopt, 0.f, 1.f), 1.f);       // no key after 0: the room it had
    EXPECT_EQ(anim::followedLength(anim::ClipRange{0.25f, 3.f}, 1.75f, 1.f), 3.f);
    EXPECT_EQ(anim::followedLength(anim::ClipRange{0.f, 0.5f}, 1.75f, 1.f), 0.5f);  // shorter than its keys
}

TEST(ClipRange, UpdateDurationCountsEveryChannelAndMorphWeights)
{
    anim::Clip clip;
    clip.duration = 1.f;
    anim::JointTrack t;
    t.joint = 0;
    t.scale = test::vec3Channel({0.f, 1.5f}, {glm::vec3(1.f), glm::vec3(2.f)});
    clip.tracks.push_back(t);
    anim::MorphTrack m;
    m.times = {0.f, 2.5f};
    m.values = {0.f, 1.f};
    clip.morphTracks.push_back(m);
    EXPECT_EQ(clip.lastKeyTime(), 2.5f);
    clip.updateDuration();
    EXPECT_EQ(clip.duration, 2.5f);
    clip.range = anim::ClipRange{0.5f, 4.f};
    clip.updateDuration();
    EXPECT_EQ(clip.duration, 4.f);
    EXPECT_EQ(clip.start(), 0.5f);
    EXPECT_FALSE(clip.validate(1));
    clip.duration = 2.5f;  // a range fixes the length
    EXPECT_TRUE(clip.validate(1));
}

TEST(ClipRange, OnlyARealSpanIsARange)
{
    const float inf = std::numeric_limits<float>::infinity();
    const float nan = std::numeric_limits<float>::quiet_NaN();
    EXPECT_FALSE(anim::validateRange({0.f, 1.f}));
    EXPECT_FALSE(anim::validateRange({0.5f, 0.75f}));
    EXPECT_TRUE(anim::validateRange({1.f, 1.f}));
    EXPECT_TRUE(anim::validateRange({2.f, 1.f}));
    EXPECT_TRUE(anim::validateRange({-0.5f, 1.f}));
    EXPECT_TRUE(anim::validateRange({0.f, inf}));
    EXPECT_TRUE(anim::validateRange({nan, 1.f}));
    EXPECT_TRUE(anim::validateRange({0.f, anim::kMaxClipSeconds * 2.f}));
    anim::Clip clip;
    clip.range = anim::ClipRange{1.f, 0.5f};
    clip.duration = 0.5f;
    EXPECT_TRUE(clip.validate(0));
}

TEST(ClipRange, LoopingWrapsIntoTheRange)
{
    EXPECT_DOUBLE_EQ(anim::wrapIntoRange(0.5, 0.25, 1.0), 0.5);
    EXPECT_DOUBLE_EQ(anim::wrapIntoRange(1.0, 0.25, 1.0), 1.0);  // the end is inside
    EXPECT_DOUBLE_EQ(anim::wrapIntoRange(1.25, 0.25, 1.0), 0.5);
    EXPECT_DOUBLE_EQ(anim::wrapIntoRange(2.0, 0.25, 1.0), 0.5);
    EXPECT_DOUBLE_EQ(anim::wrapIntoRange(0.0, 0.25, 1.0), 0.75);  // before the start: back from the end
    EXPECT_DOUBLE_EQ(anim::wrapIntoRange(3.0, 1.0, 1.0), 1.0);   // an empty span: its start
}

namespace {

// Every channel kind at once: a cubic rotation, a linear translation and a
// morph track, each ending at 1 s, in a clip whose range runs to 2 s.
anim::Clip rangedClip(anim::Interpolation rotationMode)
{
    anim::Clip clip;
    clip.name = "held";
    anim::JointTrack t;
    t.joint = 0;
    t.rotation = test::quatChannel({0.f, 1.f}, {glm::quat(1.f, 0.f, 0.f, 0.f), test::axisAngle({0, 0, 1}, 60.f)},
                                   rotationMode);
    if (rotationMode == anim::Interpolation::CubicSpline) {
        // A steep out-slope on the last key: past it, a held segment must not use it.
        t.rotation.inTangents.assign(2, glm::quat(0.f, 0.f, 0.f, 0.f));
        t.rotation.outTangents = {glm::quat(0.f, 0.f, 0.f, 0.f), glm::quat(0.f, 0.f, 0.f, 3.f)};
    }
    t.translation = test::vec3Channel({0.f, 0.5f}, {glm::vec3(0.f), glm::vec3(1.f, 0.f, 0.f)});
    clip.tracks.push_back(t);
    clip.range = anim::ClipRange{0.f, 2.f};
    clip.duration = 2.f;
    return clip;
}

} // namespace

TEST(ClipRange, AHeldKeyCarriesARangePastTheKeysWithoutChangingThePose)
{
    for (const anim::Interpolation mode : {anim::Interpolation::Linear, anim::Interpolation::CubicSpline}) {
        const anim::Clip before = rangedClip(mode);
        anim::Clip held = before;
        ASSERT_TRUE(anim::holdKeysToDuration(held));
        EXPECT_EQ(held.lastKeyTime(), 2.f);
        EXPECT_EQ(held.duration, 2.f);
        EXPECT_FALSE(held.validate(1)) << *held.validate(1);
        // Only the channel that ended last got the key.
        EXPECT_EQ(held.tracks[0].rotation.size(), 3u);
        EXPECT_EQ(held.tracks[0].translation, before.tracks[0].translation);
        EXPECT_EQ(held.tracks[0].rotation.uniformInterpolation(), mode);
        for (float t = 0.f; t <= 2.f; t += 0.125f) {
            std::uint32_t a = 0, b = 0;
            const glm::quat was = anim::sampleChannel(before.tracks[0].rotation, t, a);
            const glm::quat now = anim::sampleChannel(held.tracks[0].rotation, t, b);
            EXPECT_NEAR(std::abs(glm::dot(was, now)), 1.f, 1e-6f) << "t " << t << " mode " << static_cast<int>(mode);
        }
        // Held already: nothing more to do.
        EXPECT_FALSE(anim::holdKeysToDuration(held));
    }
}

TEST(ClipRange, AMorphTrackIsHeldWhenNoJointChannelEndsLast)
{
    anim::Clip clip;
    anim::MorphTrack m;
    m.interpolation = anim::Interpolation::CubicSpline;
    m.times = {0.f, 1.f};
    // Per key: in-tangent, value, out-tangent (one target).
    m.values = {0.f, 0.f, 0.f, /**/ 0.f, 0.8f, 5.f};
    clip.morphTracks.push_back(m);
    clip.range = anim::ClipRange{0.f, 1.5f};
    clip.duration = 1.5f;
    ASSERT_TRUE(anim::holdKeysToDuration(clip));
    const anim::MorphTrack& held = clip.morphTracks[0];
    EXPECT_EQ(held.times, (std::vector<float>{0.f, 1.f, 1.5f}));
    EXPECT_EQ(held.values, (std::vector<float>{0.f, 0.f, 0.f, /**/ 0.f, 0.8f, 0.f, /**/ 0.f, 0.8f, 0.f}));
    float w = 0.f;
    anim::sampleMorphTrack(held, 1.25f, {&w, 1});
    EXPECT_NEAR(w, 0.8f, 1e-6f);
}

TEST(ClipRange, NothingToHoldWithoutKeysOrWhenTheKeysReachTheEnd)
{
    anim::Clip empty;
    empty.range = anim::ClipRange{0.f, 1.f};
    empty.duration = 1.f;
    EXPECT_FALSE(anim::holdKeysToDuration(empty));
    anim::Clip shorter = rangedClip(anim::Interpolation::Linear);
    shorter.range = anim::ClipRange{0.f, 0.75f};
    shorter.duration = 0.75f;
    const anim::Clip before = shorter;
    EXPECT_FALSE(anim::holdKeysToDuration(shorter));
    EXPECT_EQ(shorter, before);
}
