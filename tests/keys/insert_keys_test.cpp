// SPDX-License-Identifier: MIT
// Keying from the editor: I on the viewport keys the selected bone's pose,
// a second key at another frame interpolates between them, Alt+I deletes,
// Alt+R clears rotation, and the record button keys pose edits.
#include "tests/editor/editor_fixture.h"

#include "app/editor/key_actions.h"
#include "core/workspace/playback.h"
#include "core/workspace/pose_editor.h"
#include "core/workspace/pose_evaluator.h"
#include "core/workspace/selection.h"
#include "app/editor/editor_docks.h"
#include "widgets/inspector/inspector_panel.h"
#include "widgets/inspector/key_button.h"
#include "widgets/viewport/viewport_widget.h"

#include <QAction>
#include <QDoubleSpinBox>
#include <QApplication>
#include <glm/gtc/quaternion.hpp>

using namespace marrow;

namespace {

class KeysEditorTest : public test::EditorTest {
protected:
    // A bone the active clip does not rotate, so only our keys shape its curve.
    model::JointIndex spine()
    {
        const model::Rig& rig = window().document().rig();
        const auto& clip = rig.clips[static_cast<std::size_t>(window().selection().activeClip())];
        for (std::size_t j = 1; j < rig.skeleton.size(); ++j) {
            const anim::JointTrack* t = clip.findTrack(static_cast<model::JointIndex>(j));
            if (!t || t->rotation.empty())
                return static_cast<model::JointIndex>(j);
        }
        ADD_FAILURE() << "every joint is rotated by the active clip";
        return 0;
    }
    void pose(model::JointIndex joint, float degrees)
    {
        math::Transform local = window().evaluator().locals()[static_cast<std::size_t>(joint)];
        local.rotation = glm::angleAxis(glm::radians(degrees), glm::vec3(0, 0, 1));
        const ws::PoseEditor::JointPose p{joint, local, anim::kRotationBit};
        window().poseEditor().applyPoses({&p, 1}, {}, "Pose");
    }
    // The key goes to the viewport, as a user presses it with the mouse there.
    void pressInViewport(int key, Qt::KeyboardModifiers mods = Qt::NoModifier)
    {
        window().viewport().setFocus();
        QApplication::processEvents();
        QTest::keyClick(&window().viewport(), key, mods);
        QApplication::processEvents();
    }
    float angleAbout(model::JointIndex joint)
    {
        const glm::quat q = window().evaluator().locals()[static_cast<std::size_t>(joint)].rotation;
        return glm::degrees(glm::angle(q));
    }
};

} // namespace

TEST_F(KeysEditorTest, IKeysTwoFramesAndPlaybackInterpolates)
{
    const model::JointIndex j = spine();
    window().selection().selectJoint(j);
    window().playback().setFrame(0);
    pose(j, 10.f);
    pressInViewport(Qt::Key_I);
    const int clip = window().selection().activeClip();
    const anim::JointTrack* track = window().document().rig().clips[static_cast<std::size_t>(clip)].findTrack(j);
    ASSERT_TRUE(track);
    const std::size_t keysBefore = track->rotation.size();
    window().playback().setFrame(10);
    pose(j, 50.f);
    pressInViewport(Qt::Key_I);
    track = window().document().rig().clips[static_cast<std::size_t>(clip)].findTrack(j);
    EXPECT_GE(track->rotation.size(), keysBefore);
    // Between the keys the pose is in between (cubic, auto-clamped: monotone).
    window().playback().setFrame(5);
    QApplication::processEvents();
    const float mid = angleAbout(j);
    EXPECT_GT(mid, 10.5f);
    EXPECT_LT(mid, 49.5f);
    window().playback().setFrame(10);
    EXPECT_NEAR(angleAbout(j), 50.f, 1e-3f);
    window().playback().setFrame(0);
    EXPECT_NEAR(angleAbout(j), 10.f, 1e-3f);
}

