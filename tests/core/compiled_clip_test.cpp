// SPDX-License-Identifier: MIT
// CompiledClip (issue 39): sampling through a clip compiled four channels at
// a time gives what the one-channel path gives, bit for bit (within 1e-6
// where the compiler fuses multiply-adds, -march=native), on clips that mix
// shared and private key times, step, linear and cubic keys, mixed modes in
// one channel, Euler tracks, one-key channels, jumps (two keys at one time),
// rotations over 91 degrees apart, joints with two tracks and joints a clip
// leaves alone; at key times, between them, before and after the keys, with
// and without cursors. An edit reaches it through invalidateTrack (only that
// joint's channels leave their blocks), and a compiled clip that no longer
// matches its clip is not used. Channels on their own times share gathered
// blocks (each lane its own keys). Sampled into JointBlocks, every path
// gives the Transforms' bits.
#include "core/anim/compiled_clip.h"
#include "core/anim/sample_clip_job.h"
#include "tiny_rigs.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <random>

using namespace marrow;

namespace {

constexpr std::size_t kJoints = 23;

glm::quat randomQuat(std::mt19937& rng)
{
    std::normal_distribution<float> n(0.f, 1.f);
    return glm::normalize(glm::quat(n(rng), n(rng), n(rng), n(rng)));
}

// A rotation near q (within about `spread` radians), sign flipped at random.
glm::quat near(const glm::quat& q, float spread, std::mt19937& rng)
{
    std::uniform_real_distribution<float> u(-1.f, 1.f);
    const glm::quat r = glm::angleAxis(spread * std::fabs(u(rng)), glm::normalize(glm::vec3(u(rng), u(rng), 1.f))) * q;
    return rng() % 4 == 0 ? -r : r;
}

template <class T>
void fillKeys(anim::Channel<T>& c, const std::vector<float>& times, std::mt19937& rng, bool mixed)
{
    std::uniform_real_distribution<float> u(-2.f, 2.f);
    const anim::Interpolation modes[3] = {anim::Interpolation::Step, anim::Interpolation::Linear,
                                          anim::Interpolation::CubicSpline};
    const anim::Interpolation mode = modes[rng() % 3];
    c.times = times;
    for (std::size_t i = 0; i < times.size(); ++i) {
        if constexpr (std::is_same_v<T, glm::quat>) {
            const float spread = rng() % 5 == 0 ? 2.5f : 0.6f;  // some keys over 91 degrees apart
            c.values.push_back(i == 0 ? randomQuat(rng) : near(c.values.back(), spread, rng));
            c.inTangents.push_back(glm::quat(u(rng), u(rng), u(rng), u(rng)));
            c.outTangents.push_back(glm::quat(u(rng), u(rng), u(rng), u(rng)));
        } else {
            c.values.push_back(T(u(rng), u(rng), u(rng)));
            c.inTangents.push_back(T(u(rng), u(rng), u(rng)));
            c.outTangents.push_back(T(u(rng), u(rng), u(rng)));
        }
        c.interpolations.push_back(mixed ? modes[rng() % 3] : mode);
    }
}

// Tracks over kJoints joints: most channels on one of three shared timelines
// (every frame at 30 fps; irregular; one with a jump), some on their own, some
// one key; a few Euler tracks; joint 5 has two tracks; joints 3 and 11 none.
anim::Clip randomClip(std::uint32_t seed)
{
    std::mt19937 rng(seed);
    std::vector<std::vector<float>> grids(3);
    for (int i = 0; i <= 30; ++i)
        grids[0].push_back(i / 30.f);
    grids[1] = {0.f, 0.1f, 0.35f, 0.4f, 0.72f, 1.1f};
    grids[2] = {0.f, 0.25f, 0.5f, 0.5f, 0.75f, 1.f};  // a jump at 0.5
    anim::Clip clip;
    clip.name = "random";
    for (std::size_t j = 0; j < kJoints; ++j) {
        if (j == 3 || j == 11)
            continue;
        anim::JointTrack t;
        t.joint = static_cast<anim::JointIndex>(j);
        const auto timesFor = [&]() -> std::vector<float> {
            const unsigned r = rng() % 8;
            if (r < 5)
                return grids[r % 3];
            if (r == 5)
                return {0.2f};
            return {0.05f * static_cast<float>(rng() % 5), 0.6f + 0.1f * static_cast<float>(rng() % 3)};
        };
        if (rng() % 4 != 0)
            fillKeys(t.translation, timesFor(), rng, rng() % 6 == 0);
        if (j % 7 == 6) {
            t.rotationMode = anim::RotationMode::EulerZXY;
            fillKeys(t.euler, timesFor(), rng, false);
        } else if (rng() % 5 != 0) {
            fillKeys(t.rotation, timesFor(), rng, rng() % 6 == 0);
        }
        if (rng() % 3 != 0)
            fillKeys(t.scale, timesFor(), rng, rng() % 6 == 0);
        clip.tracks.push_back(t);
    }
    anim::JointTrack again;  // a second track of joint 5: the later wins, channel by channel
    again.joint = 5;
    fillKeys(again.translation, grids[0], rng, false);
    clip.tracks.push_back(again);
    clip.updateDuration();
    return clip;
}

std::vector<math::Transform> restPose()
{
    std::mt19937 rng(99);
    std::vector<math::Transform> rest(kJoints);
    for (math::Transform& t : rest)
        t = test::trs(glm::vec3(static_cast<float>(rng() % 7)), randomQuat(rng), glm::vec3(1.5f));
    return rest;
}

std::vector<double> sampleTimes()
{
    std::vector<double> times = {-0.5, 0.0, 0.1, 0.2, 0.25, 0.5, 0.75, 1.0, 1.1, 2.0};
    for (int i = 0; i <= 97; ++i)
        times.push_back(1.2 * i / 97.0);
    return times;
}

void expectSame(const math::Transform& a, const math::Transform& b, const std::string& where)
{
#if defined(__FMA__)
    constexpr float tol = 1e-6f;  // multiply-adds fused differently in the two paths
#else
    constexpr float tol = 0.f;  // the same arithmetic in the same order
#endif
    for (int c = 0; c < 3; ++c) {
        EXPECT_NEAR(a.translation[c], b.translation[c], tol) << where;
        EXPECT_NEAR(a.scale[c], b.scale[c], tol) << where;
    }
    for (int c = 0; c < 4; ++c)
        EXPECT_NEAR(a.rotation[c], b.rotation[c], tol) << where;
}

// Samples both paths at every time (through cursors when asked) and compares.
void expectMatchesReference(const anim::Clip& clip, const anim::CompiledClip& compiled, bool cursors)
{
    const std::vector<math::Transform> rest = restPose();
    std::vector<math::Transform> fast(kJoints), slow(kJoints);
    std::vector<anim::ChannelMask> fastMask(kJoints, 0xff), slowMask(kJoints, 0xff);
    std::vector<std::uint32_t> fastCursors(cursors ? clip.tracks.size() * 3 : 0);
    std::vector<std::uint32_t> slowCursors(cursors ? clip.tracks.size() * 3 : 0);
    // And compiled into JointBlocks: the Transforms' bits.
    std::vector<anim::JointBlock> restBlocks(anim::blockCount(kJoints)), blocks(anim::blockCount(kJoints));
    ASSERT_TRUE(anim::toBlocks(rest, restBlocks));
    std::vector<math::Transform> fromBlocks(kJoints);
    std::vector<anim::ChannelMask> blocksMask(kJoints, 0xff);
    std::vector<std::uint32_t> blocksCursors(cursors ? clip.tracks.size() * 3 : 0);
    for (double t : sampleTimes()) {
        ASSERT_TRUE((anim::SampleClipJob{&clip, t, rest, fastCursors, fast, fastMask, &compiled}.run()));
        ASSERT_TRUE((anim::SampleClipJob{&clip, t, rest, slowCursors, slow, slowMask, nullptr}.run()));
        ASSERT_TRUE((anim::SampleClipJob{&clip, t, rest, blocksCursors, {}, blocksMask, &compiled, blocks, restBlocks}.run()));
        ASSERT_TRUE(anim::fromBlocks(blocks, fromBlocks));
        for (std::size_t j = 0; j < kJoints; ++j) {
            expectSame(fast[j], slow[j], "joint " + std::to_string(j) + " at " + std::to_string(t));
            EXPECT_EQ(std::memcmp(&fromBlocks[j], &fast[j], sizeof(math::Transform)), 0)
                << "joint " << j << " at " << t << " into blocks";
        }
        EXPECT_EQ(fastMask, slowMask) << t;
        EXPECT_EQ(blocksMask, fastMask) << t;
    }
}

} // namespace

