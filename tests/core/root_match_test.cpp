// SPDX-License-Identifier: MIT
// Root matching for clips that travel: B's root is moved along the ground
// (never up) to start the blend where A's is, so a walk into a run carries
// on forward instead of sliding back to where the run was authored; in-place
// clips are told apart from travelling ones; the bake follows the preview.
#include "core/anim/root_match.h"
#include "core/anim/sample_clip_job.h"
#include "core/anim/transition_bake.h"
#include "core/anim/transition_pose.h"
#include "glm_expect.h"

#include <gtest/gtest.h>

#include <glm/gtc/quaternion.hpp>

#include <cstring>

using namespace marrow;

namespace {

// hips (the root) and a foot under it.
anim::Skeleton hipsAndFoot(const glm::quat& rootParentRest = glm::quat(1.f, 0.f, 0.f, 0.f))
{
    anim::Skeleton s;
    s.names = {"origin", "hips", "foot"};
    s.parents = {anim::kNoParent, 0, 1};
    s.rest.resize(3);
    s.rest[0].rotation = rootParentRest;
    s.rest[1].translation = {0.f, 1.f, 0.f};
    s.rest[2].translation = {0.f, -1.f, 0.f};
    return s;
}

// The hips travel along +Z at `speed` for `seconds`, bobbing in Y.
anim::Clip travelling(const std::string& name, float speed, float seconds, float startZ = 0.f)
{
    anim::Clip clip;
    clip.name = name;
    anim::JointTrack hips;
    hips.joint = 1;
    for (int k = 0; k <= 10; ++k) {
        const float t = seconds * static_cast<float>(k) / 10.f;
        hips.translation.times.push_back(t);
        hips.translation.values.push_back({0.05f * static_cast<float>(k % 2), 1.f + 0.1f * static_cast<float>(k % 2),
                                           startZ + speed * t});
    }
    clip.tracks.push_back(hips);
    clip.updateDuration();
    return clip;
}

anim::TransitionTiming walkToRun(const anim::Clip& a, const anim::Clip& b)
{
    anim::TransitionTiming timing;
    timing.lengthA = a.duration;
    timing.lengthB = b.duration;
    timing.exit = 1.5;
    timing.duration = 0.5;
    timing.curve = {anim::BlendCurveKind::Smoothstep};
    return timing;
}

// The hips' local Z over the preview, every 1/60 s.
std::vector<float> hipsZ(anim::TransitionPoser& poser, std::size_t joints)
{
    std::vector<float> z;
    std::vector<math::Transform> pose(joints);
    for (int k = 0; k <= static_cast<int>(poser.timing().length() * 60.0); ++k) {
        EXPECT_TRUE(poser.pose(k / 60.0, pose));
        z.push_back(pose[1].translation.z);
    }
    return z;
}

} // namespace

TEST(RootMatch, ShiftsBAlongTheGroundToWhereAIs)
{
    const anim::Skeleton skeleton = hipsAndFoot();
    const anim::Clip walk = travelling("walk", 1.f, 2.f), run = travelling("run", 4.f, 2.f, 0.5f);
    const auto match = anim::matchRoots(skeleton, walk, 1.5, 0, run, 0.0, 0);
    ASSERT_TRUE(match);
    EXPECT_EQ(match->joint, 1);
    // A's hips at 1.5 s (between keys 7 and 8): (0.025, 1.05, 1.5); B's at 0:
    // (0, 1, 0.5). Y is up: not shifted.
    EXPECT_VEC3_NEAR(match->shift, glm::vec3(0.025f, 0.f, 1.f), 1e-6f);
}

TEST(RootMatch, TheGroundIsTheWorldsEvenUnderARotatedParent)
{
    // The origin turns Z-up content upright (as an FBX axis conversion
    // does): local +Z of the hips' parent is the world's up.
    const glm::quat zUpToYUp = glm::angleAxis(glm::radians(-90.f), glm::vec3(1.f, 0.f, 0.f));
    const anim::Skeleton skeleton = hipsAndFoot(zUpToYUp);
    const anim::Clip walk = travelling("walk", 1.f, 2.f), run = travelling("run", 4.f, 2.f);
    const auto match = anim::matchRoots(skeleton, walk, 1.5, 0, run, 0.0, 0);
    ASSERT_TRUE(match);
    // The difference (0.025, 0.05, 1.5) loses its local Z (up), keeps X and Y.
    EXPECT_VEC3_NEAR(match->shift, glm::vec3(0.025f, 0.05f, 0.f), 1e-5f);
}

