// SPDX-License-Identifier: MIT
// A foot-slide figure to trust (issue 21): an in-place walk is measured
// against its treadmill (its planted feet move back at a steady speed,
// which is no slide), so a clean one measures 0 while the same steps
// against the world slide; helpers named like feet ("Bip01 Footsteps", a
// foot's IK target) and feet no skin weights are not feet.
#include "core/anim/transition_foot_slide.h"
#include "core/model/foot_joints.h"
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
    const std::vector<anim::JointIndex> feet = {1};
    const float contact = anim::suggestedContactHeight(s);
    const std::vector<anim::Leg> legs = {{1, -1, 1.f, "L"}};
    const anim::TransitionFootSlide slide = anim::measureTransitionFootSlide(s, poser, legs, 30.0);
    EXPECT_TRUE(slide.inPlace);
    EXPECT_LT(slide.a.total, 1e-5);
    EXPECT_LT(slide.b.total, 1e-5);
    EXPECT_LT(slide.blended.total, 1e-5);
    // Against the world the same planted steps add up: 0.04 a frame.
    const anim::PoseAt alone = [&](double t, std::span<math::Transform> out) {
        return poser.poseSide(t, anim::TransitionPoser::Side::A, out);
    };
    const anim::FootSlideReport world = anim::measureFootSlide(s, feet, alone, 0.0, timing.length(), 30.0, contact);
    EXPECT_GT(world.total, 0.5);
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

TEST(FootSlideReference, OnlyFeetASkinWeightsCount)
{
    model::Rig rig;
    rig.skeleton.names = {"hips", "foot_L", "foot_R", "toe_L_end"};
    rig.skeleton.parents = {anim::kNoParent, 0, 0, 1};
    rig.skeleton.rest.resize(4);
    EXPECT_EQ(model::deformingFeet(rig), (std::vector<anim::JointIndex>{1, 2, 3})) << "no skin: every foot by name";
    model::Skin skin;
    skin.joints = {0, 1, 2, 3};
    skin.inverseBind.assign(4, glm::mat4(1.f));
    rig.skins.push_back(skin);
    mesh::Mesh m;
    m.skin = 0;
    m.positions = {{0.f, 0.f, 0.f}, {1.f, 0.f, 0.f}};
    m.weights.stride = 4;
    m.weights.joints = {1, 0, 0, 0, 2, 0, 0, 0};  // foot_L and foot_R weighted, toe_L_end not
    m.weights.weights = {1.f, 0.f, 0.f, 0.f, 1.f, 0.f, 0.f, 0.f};
    rig.meshes.push_back(m);
    EXPECT_EQ(model::deformingFeet(rig), (std::vector<anim::JointIndex>{1, 2}));
}
