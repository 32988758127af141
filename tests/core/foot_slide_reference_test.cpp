// SPDX-License-Identifier: MIT
// A foot-slide figure to trust (issue 21): an in-place walk is measured
// against its treadmill (its planted feet move back at a steady speed,
// which is no slide), so a clean one measures 0 while against the world
// its foot is never planted; helpers named like feet ("Bip01 Footsteps", a
// foot's IK target) are not feet.
#include "core/anim/transition_foot_slide.h"
#include "tiny_rigs.h"

#include <gtest/gtest.h>

using namespace marrow;

namespace {

anim::Skeleton hipsAndFoot()
{
    anim::Skeleton s;
    s.names = {"hips", "foot"};
    s.parents = {anim::kNoParent, 0};
    s.rest = {test::trs({0.f, 1.f, 0.f}), test::trs({0.f, -1.f, 0.f})};
    return s;
}

// In place: the hips stay; the foot is planted for the first half second,
// moving back from z 0.3 to -0.3 (the treadmill at 1.2 m/s), then swings
// forward 0.2 above the ground.
anim::Clip inPlaceWalk()
{
    anim::Clip clip;
    clip.name = "walk";
    anim::JointTrack foot;
    foot.joint = 1;
    foot.translation.times = {0.f, .5f, .55f, .95f, 1.f};
    foot.translation.values = {{0.f, -1.f, .3f}, {0.f, -1.f, -.3f}, {0.f, -.8f, -.2f}, {0.f, -.8f, .2f}, {0.f, -1.f, .3f}};
    clip.tracks.push_back(foot);
    clip.updateDuration();
    return clip;
}

} // namespace

TEST(FootSlideReference, ACleanInPlaceWalkMeasuresZeroAgainstItsTreadmill)
{
    const anim::Skeleton s = hipsAndFoot();
    const anim::Clip walk = inPlaceWalk();
    anim::TransitionTiming timing;
    timing.lengthA = timing.lengthB = walk.duration;
    timing.exit = .5;
    timing.offset = .5;  // B starts in A's phase: the blend is the walk itself
    timing.duration = .3;
    timing.cycleA = timing.cycleB = true;
    anim::TransitionPoser poser(s, walk, walk, timing);
    const std::vector<anim::Leg> legs = {{1, -1, 1.f, "L"}};
    const anim::TransitionFootSlide slide = anim::measureTransitionFootSlide(s, poser, legs, 30.0);
    EXPECT_TRUE(slide.inPlace);
    EXPECT_LT(slide.a.total, 1e-5);
    EXPECT_LT(slide.b.total, 1e-5);
    EXPECT_LT(slide.blended.total, 1e-5);
    EXPECT_FALSE(slide.a.legs[0].contacts.empty()) << "planted against the treadmill";
    // Against the world the planted foot moves back at 1.2 legs a second: never planted.
    const anim::PoseAt alone = [&](double t, std::span<math::Transform> out) {
        return poser.poseSide(t, anim::TransitionPoser::Side::A, out);
    };
    const auto tracks = anim::sampleLegTracks(s, legs, alone, 0.0, 30, 30.0);
    const std::vector<anim::LegGround> grounds{anim::legGround(tracks[0])};
    EXPECT_TRUE(anim::gaitReport(legs, tracks, grounds, 30.0, {}).legs[0].contacts.empty());
}

TEST(FootSlideReference, HelpersNamedLikeFeetAreNotFeet)
{
    for (const char* helper : {"Bip01 Footsteps", "LeftFootIK", "foot_ik.L", "IK_Foot_R", "FootTarget_L", "foot_ctrl_l",
                               "Foot_Control"})
        EXPECT_TRUE(anim::isFootHelperName(helper)) << helper;
    for (const char* foot : {"Bip01 L Foot", "mixamorig:LeftFoot", "b_RightToeBase", "ankle_l", "Kick_Foot", "Bikini"})
        EXPECT_FALSE(anim::isFootHelperName(foot)) << foot;
    anim::Skeleton s;
    s.names = {"Bip01", "Bip01 Footsteps", "Bip01 L Foot", "LeftFootIK"};
    s.parents = {anim::kNoParent, 0, 0, 0};
    s.rest.resize(4);
    EXPECT_EQ(anim::footJoints(s), (std::vector<anim::JointIndex>{2}));
}
