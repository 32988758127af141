// SPDX-License-Identifier: MIT
#include "core/model/clip_transfer.h"
#include "tiny_rigs.h"

#include <gtest/gtest.h>

using namespace marrow;
using marrow::test::vec3Channel;

namespace {
anim::JointTrack moveTrack(anim::JointIndex joint, float x, float last = 1.f)
{
    anim::JointTrack t;
    t.joint = joint;
    t.translation = vec3Channel({0.f, last}, {{0, 0, 0}, {x, 0, 0}});
    return t;
}

// Source: root, arm, tail, wing; clips animate arm, tail and wing.
model::Rig source()
{
    model::Rig s;
    s.skeleton.names = {"root", "arm", "tail", "wing"};
    s.skeleton.parents = {-1, 0, 0, 0};
    s.skeleton.rest.resize(4);
    anim::Clip walk;
    walk.name = "walk";
    walk.tracks = {moveTrack(2, 2.f), moveTrack(1, 1.f, 3.f), moveTrack(3, 3.f)};
    walk.duration = 5.f;  // longer than its keys: kept
    anim::Clip wag;
    wag.name = "wag";
    wag.tracks = {moveTrack(2, 4.f), moveTrack(0, 5.f, .5f)};
    wag.duration = .5f;
    s.clips = {walk, wag};
    return s;
}
} // namespace

TEST(ClipTransfer, JointsMatchedByName)
{
    model::Rig target;
    target.skeleton.names = {"arm", "root", "leg"};
    target.skeleton.parents = {-1, 0, 0};
    target.skeleton.rest.resize(3);
    target.clips.resize(1);
    target.clips[0].name = "existing";
    transferClips(source(), target);
    ASSERT_EQ(target.clips.size(), 3u);
    EXPECT_EQ(target.clips[0].name, "existing");
    const anim::Clip& walk = target.clips[1];
    EXPECT_EQ(walk.name, "walk");
    ASSERT_EQ(walk.tracks.size(), 1u);
    EXPECT_EQ(walk.tracks[0].joint, 0);  // "arm" is target joint 0
    EXPECT_EQ(walk.tracks[0].translation.values[1].x, 1.f);
    EXPECT_EQ(walk.duration, 5.f);
    const anim::Clip& wag = target.clips[2];
    ASSERT_EQ(wag.tracks.size(), 1u);
    EXPECT_EQ(wag.tracks[0].joint, 1);  // "root" is target joint 1
    EXPECT_EQ(wag.tracks[0].translation.values[1].x, 5.f);
    EXPECT_EQ(wag.duration, .5f);
    EXPECT_FALSE(target.validate());
}

TEST(ClipTransfer, UnmatchedNamesReportedOnceInSourceOrder)
{
    model::Rig target;
    target.skeleton.names = {"arm"};
    target.skeleton.parents = {-1};
    target.skeleton.rest.resize(1);
    // "tail" is missing in both clips, "wing" and "root" in one each.
    const std::vector<std::string> unmatched = transferClips(source(), target);
    EXPECT_EQ(unmatched, (std::vector<std::string>{"tail", "wing", "root"}));
    ASSERT_EQ(target.clips.size(), 2u);
    EXPECT_TRUE(target.clips[1].tracks.empty());
}

TEST(ClipTransfer, DuplicateNamesTakeTheFirst)
{
    model::Rig target;
    target.skeleton.names = {"root", "arm", "arm"};
    target.skeleton.parents = {-1, 0, 0};
    target.skeleton.rest.resize(3);
    model::Rig src = source();
    src.skeleton.names[3] = "arm";  // two source joints called "arm" too
    transferClips(src, target);
    const anim::Clip& walk = target.clips[0];
    ASSERT_EQ(walk.tracks.size(), 1u);
    EXPECT_EQ(walk.tracks[0].joint, 1);
    // Source order: joint 1 ("arm", x = 1) comes before joint 3 ("arm", x = 3) in the track list.
    EXPECT_EQ(walk.tracks[0].translation.values[1].x, 1.f);
    EXPECT_FALSE(target.validate());
}

namespace marrow {
namespace {

// Exporters disagree on spaces and namespaces; a unique loose match still drives the joint.
TEST(ClipTransfer, LooseNamesMatchWhenUnique)
{
    model::Rig target;
    target.skeleton.names = {"Bip01 HeadNub", "mixamorig:LeftArm", "a_b", "ab"};
    target.skeleton.parents = {anim::kNoParent, 0, 0, 0};
    target.skeleton.rest.resize(4);
    model::Rig source;
    source.skeleton.names = {"Bip01HeadNub", "LeftArm", "AB"};
    source.skeleton.parents = {anim::kNoParent, 0, 0};
    source.skeleton.rest.resize(3);
    anim::Clip clip;
    clip.name = "c";
    for (anim::JointIndex j = 0; j < 3; ++j) {
        anim::JointTrack t;
        t.joint = j;
        t.translation.times = {0.f};
        t.translation.values = {glm::vec3(static_cast<float>(j))};
        clip.tracks.push_back(t);
    }
    source.clips.push_back(clip);
    const auto unmatched = model::transferClips(source, target);
    ASSERT_EQ(target.clips.size(), 1u);
    ASSERT_NE(target.clips[0].findTrack(0), nullptr) << "Bip01HeadNub -> Bip01 HeadNub";
    EXPECT_EQ(target.clips[0].findTrack(0)->translation.values[0], glm::vec3(0.f));
    ASSERT_NE(target.clips[0].findTrack(1), nullptr) << "LeftArm -> mixamorig:LeftArm";
    EXPECT_EQ(target.clips[0].findTrack(1)->translation.values[0], glm::vec3(1.f));
    // "AB" loosely matches both "a_b" and "ab": ambiguous, so not matched.
    EXPECT_EQ(unmatched, std::vector<std::string>{"AB"});
    EXPECT_EQ(model::looseJointName("ns|Left Arm_2"), "leftarm2");
}

} // namespace
} // namespace marrow
