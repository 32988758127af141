// SPDX-License-Identifier: MIT
#include "core/anim/clip.h"
#include "tiny_rigs.h"

#include <gtest/gtest.h>

#include <limits>

using namespace marrow;
using marrow::test::quatChannel;
using marrow::test::vec3Channel;

namespace {
anim::JointTrack track(anim::JointIndex joint, float lastT, float lastR, float lastS)
{
    // A channel is given only when its last time is positive.
    anim::JointTrack t;
    t.joint = joint;
    if (lastT > 0.f)
        t.translation = vec3Channel({0.f, lastT}, {{0, 0, 0}, {1, 0, 0}});
    if (lastR > 0.f)
        t.rotation = quatChannel({0.f, lastR}, {glm::quat(1, 0, 0, 0), glm::quat(1, 0, 0, 0)});
    if (lastS > 0.f)
        t.scale = vec3Channel({0.f, lastS}, {{1, 1, 1}, {2, 2, 2}});
    return t;
}
} // namespace

TEST(Clip, MaskHasOneBitPerAnimatedChannel)
{
    EXPECT_EQ(anim::JointTrack{}.mask(), 0);
    EXPECT_EQ(track(0, 1, 0, 0).mask(), anim::kTranslationBit);
    EXPECT_EQ(track(0, 0, 1, 0).mask(), anim::kRotationBit);
    EXPECT_EQ(track(0, 0, 0, 1).mask(), anim::kScaleBit);
    EXPECT_EQ(track(0, 1, 0, 1).mask(), anim::kTranslationBit | anim::kScaleBit);
    EXPECT_EQ(track(0, 1, 1, 1).mask(), 7);
}

TEST(Clip, FindTrack)
{
    anim::Clip c;
    c.tracks = {track(3, 1, 0, 0), track(0, 0, 1, 0)};
    ASSERT_NE(c.findTrack(3), nullptr);
    EXPECT_EQ(c.findTrack(3), &c.tracks[0]);
    EXPECT_EQ(c.findTrack(0), &c.tracks[1]);
    EXPECT_EQ(c.findTrack(1), nullptr);
    EXPECT_EQ(c.findTrack(-1), nullptr);
    const anim::Clip& cc = c;
    EXPECT_EQ(cc.findTrack(0), &c.tracks[1]);
    EXPECT_EQ(cc.findTrack(2), nullptr);
    // The mutable overload gives write access to the stored track.
    c.findTrack(3)->joint = 2;
    EXPECT_EQ(cc.findTrack(2), &c.tracks[0]);
}

TEST(Clip, UpdateDurationIsTheLatestKeyOfAnyChannel)
{
    anim::Clip c;
    c.duration = 99.f;
    c.updateDuration();
    EXPECT_EQ(c.duration, 0.f);
    c.tracks = {track(0, 1.5f, 0, 0), track(1, 0, 0, 2.25f), track(2, .5f, 2.f, 0)};
    c.updateDuration();
    EXPECT_EQ(c.duration, 2.25f);
    c.tracks[2].rotation.times.back() = 4.f;
    c.updateDuration();
    EXPECT_EQ(c.duration, 4.f);
}

TEST(Clip, ValidateAcceptsGoodClip)
{
    anim::Clip c;
    c.name = "walk";
    EXPECT_FALSE(c.validate(0));
    c.tracks = {track(0, 1, 1, 1), track(2, 1, 0, 0), anim::JointTrack{}};
    c.tracks[2].joint = 1;
    EXPECT_FALSE(c.validate(3));
}

TEST(Clip, ValidateRejectsJointOutOfRange)
{
    anim::Clip c;
    c.name = "walk";
    c.tracks = {track(0, 1, 0, 0), track(3, 1, 0, 0)};
    EXPECT_EQ(c.validate(3), "clip 'walk' animates joint 3, out of range (3 joints)");
    EXPECT_FALSE(c.validate(4));
    c.tracks[1].joint = -1;
    EXPECT_EQ(c.validate(4), "clip 'walk' animates joint -1, out of range (4 joints)");
}

TEST(Clip, ValidateRejectsTwoTracksForOneJoint)
{
    anim::Clip c;
    c.name = "walk";
    c.tracks = {track(1, 1, 0, 0), track(0, 0, 1, 0), track(1, 0, 0, 1)};
    EXPECT_EQ(c.validate(2), "clip 'walk' has two tracks for joint 1");
}

TEST(Clip, ValidateNamesTheBrokenChannel)
{
    anim::Clip c;
    c.name = "walk";
    c.tracks = {track(0, 1, 1, 1), track(1, 1, 1, 1)};
    c.tracks[1].rotation.times = {1.f, 0.f};
    EXPECT_EQ(c.validate(2), "clip 'walk', joint 1 rotation: key times decrease at key 1 (1.000000 then 0.000000)");
    c.tracks[1].rotation.times = {0.f, 1.f};
    c.tracks[0].scale.values[0].z = std::numeric_limits<float>::quiet_NaN();
    EXPECT_EQ(c.validate(2), "clip 'walk', joint 0 scale: key 0 has a non-finite value");
    c.tracks[0].scale.values[0].z = 1.f;
    c.tracks[0].translation.values.pop_back();
    EXPECT_EQ(c.validate(2), "clip 'walk', joint 0 translation: has 2 key times but 1 values");
}
