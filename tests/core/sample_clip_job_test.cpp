// SPDX-License-Identifier: MIT
#include "core/anim/sample_clip_job.h"
#include "glm_expect.h"
#include "tiny_rigs.h"

#include <vector>

using namespace marrow;
using marrow::test::axisAngle;
using marrow::test::quatChannel;
using marrow::test::trs;
using marrow::test::vec3Channel;

namespace {
const math::Transform kSentinel = trs({-7, -7, -7}, glm::quat(0, 1, 0, 0), {9, 9, 9});

// Three joints; joint 0 moves T and S over [0, 1], joint 2 turns R over [0, 3].
anim::Clip twoTrackClip()
{
    anim::Clip c;
    c.name = "c";
    anim::JointTrack a;
    a.joint = 0;
    a.translation = vec3Channel({0.f, 1.f}, {{0, 0, 0}, {2, 0, 0}});
    a.scale = vec3Channel({0.f, 1.f}, {{1, 1, 1}, {3, 3, 3}});
    anim::JointTrack b;
    b.joint = 2;
    b.rotation = quatChannel({0.f, 3.f}, {glm::quat(1, 0, 0, 0), axisAngle({0, 0, 1}, 90.f)});
    c.tracks = {a, b};
    c.updateDuration();
    return c;
}

std::vector<math::Transform> restPose()
{
    return {trs({0, 1, 0}), trs({5, 0, 0}, axisAngle({1, 0, 0}, 30.f), {2, 2, 2}), trs({0, 0, 4}, glm::quat(1, 0, 0, 0), {1, 2, 1})};
}
} // namespace

TEST(JobValidity, SampleClipJob)
{
    const anim::Clip clip = twoTrackClip();
    const std::vector<math::Transform> rest = restPose();
    std::vector<math::Transform> out(3, kSentinel);
    std::vector<math::Transform> outShort(2, kSentinel);
    std::vector<std::uint32_t> cursors(6, 0), cursorsBad(5, 0);
    std::vector<anim::ChannelMask> animated(3, 0xff), animatedBad(2, 0xff);

    auto expectInvalid = [&](const anim::SampleClipJob& job, const char* why) {
        EXPECT_TRUE(job.validate()) << why;
        EXPECT_FALSE(job.run()) << why;
        for (const math::Transform& t : job.output)
            EXPECT_EQ(t, kSentinel) << why;
        for (anim::ChannelMask m : job.animated)
            EXPECT_EQ(m, 0xff) << why;
    };

    anim::SampleClipJob noClip{nullptr, 0.0, rest, {}, out, {}};
    expectInvalid(noClip, "no clip");
    anim::SampleClipJob restShort{&clip, 0.0, std::span(rest).first(2), {}, out, {}};
    expectInvalid(restShort, "rest shorter than output");
    anim::SampleClipJob outputShort{&clip, 0.0, rest, {}, outShort, {}};
    expectInvalid(outputShort, "output shorter than rest");
    anim::SampleClipJob badCursors{&clip, 0.0, rest, cursorsBad, out, animated};
    expectInvalid(badCursors, "cursors not 3 per track");
    anim::SampleClipJob badAnimated{&clip, 0.0, rest, cursors, out, animatedBad};
    expectInvalid(badAnimated, "animated not one per joint");
    anim::Clip far = clip;
    far.tracks[1].joint = 3;
    anim::SampleClipJob jointFar{&far, 0.0, rest, {}, out, animated};
    expectInvalid(jointFar, "track joint past the skeleton");
    anim::Clip negative = clip;
    negative.tracks[0].joint = -1;
    anim::SampleClipJob jointNegative{&negative, 0.0, rest, {}, out, animated};
    expectInvalid(jointNegative, "negative track joint");

    // The valid forms: with and without cursors and masks; an empty skeleton with an empty clip.
    EXPECT_FALSE((anim::SampleClipJob{&clip, 0.0, rest, {}, out, {}}.validate()));
    EXPECT_FALSE((anim::SampleClipJob{&clip, 0.0, rest, cursors, out, animated}.validate()));
    const anim::Clip empty;
    EXPECT_TRUE((anim::SampleClipJob{&empty, 0.0, {}, {}, {}, {}}.run()));
}