TEST(RootMatch, NoJointTranslatedInBothClipsMeansNoMatch)
{
    const anim::Skeleton skeleton = hipsAndFoot();
    anim::Clip still;
    still.name = "still";
    anim::JointTrack foot;
    foot.joint = 2;
    foot.rotation.times = {0.f, 1.f};
    foot.rotation.values = {glm::quat(1.f, 0.f, 0.f, 0.f), glm::angleAxis(0.3f, glm::vec3(1.f, 0.f, 0.f))};
    still.tracks.push_back(foot);
    still.updateDuration();
    EXPECT_FALSE(anim::matchRoots(skeleton, travelling("walk", 1.f, 2.f), 1.0, 0, still, 0.0, 0));
}

TEST(RootMatch, TravellingClipsAreToldFromInPlaceOnes)
{
    const anim::Skeleton skeleton = hipsAndFoot();  // rest height 1 (hips to foot)
    EXPECT_TRUE(anim::clipTravels(skeleton, travelling("walk", 1.f, 2.f)));
    EXPECT_FALSE(anim::clipTravels(skeleton, travelling("sway", 0.f, 2.f)));   // bobs and sways in place
    EXPECT_FALSE(anim::clipTravels(skeleton, travelling("creep", 0.02f, 2.f)));  // 4 cm of a 1 m rig
}

TEST(RootMatch, AWalkIntoARunCarriesOnForwardInsteadOfSlidingBack)
{
    const anim::Skeleton skeleton = hipsAndFoot();
    const anim::Clip walk = travelling("walk", 1.f, 2.f), run = travelling("run", 4.f, 2.f);
    anim::TransitionPoser plain(skeleton, walk, run, walkToRun(walk, run));
    anim::TransitionPoser matched(skeleton, walk, run, walkToRun(walk, run), {}, true);

    // Without matching the hips go back from 1.5 to the run's start.
    const std::vector<float> before = hipsZ(plain, skeleton.size());
    float backwards = 0.f;
    for (std::size_t k = 1; k < before.size(); ++k)
        backwards += std::max(0.f, before[k - 1] - before[k]);
    EXPECT_GT(backwards, 0.1f);

    // With it they never move back, and end where the blended speed and
    // then the run take them from A's exit: 0.5 s at the mean of 1 and 4
    // (smoothstep's mean weight is 1/2; the velocity blend, issue 21), then
    // 1.5 s of the run.
    const std::vector<float> z = hipsZ(matched, skeleton.size());
    for (std::size_t k = 1; k < z.size(); ++k)
        EXPECT_GE(z[k], z[k - 1] - 1e-6f) << "frame " << k;
    EXPECT_NEAR(z.back(), 1.5f + .5f * 2.5f + 4.f * 1.5f, 1e-4f);

    // At the exit the pose is still A's; B alone moves by the same shift.
    std::vector<math::Transform> at(skeleton.size()), a(skeleton.size()), b(skeleton.size()), raw(skeleton.size());
    ASSERT_TRUE(matched.pose(1.5, at));
    ASSERT_TRUE(matched.poseSide(1.5, anim::TransitionPoser::Side::A, a));
    EXPECT_VEC3_NEAR(at[1].translation, a[1].translation, 1e-6f);
    ASSERT_TRUE(matched.poseSide(1.8, anim::TransitionPoser::Side::B, b));
    ASSERT_TRUE(plain.poseSide(1.8, anim::TransitionPoser::Side::B, raw));
    EXPECT_VEC3_NEAR(b[1].translation - raw[1].translation, matched.rootMatch()->shift, 1e-6f);
    EXPECT_FALSE(plain.rootMatch());
}

TEST(RootMatch, TheBakeEqualsTheMatchedPreview)
{
    const anim::Skeleton skeleton = hipsAndFoot();
    const anim::Clip walk = travelling("walk", 1.f, 2.f), run = travelling("run", 4.f, 2.f);
    anim::TransitionPoser poser(skeleton, walk, run, walkToRun(walk, run), {}, true);
    const auto baked = anim::bakeTransition(poser, 30.0, anim::BakeRange::Full, "baked");
    ASSERT_TRUE(baked);
    std::vector<math::Transform> preview(skeleton.size()), clip(skeleton.size());
    for (int k = 0; k <= 105; k += 5) {
        ASSERT_TRUE(poser.pose(k / 30.0, preview));
        const anim::SampleClipJob job{&*baked, k / 30.0, skeleton.rest, {}, clip, {}};
        ASSERT_TRUE(job.run());
        EXPECT_VEC3_NEAR(clip[1].translation, preview[1].translation, 1e-5f);
    }
}