TEST_F(KeysEditorTest, AltIDeletesTheKeysAtThePlayhead)
{
    const model::JointIndex j = spine();
    window().selection().selectJoint(j);
    window().playback().setFrame(3);
    pose(j, 25.f);
    pressInViewport(Qt::Key_I);
    const int clip = window().selection().activeClip();
    const auto keysAt3 = [&] {
        const anim::JointTrack* t = window().document().rig().clips[static_cast<std::size_t>(clip)].findTrack(j);
        const float time = static_cast<float>(window().playback().time());
        int n = 0;
        for (float k : t->rotation.times)
            n += std::abs(k - time) < 1e-4f;
        return n;
    };
    ASSERT_EQ(keysAt3(), 1);
    const int entries = window().document().undoStack()->count();
    window().keyActions().deleteKeys->trigger();
    EXPECT_EQ(keysAt3(), 0);
    EXPECT_EQ(window().document().undoStack()->count(), entries + 1);
}

TEST_F(KeysEditorTest, AltRClearsRotationToRest)
{
    const model::JointIndex j = spine();
    window().selection().selectJoint(j);
    pose(j, 35.f);
    window().keyActions().clearRotation->trigger();
    const glm::quat rest = window().document().rig().skeleton.rest[static_cast<std::size_t>(j)].rotation;
    EXPECT_NEAR(std::abs(glm::dot(window().evaluator().locals()[static_cast<std::size_t>(j)].rotation, rest)), 1.f, 1e-6f);
    EXPECT_EQ(window().document().undoStack()->undoText(), "Clear Rotation");
}

TEST_F(KeysEditorTest, AutoKeyingKeysAPoseEdit)
{
    const model::JointIndex j = spine();
    window().selection().selectJoint(j);
    window().keyActions().autoKey->setChecked(true);
    EXPECT_TRUE(window().poseEditor().autoKey());
    window().playback().setFrame(7);
    pose(j, 33.f);
    window().playback().setFrame(0);
    window().playback().setFrame(7);
    EXPECT_NEAR(angleAbout(j), 33.f, 1e-3f);  // keyed, so it survived the frame change
}

TEST_F(KeysEditorTest, InspectorKeyButtonsShowAndToggleKeys)
{
    const model::JointIndex j = spine();
    window().selection().selectJoint(j);
    QApplication::processEvents();
    ui::InspectorPanel* inspector = window().docks().inspectorPanel;
    ui::KeyButton* rotation = inspector->keyButton(1);
    ASSERT_TRUE(rotation && rotation->isVisible());
    EXPECT_EQ(rotation->state(), ui::KeyButton::State::None);
    window().playback().setFrame(4);
    QTest::mouseClick(rotation, Qt::LeftButton);
    EXPECT_EQ(rotation->state(), ui::KeyButton::State::Keyed);
    window().playback().setFrame(6);
    QApplication::processEvents();
    EXPECT_EQ(rotation->state(), ui::KeyButton::State::Animated);
    window().playback().setFrame(4);
    QTest::mouseClick(rotation, Qt::LeftButton);  // keyed here: the click deletes it
    EXPECT_EQ(rotation->state(), ui::KeyButton::State::None);
}

TEST_F(KeysEditorTest, AutoKeyingKeysAnInspectorSpinBoxEdit)
{
    const model::JointIndex j = spine();
    window().selection().selectJoint(j);
    window().keyActions().autoKey->setChecked(true);
    window().playback().setFrame(9);
    QApplication::processEvents();
    QDoubleSpinBox* z = window().docks().inspectorPanel->rotationBox(2);
    ASSERT_TRUE(z);
    z->setValue(27.0);  // what typing and Enter end in
    const int clip = window().selection().activeClip();
    const anim::JointTrack* t = window().document().rig().clips[static_cast<std::size_t>(clip)].findTrack(j);
    ASSERT_TRUE(t);
    ASSERT_EQ(t->rotation.size(), 1u);
    EXPECT_NEAR(t->rotation.times[0], window().playback().time(), 1e-6);
    EXPECT_TRUE(t->translation.empty());  // only the edited channel
    window().playback().setFrame(0);
    EXPECT_NEAR(window().docks().inspectorPanel->rotationBox(2)->value(), 27.0, 0.01);  // one key: held everywhere
}