TEST(SampleClipJob, RestValuesWhereChannelsAreAbsent)
{
    const anim::Clip clip = twoTrackClip();
    const std::vector<math::Transform> rest = restPose();
    std::vector<math::Transform> out(3, kSentinel);
    anim::SampleClipJob job{&clip, .5, rest, {}, out, {}};
    ASSERT_TRUE(job.run());
    // Joint 0: T and S animated, rotation from rest.
    EXPECT_VEC3_NEAR(out[0].translation, glm::vec3(1, 0, 0), 1e-6f);
    EXPECT_VEC3_NEAR(out[0].scale, glm::vec3(2, 2, 2), 1e-6f);
    EXPECT_EQ(out[0].rotation, rest[0].rotation);
    // Joint 1: untouched, rest exactly.
    EXPECT_EQ(out[1], rest[1]);
    // Joint 2: rotation animated (t = .5 of 3 s is 15 degrees), T and S from rest.
    const float h = 7.5f * test::kPi / 180.f;
    EXPECT_QUAT_EQUIV(out[2].rotation, glm::quat(std::cos(h), 0, 0, std::sin(h)), 1e-6f);
    EXPECT_EQ(out[2].translation, rest[2].translation);
    EXPECT_EQ(out[2].scale, rest[2].scale);
}

TEST(SampleClipJob, AnimatedMasks)
{
    anim::Clip clip = twoTrackClip();
    clip.tracks.push_back(anim::JointTrack{});  // a track with no channels animates nothing
    clip.tracks.back().joint = 1;
    const std::vector<math::Transform> rest = restPose();
    std::vector<math::Transform> out(3);
    std::vector<anim::ChannelMask> animated(3, 0xff);
    ASSERT_TRUE((anim::SampleClipJob{&clip, 0.0, rest, {}, out, animated}.run()));
    EXPECT_EQ(animated[0], anim::kTranslationBit | anim::kScaleBit);
    EXPECT_EQ(animated[1], 0);
    EXPECT_EQ(animated[2], anim::kRotationBit);
    EXPECT_EQ(out[1], rest[1]);
}

TEST(SampleClipJob, EachChannelClampsToItsOwnRange)
{
    // Clip duration 3; joint 0's channels end at 1 and hold their last value after it.
    const anim::Clip clip = twoTrackClip();
    ASSERT_EQ(clip.duration, 3.f);
    const std::vector<math::Transform> rest = restPose();
    std::vector<math::Transform> out(3);
    ASSERT_TRUE((anim::SampleClipJob{&clip, 2.0, rest, {}, out, {}}.run()));
    EXPECT_EQ(out[0].translation, glm::vec3(2, 0, 0));
    EXPECT_EQ(out[0].scale, glm::vec3(3, 3, 3));
    const float h = 30.f * test::kPi / 180.f;  // 2/3 of 90 degrees, half-angle 30
    EXPECT_QUAT_EQUIV(out[2].rotation, glm::quat(std::cos(h), 0, 0, std::sin(h)), 1e-6f);
    // Before 0: the first keys.
    ASSERT_TRUE((anim::SampleClipJob{&clip, -1.0, rest, {}, out, {}}.run()));
    EXPECT_EQ(out[0].translation, glm::vec3(0, 0, 0));
    EXPECT_QUAT_EQUIV(out[2].rotation, glm::quat(1, 0, 0, 0), 1e-6f);
}

TEST(SampleClipJob, CursorsGiveTheSameAnswerAsNoCursors)
{
    // Many keys so the cursors move; play forward, then jump back.
    anim::Clip clip;
    anim::JointTrack t;
    t.joint = 1;
    for (int k = 0; k <= 20; ++k) {
        const float f = static_cast<float>(k);
        t.translation.times.push_back(f * .1f);
        t.translation.values.push_back({f, -f, f * f});
        t.rotation.times.push_back(f * .15f);
        t.rotation.values.push_back(axisAngle({1, 2, 0}, f * 25.f));
    }
    clip.tracks.push_back(t);
    const std::vector<math::Transform> rest = restPose();
    std::vector<std::uint32_t> cursors(3, 0);
    std::vector<math::Transform> a(3), b(3);
    bool moved = false;
    for (double time : {0.0, .05, .12, .31, .32, .9, 1.7, 2.9, 3.5, .2, 0.0, 1.0}) {
        ASSERT_TRUE((anim::SampleClipJob{&clip, time, rest, cursors, a, {}}.run()));
        ASSERT_TRUE((anim::SampleClipJob{&clip, time, rest, {}, b, {}}.run()));
        EXPECT_EQ(a, b) << "time " << time;
        moved = moved || cursors[0] != 0;
    }
    EXPECT_TRUE(moved) << "the job should keep its place in the caller's cursors";
}
