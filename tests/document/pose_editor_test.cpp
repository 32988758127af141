// SPDX-License-Identifier: MIT
// PoseEditor: I keys the pose on screen, auto-key keys pose edits, Alt+I
// deletes the keys at the playhead, Alt+R/G/S clear to rest; each one undo entry.
#include "workspace_fixture.h"

#include "core/workspace/pose_editor.h"

#include <QCoreApplication>
#include <glm/gtc/quaternion.hpp>
#include <gtest/gtest.h>

using namespace marrow;

namespace {

constexpr anim::ChannelMask kAll = anim::kTranslationBit | anim::kRotationBit | anim::kScaleBit;

struct PoseEditorTest : ::testing::Test {
    test::Workspace ws;
    ws::PoseEditor editor{ws.document.get(), &ws.playback, &ws.selection, &ws.evaluator};

    void SetUp() override { ws.selection.setActiveClip(0); }
    const anim::JointTrack* track(model::JointIndex joint) const { return ws.document->rig().clips[0].findTrack(joint); }
};

math::Transform turned(float degrees)
{
    math::Transform t;
    t.rotation = glm::angleAxis(glm::radians(degrees), glm::vec3(0, 0, 1));
    return t;
}

} // namespace

TEST_F(PoseEditorTest, InsertKeysTakesThePoseOnScreenAndDropsTheOverride)
{
    const ws::PoseEditor::JointPose pose{0, turned(40.f), anim::kRotationBit};
    editor.applyPoses({&pose, 1}, {}, "Pose");
    ws.playback.setTime(0.5);  // would drop an unkeyed pose; set it again at 0.5
    editor.applyPoses({&pose, 1}, {}, "Pose");
    const std::string before = test::bytesOf(*ws.document);
    ASSERT_TRUE(editor.insertKeys({0}, kAll));
    ASSERT_TRUE(track(0));
    EXPECT_EQ(track(0)->rotation.size(), 1u);
    EXPECT_FLOAT_EQ(track(0)->rotation.times[0], 0.5f);
    EXPECT_FALSE(ws.document->poseOverride(0));  // keyed: the keys hold it
    EXPECT_NEAR(std::abs(glm::dot(ws.evaluator.locals()[0].rotation, pose.local.rotation)), 1.f, 1e-6f);
    ws.document->undoStack()->undo();
    EXPECT_TRUE(test::bytesOf(*ws.document) == before);
}

TEST_F(PoseEditorTest, KeyedEditSurvivesATimeChange)
{
    const ws::PoseEditor::JointPose pose{0, turned(30.f), anim::kRotationBit};
    editor.applyPoses({&pose, 1}, {}, "Pose");
    editor.insertKeys({0}, anim::kRotationBit);
    ws.playback.setTime(0.75);
    EXPECT_NEAR(std::abs(glm::dot(ws.evaluator.locals()[0].rotation, pose.local.rotation)), 1.f, 1e-6f);
}

TEST_F(PoseEditorTest, AutoKeyKeysOnlyTheChangedChannelsInOneEntry)
{
    editor.setAutoKey(true);
    const int entries = ws.document->undoStack()->count();
    const model::InteractionId drag = ws.document->beginInteraction();
    for (float deg : {10.f, 20.f, 30.f}) {
        const ws::PoseEditor::JointPose pose{0, turned(deg), anim::kRotationBit};
        editor.applyPoses({&pose, 1}, drag, "Rotate");
    }
    EXPECT_EQ(ws.document->undoStack()->count(), entries + 1);
    ASSERT_TRUE(track(0));
    EXPECT_EQ(track(0)->rotation.size(), 1u);
    EXPECT_TRUE(track(0)->translation.empty());
    EXPECT_NEAR(std::abs(glm::dot(track(0)->rotation.values[0], turned(30.f).rotation)), 1.f, 1e-6f);
}

TEST_F(PoseEditorTest, DeleteKeysAtCurrentTimeRemovesEveryChannelThere)
{
    ws.playback.setTime(1.0);
    ASSERT_EQ(track(1)->rotation.size(), 2u);
    EXPECT_TRUE(editor.deleteKeysAtCurrentTime({1}));
    EXPECT_EQ(track(1)->rotation.size(), 1u);
    EXPECT_FALSE(editor.deleteKeysAtCurrentTime({1}));  // nothing left there
}

TEST_F(PoseEditorTest, ClearRotationGoesBackToRest)
{
    ws.playback.setTime(1.0);  // the elbow is bent 90 degrees here
    ASSERT_TRUE(editor.clearTransforms({1}, anim::kRotationBit));
    const auto& rest = ws.document->rig().skeleton.rest[1];
    EXPECT_NEAR(std::abs(glm::dot(ws.evaluator.locals()[1].rotation, rest.rotation)), 1.f, 1e-6f);
    EXPECT_EQ(ws.document->undoStack()->undoText(), "Clear Rotation");
}

TEST_F(PoseEditorTest, AManyJointKeyEditEvaluatesOnce)
{
    const int before = ws.evaluator.evaluationCount();
    ASSERT_TRUE(editor.insertKeys({0, 1}, kAll));  // keysChanged for two joints, two channels each
    QCoreApplication::processEvents();
    EXPECT_EQ(ws.evaluator.evaluationCount(), before + 1);
}
