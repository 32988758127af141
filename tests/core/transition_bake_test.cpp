// SPDX-License-Identifier: MIT
// The transition pose and its bake: the preview follows the blend rule at
// (tA, tB, w_j); the baked clip, sampled at its frame times, equals the
// preview (1e-6); rotation keys stay in one hemisphere; the blend range
// starts at 0 and lasts D.
#include "core/anim/blend_poses_job.h"
#include "core/anim/sample_clip_job.h"
#include "core/anim/transition_bake.h"
#include "glm_expect.h"
#include "tiny_rigs.h"

#include <gtest/gtest.h>

using namespace marrow;

namespace {

struct BendToLift {
    model::Rig rig = test::fourVertexSkinRig();  // clips "bend" (elbow) and "lift" (shoulder, elbow held)
    anim::TransitionTiming timing;

    BendToLift()
    {
        timing.lengthA = rig.clips[0].duration;
        timing.lengthB = rig.clips[1].duration;
        timing.exit = 0.5;
        timing.offset = 0.25;
        timing.duration = 0.5;
        timing.curve = {anim::BlendCurveKind::Smoothstep};
    }
    anim::TransitionPoser poser(std::vector<float> profile = {})
    {
        return anim::TransitionPoser(rig.skeleton, rig.clips[0], rig.clips[1], timing, std::move(profile));
    }
    std::vector<math::Transform> sample(const anim::Clip& clip, double t)
    {
        std::vector<math::Transform> out(rig.skeleton.size());
        anim::SampleClipJob job{&clip, t, rig.skeleton.rest, {}, out, {}};
        EXPECT_TRUE(job.run());
        return out;
    }
};

void expectSamePose(const std::vector<math::Transform>& a, const std::vector<math::Transform>& b, float tol)
{
    ASSERT_EQ(a.size(), b.size());
    for (std::size_t j = 0; j < a.size(); ++j) {
        EXPECT_VEC3_NEAR(a[j].translation, b[j].translation, tol);
        EXPECT_QUAT_EQUIV(a[j].rotation, b[j].rotation, tol);
        EXPECT_VEC3_NEAR(a[j].scale, b[j].scale, tol);
    }
}

} // namespace

TEST(TransitionPose, FollowsTheBlendRuleWithPerJointWeights)
{
    BendToLift f;
    auto poser = f.poser({1.f, 2.f});  // the elbow blends over twice the time
    std::vector<math::Transform> got(2);
    const double t = 0.75;  // u = .25: shoulder w = smoothstep(.5) = .5, elbow smoothstep(.25)
    ASSERT_TRUE(poser.pose(t, got));
    const auto a = f.sample(f.rig.clips[0], 0.75), b = f.sample(f.rig.clips[1], 0.5);
    // The shoulder is animated only in B: B's pose whatever the weight.
    EXPECT_VEC3_NEAR(got[0].translation, b[0].translation, 1e-6f);
    // The elbow is animated in both: slerp at its own weight.
    const float w = 0.15625f;
    std::vector<math::Transform> want(2);
    const std::vector<anim::ChannelMask> on(2, anim::kRotationBit);
    ASSERT_TRUE((anim::BlendPosesJob{a, b, f.rig.skeleton.rest, on, on, w, want, {}}.run()));
    EXPECT_QUAT_EQUIV(got[1].rotation, want[1].rotation, 1e-6f);
}

TEST(TransitionBake, EqualsThePreviewAtEveryFrame)
{
    BendToLift f;
    auto poser = f.poser({1.f, 1.5f});
    std::string error;
    const auto clip = anim::bakeTransition(poser, 30.0, anim::BakeRange::Full, "bend to lift", &error);
    ASSERT_TRUE(clip) << error;
    EXPECT_FALSE(clip->validate(f.rig.skeleton.size()));
    EXPECT_NEAR(clip->duration, f.timing.length(), 1e-6);  // 0.5 + max(.5, 2 - .25) = 2.25
    EXPECT_EQ(clip->tracks.size(), 2u);
    const anim::JointTrack* elbow = clip->findTrack(1);
    ASSERT_TRUE(elbow);
    EXPECT_EQ(elbow->rotation.size(), 69u);  // frames 0..67 and the end at 2.25 s
    for (std::size_t k = 1; k < elbow->rotation.size(); ++k)
        EXPECT_GE(glm::dot(elbow->rotation.values[k - 1], elbow->rotation.values[k]), 0.f) << k;
    std::vector<math::Transform> preview(2);
    for (float key : elbow->rotation.times) {
        ASSERT_TRUE(poser.pose(key, preview));
        expectSamePose(f.sample(*clip, key), preview, 1e-6f);
    }
}

TEST(TransitionBake, BlendRangeStartsAtZeroAndLastsTheBlend)
{
    BendToLift f;
    auto poser = f.poser();
    const auto clip = anim::bakeTransition(poser, 24.0, anim::BakeRange::Blend, "blend");
    ASSERT_TRUE(clip);
    EXPECT_NEAR(clip->duration, f.timing.duration, 1e-6);
    std::vector<math::Transform> preview(2);
    ASSERT_TRUE(poser.pose(f.timing.exit, preview));
    expectSamePose(f.sample(*clip, 0.0), preview, 1e-6f);
}

TEST(TransitionBake, RefusesABadTimingOrRate)
{
    BendToLift f;
    f.timing.duration = 0.0;
    auto poser = f.poser();
    std::string error;
    EXPECT_FALSE(anim::bakeTransition(poser, 30.0, anim::BakeRange::Full, "x", &error));
    EXPECT_NE(error.find("duration"), std::string::npos);
    BendToLift g;
    auto ok = g.poser();
    EXPECT_FALSE(anim::bakeTransition(ok, 0.0, anim::BakeRange::Full, "x", &error));
}

TEST(TransitionPose, InertializationStartsAtAAndEndsOnB)
{
    BendToLift f;
    f.timing.mode = anim::BlendMode::Inertialization;
    auto poser = f.poser();
    std::vector<math::Transform> got(2), a(2), b(2);
    ASSERT_TRUE(poser.pose(f.timing.exit, got));  // u = 0: still A's pose
    a = f.sample(f.rig.clips[0], f.timing.exit);
    EXPECT_QUAT_EQUIV(got[1].rotation, a[1].rotation, 1e-5f);
    const double after = f.timing.exit + f.timing.duration + 0.1;
    ASSERT_TRUE(poser.pose(after, got));  // past D: B's pose exactly
    b = f.sample(f.rig.clips[1], f.timing.offset + 0.6);
    EXPECT_EQ(got[1].rotation, b[1].rotation);
    EXPECT_EQ(got[0].translation, b[0].translation);
    // The bake follows the same pose.
    const auto clip = anim::bakeTransition(poser, 30.0, anim::BakeRange::Full, "inertial");
    ASSERT_TRUE(clip);
    std::vector<math::Transform> preview(2);
    const float key = clip->findTrack(1)->rotation.times[20];
    ASSERT_TRUE(poser.pose(key, preview));
    expectSamePose(f.sample(*clip, key), preview, 1e-6f);
}