TEST(CompiledClip, SamplesAsTheOneChannelPath)
{
    for (std::uint32_t seed = 1; seed <= 12; ++seed) {
        const anim::Clip clip = randomClip(seed);
        const anim::CompiledClip compiled(clip);
        ASSERT_TRUE(compiled.matches(clip));
        EXPECT_GT(compiled.blockCount(), 3u) << seed;  // the shared timelines make full blocks
        EXPECT_GT(compiled.looseChannelCount(), 0u) << seed;  // Euler, mixed modes, joint 5's two tracks
        expectMatchesReference(clip, compiled, true);
        expectMatchesReference(clip, compiled, false);
        expectMatchesReference(clip, anim::CompiledClip(clip, anim::CompiledClip::Packing::Quads), true);
    }
}

// Bones keyed each on their own times (as FBX exports that drop redundant
// keys per bone leave them): their channels fill gathered blocks, four
// lanes on four timelines, in every mode, held before and after their keys.
TEST(CompiledClip, ChannelsOnTheirOwnTimesShareGatheredBlocks)
{
    for (std::uint32_t seed = 1; seed <= 6; ++seed) {
        std::mt19937 rng(seed);
        anim::Clip clip;
        for (std::size_t j = 0; j < kJoints; ++j) {
            if (j == 3)
                continue;
            const float s = 0.01f * static_cast<float>(j);
            const std::vector<float> own = {0.02f + s, 0.3f + s, 0.55f, 0.8f + 0.5f * s, 1.f + s};
            anim::JointTrack t;
            t.joint = static_cast<anim::JointIndex>(j);
            fillKeys(t.translation, own, rng, false);
            fillKeys(t.rotation, j % 5 == 0 ? std::vector<float>{0.4f} : own, rng, false);  // some one key
            fillKeys(t.scale, own, rng, false);
            clip.tracks.push_back(t);
        }
        clip.updateDuration();
        const anim::CompiledClip compiled(clip);
        EXPECT_GE(compiled.gatheredBlockCount(), 6u) << seed;
        EXPECT_LE(compiled.blockCount(), 3u * kJoints / 4 + 9) << seed;  // not one block per channel
        expectMatchesReference(clip, compiled, true);
        expectMatchesReference(clip, compiled, false);
    }
}

