// SPDX-License-Identifier: MIT
// What "New Transition" makes (name, exit before A's end on a frame, a
// smoothstep quarter second, cycling for clips that loop), unique names, and
// the blend profile's "set for the selected joints and their children".
#include "core/model/blend_profile.h"
#include "core/model/clip_names.h"
#include "core/model/transition_defaults.h"
#include "tiny_rigs.h"

#include <gtest/gtest.h>

using namespace marrow;

TEST(TransitionDefaults, NewTransitionLeavesABeforeItsEndOnAFrame)
{
    model::Rig rig = test::fourVertexSkinRig();  // clips "bend" (1 s) and "lift" (2 s)
    const model::Transition t = model::defaultTransition(rig, 0, 1, 24.0);
    EXPECT_EQ(t.name, rig.clips[0].name + "_to_" + rig.clips[1].name);
    EXPECT_EQ(t.clipA, 0);
    EXPECT_EQ(t.clipB, 1);
    EXPECT_NEAR(t.exit, 0.75, 1e-12);  // 1 s - 0.25 s, which is frame 18 at 24 fps
    EXPECT_NEAR(t.duration * 24.0, std::round(t.duration * 24.0), 1e-9);
    EXPECT_GE(t.duration, 0.25 - 1.0 / 48.0);
    EXPECT_EQ(t.curve.kind, anim::BlendCurveKind::Smoothstep);
    EXPECT_FALSE(t.matchRoot);  // neither clip travels
    EXPECT_FALSE(t.validate(rig.clips.size(), rig.skeleton.size()));
    rig.transitions.push_back(t);
    EXPECT_EQ(model::defaultTransition(rig, 0, 1, 24.0).name, t.name + ".001");
    EXPECT_EQ(model::uniqueTransitionName(rig, "other"), "other");
}

TEST(TransitionDefaults, OnlyClipsThatEndWhereTheyStartCycle)
{
    anim::Clip clip;
    clip.duration = 1.f;
    anim::JointTrack track;
    track.joint = 0;
    track.rotation.times = {0.f, 0.5f, 1.f};
    track.rotation.values = {glm::quat(1, 0, 0, 0), glm::angleAxis(0.5f, glm::vec3(0, 0, 1)), glm::quat(1, 0, 0, 0)};
    clip.tracks.push_back(track);
    EXPECT_TRUE(model::clipLoops(clip));
    clip.tracks[0].rotation.values.back() = glm::angleAxis(0.2f, glm::vec3(0, 0, 1));
    EXPECT_FALSE(model::clipLoops(clip));
    EXPECT_FALSE(model::clipLoops(anim::Clip{}));  // nothing animated: not a cycle
}

TEST(BlendProfile, SetForSelectedJointsAndTheirChildren)
{
    anim::Skeleton s;
    s.names = {"root", "spine", "head", "leg", "foot"};
    s.parents = {anim::kNoParent, 0, 1, 0, 3};
    s.rest.assign(5, math::Transform{});
    const std::vector<anim::JointIndex> spine{1};
    const auto profile = model::withSubtreeScale(s, {}, spine, 0.5f);
    EXPECT_EQ(profile, (std::vector<float>{1.f, 0.5f, 0.5f, 1.f, 1.f}));
    const std::vector<anim::JointIndex> leg{3, 42};  // 42 is out of range: ignored
    EXPECT_EQ(model::withSubtreeScale(s, profile, leg, 2.f), (std::vector<float>{1.f, 0.5f, 0.5f, 2.f, 2.f}));
    EXPECT_EQ(model::profileScale({}, 3), 1.f);
    EXPECT_EQ(model::profileScale(profile, 2), 0.5f);
}

TEST(TransitionDefaults, ClipsThatTravelMatchTheirRoots)
{
    model::Rig rig = test::fourVertexSkinRig();
    anim::Clip walk;
    walk.name = "walk";
    anim::JointTrack root;
    root.joint = 0;
    root.translation.times = {0.f, 1.f};
    root.translation.values = {glm::vec3(0.f), glm::vec3(0.f, 0.f, 5.f)};  // far along the ground
    walk.tracks.push_back(root);
    walk.updateDuration();
    rig.clips.push_back(walk);
    EXPECT_TRUE(model::defaultTransition(rig, 0, 2, 30.0).matchRoot);
    // A walk with root motion is a cycle that moves on: it cycles with the skeleton's view of its root.
    EXPECT_FALSE(model::clipLoops(walk));
    EXPECT_TRUE(model::clipLoops(walk, &rig.skeleton));
    EXPECT_TRUE(model::defaultTransition(rig, 2, 1, 30.0).cycleA);
    EXPECT_TRUE(model::defaultTransition(rig, 2, 1, 30.0).matchRoot);
    EXPECT_FALSE(model::defaultTransition(rig, 0, 1, 30.0).matchRoot);
}