TEST(RootMatch, ACyclingWalkCarriesItsTravelThroughEachLoop)
{
    // A 1 s walk cycle that travels 1 along +Z, cycled, into a run at 2.5 s
    // (A in its third loop): the hips never jump back, at A's loops or B's.
    const anim::Skeleton skeleton = hipsAndFoot();
    const anim::Clip walk = travelling("walk", 1.f, 1.f), run = travelling("run", 4.f, 1.f);
    anim::TransitionTiming timing = walkToRun(walk, run);
    timing.exit = 2.5;
    timing.cycleA = timing.cycleB = true;
    anim::TransitionPoser poser(skeleton, walk, run, timing, {}, true);
    ASSERT_TRUE(poser.rootMatch());
    EXPECT_VEC3_NEAR(poser.rootMatch()->cycleA, glm::vec3(0.f, 0.f, 1.f), 1e-6f);
    EXPECT_VEC3_NEAR(poser.rootMatch()->cycleB, glm::vec3(0.f, 0.f, 4.f), 1e-6f);
    const std::vector<float> z = hipsZ(poser, skeleton.size());
    for (std::size_t k = 1; k < z.size(); ++k)
        EXPECT_GE(z[k], z[k - 1] - 1e-5f) << "frame " << k;
    EXPECT_NEAR(z[150], 2.5f, 1e-4f);  // the walk has carried the hips 2.5 at the exit
    // Synced, too: the phase's loops carry both sides.
    timing.sync = true;
    anim::TransitionPoser synced(skeleton, walk, run, timing, {}, true);
    const std::vector<float> zs = hipsZ(synced, skeleton.size());
    for (std::size_t k = 1; k < zs.size(); ++k)
        EXPECT_GE(zs[k], zs[k - 1] - 1e-5f) << "frame " << k;
}

// jointTranslationAt reads the joint's own channel: what sampling the whole
// clip gives it, bit for bit (a later track of the joint wins, a joint the
// clip leaves keeps rest, a clip with a joint out of range gives rest).
TEST(RootMatch, AJointsTranslationIsWhatSamplingTheWholeClipGivesIt)
{
    const anim::Skeleton s = hipsAndFoot();
    anim::Clip clip = travelling("walk", 1.3f, 1.f);
    anim::JointTrack later;  // a second track of the hips, its keys cubic
    later.joint = 1;
    later.translation.times = {0.2f, 0.7f};
    later.translation.values = {{0.f, 1.f, 0.f}, {0.3f, 1.2f, 0.9f}};
    later.translation.interpolations = {anim::Interpolation::CubicSpline, anim::Interpolation::CubicSpline};
    later.translation.inTangents = {{0.f, 0.f, 1.f}, {0.f, 0.5f, 0.f}};
    later.translation.outTangents = {{1.f, 0.f, 0.f}, {0.f, 0.f, 0.f}};
    anim::JointTrack footTurns;
    footTurns.joint = 2;
    footTurns.rotation.times = {0.f};
    footTurns.rotation.values = {glm::quat(1.f, 0.f, 0.f, 0.f)};
    for (const bool withLater : {false, true}) {
        anim::Clip c = clip;
        c.tracks.push_back(footTurns);
        if (withLater)
            c.tracks.push_back(later);
        std::vector<math::Transform> pose(s.size());
        for (const double t : {-0.5, 0.0, 0.33, 0.5, 0.91, 3.0}) {
            ASSERT_TRUE((anim::SampleClipJob{&c, t, s.rest, {}, pose, {}}.run()));
            for (anim::JointIndex j = 0; j < 3; ++j) {
                const glm::vec3 got = anim::jointTranslationAt(s, c, t, j);
                EXPECT_EQ(std::memcmp(&got, &pose[static_cast<std::size_t>(j)].translation, sizeof got), 0)
                    << "joint " << j << " at " << t << (withLater ? ", a later track of the hips" : "");
            }
        }
    }
    anim::Clip broken = clip;
    broken.tracks.push_back(footTurns);
    broken.tracks.back().joint = 7;  // past the skeleton: the job refuses the clip, so rest
    EXPECT_EQ(anim::jointTranslationAt(s, broken, 0.5, 1), s.rest[1].translation);
}