// Joints 0-7 keyed on one timeline, joint 2 without rotation keys and
// joint 6 without translation keys: each quad of three is a block whose
// fourth lane is empty, and a pose of JointBlocks stores such a block's
// components four floats at a time; the empty lane keeps the rest value.
// After an edit invalidates joint 5, its lane empties too.
TEST(CompiledClip, AQuadWithAJointMissingLeavesItsRest)
{
    anim::Clip clip;
    std::mt19937 rng(4);
    for (anim::JointIndex j = 0; j < 8; ++j) {
        anim::JointTrack t;
        t.joint = j;
        if (j != 2)
            t.rotation = test::quatChannel({0.f, 0.5f, 1.f}, {randomQuat(rng), randomQuat(rng), randomQuat(rng)});
        if (j != 6)
            t.translation = test::vec3Channel({0.f, 0.5f, 1.f}, {glm::vec3(1.f * j), glm::vec3(2.f), glm::vec3(-1.f)});
        clip.tracks.push_back(t);
    }
    clip.updateDuration();
    anim::CompiledClip compiled(clip, anim::CompiledClip::Packing::Quads);
    int quads = 0;
    for (const anim::CompiledClip::Block& b : compiled.blocks())
        quads += b.quad >= 0 && std::count(std::begin(b.joints), std::end(b.joints), -1) == 1 ? 1 : 0;
    EXPECT_EQ(quads, 2);  // the rotations of 0, 1, 3 and the translations of 4, 5, 7
    expectMatchesReference(clip, compiled, true);
    const std::vector<math::Transform> rest = restPose();
    std::vector<anim::JointBlock> restBlocks(anim::blockCount(kJoints)), blocks(anim::blockCount(kJoints));
    ASSERT_TRUE(anim::toBlocks(rest, restBlocks));
    ASSERT_TRUE((anim::SampleClipJob{&clip, 0.3, rest, {}, {}, {}, &compiled, blocks, restBlocks}.run()));
    EXPECT_EQ(anim::jointOf(blocks, 2).rotation, rest[2].rotation);
    EXPECT_EQ(anim::jointOf(blocks, 6).translation, rest[6].translation);
    clip.tracks[5].translation.values[1] += glm::vec3(0.5f);
    compiled.invalidateTrack(clip, 5);
    expectMatchesReference(clip, compiled, false);

    // Joint 4's track removed and joint 9's added in one edit: the whole
    // quad of rotations 4-7 loses a lane, which must take rest now.
    compiled = anim::CompiledClip(clip, anim::CompiledClip::Packing::Quads);
    clip.tracks.erase(clip.tracks.begin() + 4);
    anim::JointTrack added;
    added.joint = 9;
    added.scale = test::vec3Channel({0.f, 1.f}, {glm::vec3(1.f), glm::vec3(2.f)});
    clip.tracks.push_back(added);
    compiled.invalidateTrack(clip, 4);
    compiled.invalidateTrack(clip, 9);
    expectMatchesReference(clip, compiled, false);
    ASSERT_TRUE((anim::SampleClipJob{&clip, 0.3, rest, {}, {}, {}, &compiled, blocks, restBlocks}.run()));
    const math::Transform four = anim::jointOf(blocks, 4);
    EXPECT_EQ(std::memcmp(&four, &rest[4], sizeof(math::Transform)), 0);
}

