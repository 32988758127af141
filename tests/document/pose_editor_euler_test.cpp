// SPDX-License-Identifier: MIT
// I on a bone in an Euler mode keys its angle curves, in its order, with
// the angles nearest the curve: a pose past half a turn keeps counting.
#include "rotation_angle.h"
#include "workspace_fixture.h"

#include "core/commands/set_rotation_mode_command.h"
#include "core/workspace/pose_editor.h"

#include <glm/gtc/quaternion.hpp>
#include <gtest/gtest.h>

using namespace marrow;

namespace {

struct PoseEditorEuler : ::testing::Test {
    test::Workspace ws;
    ws::PoseEditor editor{ws.document.get(), &ws.playback, &ws.selection, &ws.evaluator};

    void SetUp() override
    {
        ws.selection.setActiveClip(0);
        ws.document->undoStack()->push(new cmd::SetRotationModeCommand(ws.document.get(), 0, anim::RotationMode::EulerZXY));
    }
    const anim::JointTrack* track() const { return ws.document->rig().clips[0].findTrack(0); }
    // Poses joint 0 turned about Z and keys its rotation at `time`.
    void keyTurn(double time, float degrees)
    {
        ws.playback.setTime(time);
        math::Transform t;
        t.rotation = glm::angleAxis(glm::radians(degrees), glm::vec3(0, 0, 1));
        const ws::PoseEditor::JointPose pose{0, t, anim::kRotationBit};
        editor.applyPoses({&pose, 1}, {}, "Pose");
        ASSERT_TRUE(editor.insertKeys({0}, anim::kRotationBit));
    }
};

} // namespace

TEST_F(PoseEditorEuler, InsertKeysWritesTheAngleCurvesNearTheCurve)
{
    ASSERT_EQ(ws.document->rig().rotationModeOf(0), anim::RotationMode::EulerZXY);
    keyTurn(0.0, 150.f);
    keyTurn(0.5, 210.f);  // past half a turn: 210 degrees, not -150
    const anim::JointTrack* t = track();
    ASSERT_NE(t, nullptr);
    EXPECT_EQ(t->rotationMode, anim::RotationMode::EulerZXY);
    EXPECT_TRUE(t->rotation.empty()) << "no quaternion keys on an Euler bone";
    ASSERT_EQ(t->euler.size(), 2u);
    EXPECT_NEAR(glm::degrees(t->euler.values[1].z), 210.f, 1e-3f);
    EXPECT_FALSE(ws.document->rig().validate());
    // The keyed pose is what plays back.
    ws.playback.setTime(0.5);
    EXPECT_LT(test::rotationAngle(ws.evaluator.locals()[0].rotation,
                                  glm::angleAxis(glm::radians(210.f), glm::vec3(0, 0, 1))),
              1e-5);
}