// Into JointBlocks, a joint that no channel animates but whose every
// channel is an empty lane of a quad that takes rest is not copied twice:
// its rest arrives with those quads' stores.
TEST(CompiledClip, RestThatQuadsStoreIsNotCopiedAgain)
{
    anim::Clip clip;
    for (anim::JointIndex j : {0, 1, 3}) {
        anim::JointTrack t;
        t.joint = j;
        t.translation = test::vec3Channel({0.f, 1.f}, {glm::vec3(0.f), glm::vec3(1.f * j)});
        t.rotation = test::quatChannel({0.f, 1.f}, {glm::quat(1, 0, 0, 0), glm::quat(0, 0, 1, 0)});
        t.scale = test::vec3Channel({0.f, 1.f}, {glm::vec3(1.f), glm::vec3(2.f)});
        clip.tracks.push_back(t);
    }
    clip.updateDuration();
    const anim::CompiledClip compiled(clip, anim::CompiledClip::Packing::Quads);
    using Runs = anim::CompiledClip::Runs;
    EXPECT_EQ(compiled.restRuns(), (Runs{{2, 3}}));
    EXPECT_EQ(compiled.blockRestRuns(), Runs{});
    expectMatchesReference(clip, compiled, false);
    // In order, no quad: joint 2 is copied.
    const anim::CompiledClip inOrder(clip);
    EXPECT_EQ(inOrder.blockRestRuns(), (Runs{{2, 3}}));
    expectMatchesReference(clip, inOrder, false);
}

TEST(CompiledClip, AnEditReachesItThroughItsTrackOnly)
{
    anim::Clip clip = randomClip(5);
    clip.tracks.pop_back();  // no joint with two tracks (an edit to such a clip recompiles it whole)
    anim::CompiledClip compiled(clip);
    const std::size_t loose = compiled.looseChannelCount();
    // Move every key of a translation on the 30 fps timeline (in a block):
    // without invalidation the compiled keys are stale.
    anim::JointTrack* t = nullptr;
    for (anim::JointTrack& track : clip.tracks)
        if (!t && track.joint != 5 && track.translation.size() == 31 && !track.translation.interpolations.empty() &&
            track.translation.uniformInterpolation() == anim::Interpolation::Linear)
            t = &track;
    ASSERT_TRUE(t);
    const anim::JointIndex joint = t->joint;
    for (glm::vec3& v : t->translation.values)
        v += glm::vec3(0.5f, -1.f, 2.f);
    const std::vector<math::Transform> rest = restPose();
    std::vector<math::Transform> stale(kJoints), fresh(kJoints);
    anim::SampleClipJob{&clip, 0.3, rest, {}, stale, {}, &compiled}.run();
    anim::SampleClipJob{&clip, 0.3, rest, {}, fresh, {}, nullptr}.run();
    EXPECT_NE(stale[static_cast<std::size_t>(joint)].translation, fresh[static_cast<std::size_t>(joint)].translation);

    compiled.invalidateTrack(clip, joint);
    EXPECT_GT(compiled.looseChannelCount(), loose);
    EXPECT_LE(compiled.looseChannelCount(), loose + 3);  // that track's channels only
    expectMatchesReference(clip, compiled, true);

    // A key added to another joint's channel (its times leave the shared timeline).
    anim::JointTrack* u = clip.findTrack(joint == 9 ? 10 : 9);
    ASSERT_TRUE(u);
    u->scale = test::vec3Channel({0.f, 0.33f, 1.f}, {{1, 1, 1}, {2, 1, 1}, {1, 3, 1}});
    compiled.invalidateTrack(clip, u->joint);
    expectMatchesReference(clip, compiled, true);

    // A track removed and another added in one edit: the same count, tracks moved.
    clip.tracks.erase(clip.tracks.begin() + 1);
    anim::JointTrack added;
    added.joint = 3;
    added.rotation = test::quatChannel({0.f, 1.f}, {glm::quat(1, 0, 0, 0), glm::quat(0, 0, 1, 0)});
    clip.tracks.push_back(added);
    compiled.invalidateTrack(clip, clip.tracks.front().joint == 0 ? 1 : 0);
    compiled.invalidateTrack(clip, 3);
    expectMatchesReference(clip, compiled, true);
}

TEST(CompiledClip, ATrackCountChangeRecompilesAndAStaleOneIsNotUsed)
{
    anim::Clip clip = randomClip(7);
    anim::CompiledClip compiled(clip);
    anim::JointTrack added;
    added.joint = 11;
    added.translation = test::vec3Channel({0.f, 1.f}, {{0, 0, 0}, {4, 4, 4}});
    clip.tracks.push_back(added);
    EXPECT_FALSE(compiled.matches(clip));
    expectMatchesReference(clip, compiled, true);  // not used: the one-channel path
    compiled.invalidateTrack(clip, 11);
    EXPECT_TRUE(compiled.matches(clip));
    expectMatchesReference(clip, compiled, true);

    const anim::Clip other = clip;  // another clip object: never sampled through this one
    EXPECT_FALSE(compiled.matches(other));
}

TEST(CompiledClip, RefusesWhatTheJobRefuses)
{
    const anim::Clip clip = randomClip(3);
    const anim::CompiledClip compiled(clip);
    const std::vector<math::Transform> rest = restPose();
    std::vector<math::Transform> tooFew(kJoints - 2), same(kJoints - 2);
    EXPECT_FALSE((anim::SampleClipJob{&clip, 0.2, std::span(rest).first(kJoints - 2), {}, tooFew, {}, &compiled}.run()));
    std::vector<std::uint32_t> badCursors(5);
    std::vector<math::Transform> out(kJoints);
    EXPECT_FALSE((anim::SampleClipJob{&clip, 0.2, rest, badCursors, out, {}, &compiled}.run()));
}

// More timelines than the sampler keeps on its stack (96): every bone keyed
// on its own times, so each lane's place comes from the heap's copy, and
// the compiled clip still samples as the one-channel path, into Transforms
// and into JointBlocks.
TEST(CompiledClip, ManyTimelinesSampleAsTheOneChannelPath)
{
    constexpr std::size_t kBones = 130;
    anim::Clip clip;
    std::mt19937 rng(11);
    for (std::size_t j = 0; j < kBones; ++j) {
        anim::JointTrack t;
        t.joint = static_cast<anim::JointIndex>(j);
        const float mid = 0.2f + 0.005f * static_cast<float>(j);
        t.translation = test::vec3Channel({0.f, mid, 1.f}, {glm::vec3(0.f), glm::vec3(1.f * j), glm::vec3(-1.f)});
        t.rotation = test::quatChannel({0.f, mid, 1.f}, {randomQuat(rng), randomQuat(rng), randomQuat(rng)});
        clip.tracks.push_back(t);
    }
    clip.updateDuration();
    const std::vector<math::Transform> rest(kBones);
    for (const auto packing : {anim::CompiledClip::Packing::InOrder, anim::CompiledClip::Packing::Quads}) {
        const anim::CompiledClip compiled(clip, packing);
        ASSERT_GT(compiled.timelines().size(), 96u);
        std::vector<math::Transform> fast(kBones), slow(kBones), fromBlocks(kBones);
        std::vector<anim::JointBlock> restBlocks(anim::blockCount(kBones)), blocks(anim::blockCount(kBones));
        ASSERT_TRUE(anim::toBlocks(rest, restBlocks));
        for (const double t : {0.0, 0.3, 0.61, 0.95}) {
            ASSERT_TRUE((anim::SampleClipJob{&clip, t, rest, {}, fast, {}, &compiled}.run()));
            ASSERT_TRUE((anim::SampleClipJob{&clip, t, rest, {}, slow, {}, nullptr}.run()));
            ASSERT_TRUE((anim::SampleClipJob{&clip, t, rest, {}, {}, {}, &compiled, blocks, restBlocks}.run()));
            ASSERT_TRUE(anim::fromBlocks(blocks, fromBlocks));
            for (std::size_t j = 0; j < kBones; ++j) {
                expectSame(fast[j], slow[j], "bone " + std::to_string(j) + " at " + std::to_string(t));
                EXPECT_EQ(std::memcmp(&fromBlocks[j], &fast[j], sizeof(math::Transform)), 0) << j << " at " << t;
            }
        }
    }
}
