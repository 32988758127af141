// SPDX-License-Identifier: MIT
// InspectorPanel shows the current joint's local TRS and poses it through
// SetJointPoseCommand: one undo entry per gesture, exact undo, translation
// edits that leave the quaternion alone, rotation from Euler, and a display
// that follows selection, time, undo and Reset pose.
#include "../widgets/widget_test_support.h"

#include "core/anim/rotation_mode.h"
#include "core/workspace/playback.h"
#include "core/workspace/pose_evaluator.h"
#include "core/workspace/selection.h"
#include "glm_expect.h"
#include "widgets/inspector/channel_spin_box.h"
#include "widgets/inspector/inspector_panel.h"

#include <QApplication>
#include <QDoubleSpinBox>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QMouseEvent>
#include <QPushButton>
#include <QStyleOptionSpinBox>
#include <QTest>
#include <QUndoStack>
#include <QWheelEvent>

#include <algorithm>

using marrow::ui::ChannelSpinBox;
using marrow::ui::InspectorPanel;

namespace marrow::test {
namespace {

// The objects as the main window builds them, at a time inside clip 1.
struct PanelFixture {
    std::unique_ptr<doc::Document> document = openDocument("synthetic/public_rig.gltf");
    ws::Playback playback;
    ws::Selection selection{document.get()};
    ws::PoseEvaluator evaluator{document.get(), &playback, &selection};
    InspectorPanel panel{document.get(), &selection, &evaluator};

    PanelFixture()
    {
        selection.setActiveClip(1);
        playback.setTime(0.3);
        evaluator.evaluate();
    }

    model::JointIndex joint(const char* name) const { return document->rig().skeleton.find(name).value_or(-1); }
    math::Transform local(model::JointIndex j) const { return evaluator.locals()[static_cast<std::size_t>(j)]; }
    QUndoStack* stack() const { return document->undoStack(); }

    // Shows the panel in an active window, as a dock would be.
    void show()
    {
        panel.resize(320, 520);
        panel.show();
        ASSERT_TRUE(QTest::qWaitForWindowExposed(&panel));
        panel.activateWindow();
        EXPECT_TRUE(QTest::qWaitForWindowActive(&panel));
    }

    bool showsLabel(const QString& text) const
    {
        const auto labels = panel.findChildren<QLabel*>();
        return std::any_of(labels.begin(), labels.end(),
                           [&](const QLabel* l) { return l->text() == text && !l->isHidden(); });
    }
};

// A finished edit: what Enter or focus out does after a value was set.
void finishEdit(QDoubleSpinBox* box)
{
    emit box->editingFinished();
}

QPoint upArrow(QDoubleSpinBox* box)
{
    QStyleOptionSpinBox opt;
    opt.initFrom(box);
    opt.rect = box->rect();
    opt.subControls = QStyle::SC_All;
    opt.buttonSymbols = box->buttonSymbols();
    opt.frame = box->hasFrame();
    return box->style()->subControlRect(QStyle::CC_SpinBox, &opt, QStyle::SC_SpinBoxUp, box).center();
}

void sendMouse(QWidget* w, QEvent::Type type, QPoint pos, Qt::MouseButtons buttons,
               Qt::KeyboardModifiers modifiers = {})
{
    const Qt::MouseButton button = type == QEvent::MouseMove ? Qt::NoButton : Qt::LeftButton;
    QMouseEvent e(type, QPointF(pos), QPointF(w->mapToGlobal(pos)), button, buttons, modifiers);
    QApplication::sendEvent(w, &e);
}

TEST(InspectorPanel, NothingSelectedDisablesTheBoxesAndShowsTheHint)
{
    PanelFixture f;
    EXPECT_EQ(f.panel.shownJoint(), -1);
    for (int axis = 0; axis < 3; ++axis) {
        EXPECT_FALSE(f.panel.translationBox(axis)->isEnabled());
        EXPECT_FALSE(f.panel.rotationBox(axis)->isEnabled());
        EXPECT_FALSE(f.panel.scaleBox(axis)->isEnabled());
    }
    EXPECT_TRUE(f.showsLabel("Select a joint in the bone tree or the viewport"));
    EXPECT_FALSE(f.panel.resetPoseButton()->isEnabled());
    EXPECT_FALSE(f.panel.showsPosedMark());
    EXPECT_EQ(f.panel.translationBox(3), nullptr);

    // Selecting and clearing again goes back to the same state.
    f.selection.selectJoint(f.joint("head"));
    EXPECT_TRUE(f.panel.translationBox(0)->isEnabled());
    EXPECT_FALSE(f.showsLabel("Select a joint in the bone tree or the viewport"));
    f.selection.clearJoints();
    EXPECT_EQ(f.panel.shownJoint(), -1);
    EXPECT_FALSE(f.panel.rotationBox(1)->isEnabled());
    EXPECT_TRUE(f.showsLabel("Select a joint in the bone tree or the viewport"));
}

TEST(InspectorPanel, ShowsTheCurrentJointsLocalTransform)
{
    PanelFixture f;
    const model::JointIndex forearm = f.joint("forearm_L");
    f.selection.setJoints({f.joint("head"), forearm});  // the last one is current
    ASSERT_EQ(f.panel.shownJoint(), forearm);
    EXPECT_TRUE(f.showsLabel("forearm_L"));
    EXPECT_FALSE(f.panel.showsPosedMark());
    EXPECT_FALSE(f.panel.resetPoseButton()->isEnabled());

    const math::Transform t = f.local(forearm);
    for (int axis = 0; axis < 3; ++axis) {
        EXPECT_NEAR(f.panel.translationBox(axis)->value(), t.translation[axis], 0.0005) << axis;
        EXPECT_NEAR(f.panel.scaleBox(axis)->value(), t.scale[axis], 0.0005) << axis;
        EXPECT_EQ(f.panel.translationBox(axis)->decimals(), 3);
        EXPECT_EQ(f.panel.rotationBox(axis)->decimals(), 2);
    }
    const glm::vec3 shown(f.panel.rotationBox(0)->value(), f.panel.rotationBox(1)->value(),
                          f.panel.rotationBox(2)->value());
    EXPECT_VEC3_NEAR(shown, glm::degrees(anim::quatToEuler(t.rotation, anim::RotationMode::EulerXYZ)), 0.005f);
    EXPECT_QUAT_EQUIV(anim::eulerToQuat(glm::radians(shown), anim::RotationMode::EulerXYZ), t.rotation, 1e-6f);

    // The display follows the time, and a rename.
    f.playback.setTime(0.7);
    EXPECT_NEAR(f.panel.translationBox(1)->value(), f.local(forearm).translation.y, 0.0005);
    f.document->renameJoint(forearm, "lower_arm_L");
    EXPECT_TRUE(f.showsLabel("lower_arm_L"));
    // Refreshing is not editing: nothing was pushed.
    EXPECT_EQ(f.stack()->count(), 0);
    EXPECT_TRUE(f.document->poseOverrides().empty());
}

TEST(InspectorPanel, TranslationEditPosesTheJointAndUndoRestoresItExactly)
{
    PanelFixture f;
    const model::JointIndex spine = f.joint("spine2");
    f.selection.selectJoint(spine);
    const math::Transform before = f.local(spine);

    QDoubleSpinBox* tx = f.panel.translationBox(0);
    tx->setValue(tx->value() + 0.25);
    finishEdit(tx);
    ASSERT_EQ(f.stack()->count(), 1);
    EXPECT_EQ(f.stack()->text(0), "Pose spine2");
    const math::Transform after = f.local(spine);
    EXPECT_EQ(after.translation.x, static_cast<float>(tx->value()));
    // Only translation X moved: the quaternion is bit-identical.
    EXPECT_EQ(after.rotation, before.rotation);
    EXPECT_EQ(after.translation.y, before.translation.y);
    EXPECT_EQ(after.translation.z, before.translation.z);
    EXPECT_EQ(after.scale, before.scale);
    EXPECT_EQ(f.document->poseOverride(spine), after);
    EXPECT_TRUE(f.panel.showsPosedMark());
    EXPECT_TRUE(f.panel.resetPoseButton()->isEnabled());

    f.stack()->undo();
    EXPECT_TRUE(f.document->poseOverrides().empty());
    EXPECT_EQ(f.local(spine), before);  // exact, not approximately
    EXPECT_NEAR(tx->value(), before.translation.x, 0.0005);
    EXPECT_FALSE(f.panel.showsPosedMark());
    f.stack()->redo();
    EXPECT_EQ(f.local(spine), after);
}

TEST(InspectorPanel, TypedValuesAreOneEntryEachAndOnlyOnEnter)
{
    PanelFixture f;
    f.show();
    const model::JointIndex head = f.joint("head");
    f.selection.selectJoint(head);
    QDoubleSpinBox* sy = f.panel.scaleBox(1);
    sy->setFocus();
    sy->selectAll();
    QTest::keyClicks(sy, "1.5");
    // Keyboard tracking is off: "1" and "1.5" do not pose the joint yet.
    EXPECT_EQ(f.stack()->count(), 0);
    QTest::keyClick(sy, Qt::Key_Return);
    ASSERT_EQ(f.stack()->count(), 1);
    EXPECT_EQ(f.local(head).scale.y, 1.5f);
    EXPECT_FALSE(f.panel.isInGesture());

    sy->selectAll();
    QTest::keyClicks(sy, "2.25");
    QTest::keyClick(sy, Qt::Key_Enter);
    EXPECT_EQ(f.stack()->count(), 2) << "two typed edits, two undo entries";
    EXPECT_EQ(f.local(head).scale.y, 2.25f);
    f.stack()->undo();
    EXPECT_EQ(f.local(head).scale.y, 1.5f);

    // Text typed but not committed survives a refresh (playback moving the
    // pose), and is dropped when another joint is shown.
    QLineEdit* edit = sy->findChild<QLineEdit*>();
    ASSERT_NE(edit, nullptr);
    sy->selectAll();
    QTest::keyClicks(sy, "7");
    f.evaluator.evaluate();
    EXPECT_EQ(edit->text(), "7");
    f.selection.selectJoint(f.joint("neck"));
    EXPECT_NE(edit->text(), "7");
    EXPECT_EQ(f.stack()->count(), 2);
}

TEST(InspectorPanel, ArrowDragIsOneUndoEntry)
{
    PanelFixture f;
    f.show();
    const model::JointIndex thigh = f.joint("thigh_R");
    f.selection.selectJoint(thigh);
    const math::Transform before = f.local(thigh);
    QDoubleSpinBox* tz = f.panel.translationBox(2);
    const double start = tz->value();

    QTest::mousePress(tz, Qt::LeftButton, {}, upArrow(tz));
    EXPECT_NEAR(tz->value(), start + 0.01, 1e-9) << "the press steps once";
    EXPECT_TRUE(f.panel.isInGesture());
    QTest::qWait(700);  // held: the arrow auto-repeats
    tz->setValue(tz->value() + 0.05);  // and more steps within the same gesture
    tz->setValue(tz->value() + 0.05);
    QTest::mouseRelease(tz, Qt::LeftButton, {}, upArrow(tz));
    EXPECT_FALSE(f.panel.isInGesture());
    EXPECT_EQ(f.stack()->count(), 1);
    EXPECT_GT(f.local(thigh).translation.z, before.translation.z + 0.1f);

    QTest::mouseClick(tz, Qt::LeftButton, {}, upArrow(tz));
    EXPECT_EQ(f.stack()->count(), 2) << "the next click is a new entry";
    f.stack()->undo();
    f.stack()->undo();
    EXPECT_EQ(f.local(thigh), before);
}

TEST(InspectorPanel, HeldArrowKeyIsOneUndoEntry)
{
    PanelFixture f;
    const model::JointIndex toe = f.joint("toe_L");
    f.selection.selectJoint(toe);
    QDoubleSpinBox* ty = f.panel.translationBox(1);
    const double start = ty->value();
    const auto key = [&](QEvent::Type type, bool autoRepeat) {
        QKeyEvent e(type, Qt::Key_Up, Qt::NoModifier, QString(), autoRepeat);
        QApplication::sendEvent(ty, &e);
    };
    // Held Up: one press, auto-repeated release/press pairs, then the real release.
    key(QEvent::KeyPress, false);
    for (int i = 0; i < 3; ++i) {
        key(QEvent::KeyRelease, true);
        key(QEvent::KeyPress, true);
    }
    EXPECT_TRUE(f.panel.isInGesture());
    key(QEvent::KeyRelease, false);
    EXPECT_FALSE(f.panel.isInGesture());
    EXPECT_GE(ty->value(), start + 0.04 - 1e-9) << "four steps at least (a held key accelerates)";
    EXPECT_EQ(f.stack()->count(), 1);
    key(QEvent::KeyPress, false);
    key(QEvent::KeyRelease, false);
    EXPECT_EQ(f.stack()->count(), 2) << "a second key press is a second entry";
}

TEST(InspectorPanel, ScrubDragIsOneUndoEntryAndAClickEditsText)
{
    PanelFixture f;
    f.show();
    const model::JointIndex tail = f.joint("tail2");
    f.selection.selectJoint(tail);
    auto* rz = static_cast<ChannelSpinBox*>(f.panel.rotationBox(2));
    QLineEdit* edit = rz->findChild<QLineEdit*>();
    ASSERT_NE(edit, nullptr);
    const double start = rz->value();
    const QPoint p = edit->rect().center();

    sendMouse(edit, QEvent::MouseButtonPress, p, Qt::LeftButton);
    for (int dx = 2; dx <= 40; dx += 2)
        sendMouse(edit, QEvent::MouseMove, p + QPoint(dx, 0), Qt::LeftButton);
    EXPECT_TRUE(rz->isScrubbing());
    sendMouse(edit, QEvent::MouseButtonRelease, p + QPoint(40, 0), Qt::NoButton);
    EXPECT_FALSE(f.panel.isInGesture());
    EXPECT_EQ(f.stack()->count(), 1) << "a scrub of many steps is one entry";
    // One degree per pixel, counted from where the drag distance was passed.
    EXPECT_GT(rz->value(), start + 20.0);
    EXPECT_LE(rz->value(), start + 40.0 + 1e-9);

    // A click without a drag does not change the value: it edits the text.
    rz->clearFocus();
    sendMouse(edit, QEvent::MouseButtonPress, p, Qt::LeftButton);
    sendMouse(edit, QEvent::MouseButtonRelease, p, Qt::NoButton);
    EXPECT_EQ(f.stack()->count(), 1);
    EXPECT_EQ(edit->selectedText(), rz->cleanText()) << "the number, all of it, without the suffix";
}

TEST(InspectorPanel, WheelBurstIsOneUndoEntry)
{
    PanelFixture f;
    f.show();
    const model::JointIndex neck = f.joint("neck");
    f.selection.selectJoint(neck);
    QDoubleSpinBox* rx = f.panel.rotationBox(0);
    const double start = rx->value();
    const auto wheel = [&] {
        const QPointF pos = rx->rect().center();
        QWheelEvent e(pos, rx->mapToGlobal(pos), QPoint(), QPoint(0, 120), Qt::NoButton, Qt::NoModifier,
                      Qt::NoScrollPhase, false);
        QApplication::sendEvent(rx, &e);
    };
    wheel();  // no focus: the wheel is left to the scroll area
    EXPECT_EQ(rx->value(), start);
    rx->setFocus();
    ASSERT_TRUE(rx->hasFocus());
    wheel();
    wheel();
    wheel();
    EXPECT_NEAR(rx->value(), start + 3.0, 1e-9);
    EXPECT_EQ(f.stack()->count(), 1);
    QTest::qWait(ChannelSpinBox::kWheelBurstMs + 200);
    EXPECT_FALSE(f.panel.isInGesture());
    wheel();
    EXPECT_EQ(f.stack()->count(), 2) << "a later burst is a new entry";
}

TEST(InspectorPanel, UndoMidGestureEndsIt)
{
    PanelFixture f;
    const model::JointIndex hand = f.joint("hand_L");
    f.selection.selectJoint(hand);
    const math::Transform before = f.local(hand);
    QDoubleSpinBox* tx = f.panel.translationBox(0);
    tx->setValue(tx->value() + 0.1);
    tx->setValue(tx->value() + 0.1);
    ASSERT_TRUE(f.panel.isInGesture());
    f.stack()->undo();  // Ctrl+Z while the arrow is still held
    EXPECT_FALSE(f.panel.isInGesture());
    EXPECT_EQ(f.local(hand), before);
    tx->setValue(tx->value() + 0.1);
    EXPECT_TRUE(f.panel.isInGesture()) << "the next step opens a new gesture";
    EXPECT_EQ(f.stack()->index(), 1);
    f.stack()->undo();
    EXPECT_EQ(f.local(hand), before);
}

TEST(InspectorPanel, RotationEditSetsTheQuaternionFromEuler)
{
    PanelFixture f;
    const model::JointIndex upperarm = f.joint("upperarm_R");
    f.selection.selectJoint(upperarm);
    const math::Transform before = f.local(upperarm);
    const glm::vec3 e0 = glm::degrees(anim::quatToEuler(before.rotation, anim::RotationMode::EulerXYZ));

    // One axis: the other two keep their unrounded angles.
    QDoubleSpinBox* rx = f.panel.rotationBox(0);
    rx->setValue(12.5);
    finishEdit(rx);
    EXPECT_QUAT_EQUIV(f.local(upperarm).rotation, anim::eulerToQuat(glm::radians(glm::vec3(12.5f, e0.y, e0.z)), anim::RotationMode::EulerXYZ), 1e-6f);
    EXPECT_EQ(f.local(upperarm).translation, before.translation);
    EXPECT_EQ(f.local(upperarm).scale, before.scale);

    // All three: the quaternion is the boxes' Euler, and Y past 90 does not flip the display.
    f.panel.rotationBox(1)->setValue(100.0);
    finishEdit(f.panel.rotationBox(1));
    f.panel.rotationBox(2)->setValue(-30.0);
    finishEdit(f.panel.rotationBox(2));
    EXPECT_EQ(f.stack()->count(), 3);
    const glm::vec3 shown(rx->value(), f.panel.rotationBox(1)->value(), f.panel.rotationBox(2)->value());
    EXPECT_EQ(shown, glm::vec3(12.5f, 100.f, -30.f));
    EXPECT_QUAT_EQUIV(f.local(upperarm).rotation, anim::eulerToQuat(glm::radians(shown), anim::RotationMode::EulerXYZ), 1e-6f);

    // A translation edit afterwards leaves that quaternion bit-identical.
    const glm::quat q = f.local(upperarm).rotation;
    f.panel.translationBox(1)->setValue(f.panel.translationBox(1)->value() - 0.5);
    EXPECT_EQ(f.local(upperarm).rotation, q);
    EXPECT_EQ(rx->value(), 12.5);

    while (f.stack()->canUndo())
        f.stack()->undo();
    EXPECT_EQ(f.local(upperarm), before);
}

TEST(InspectorPanel, TimeChangeDropsTheOverrideAndTheDisplayFollows)
{
    PanelFixture f;
    const model::JointIndex shin = f.joint("shin_L");
    f.selection.selectJoint(shin);
    QDoubleSpinBox* sx = f.panel.scaleBox(0);
    sx->setValue(3.0);
    ASSERT_TRUE(f.document->poseOverride(shin).has_value());
    ASSERT_TRUE(f.panel.showsPosedMark());

    f.playback.setTime(0.6);
    EXPECT_TRUE(f.document->poseOverrides().empty());
    EXPECT_FALSE(f.panel.isInGesture());
    EXPECT_FALSE(f.panel.showsPosedMark());
    EXPECT_NEAR(sx->value(), f.local(shin).scale.x, 0.0005);
    EXPECT_NE(sx->value(), 3.0);
    EXPECT_NEAR(f.panel.translationBox(2)->value(), f.local(shin).translation.z, 0.0005);
}

TEST(InspectorPanel, ResetPoseClearsTheOverrideAndIsUndoable)
{
    PanelFixture f;
    const model::JointIndex foot = f.joint("foot_R");
    f.selection.selectJoint(foot);
    const math::Transform before = f.local(foot);
    f.panel.rotationBox(1)->setValue(f.panel.rotationBox(1)->value() + 20.0);
    f.panel.translationBox(0)->setValue(f.panel.translationBox(0)->value() + 1.0);
    finishEdit(f.panel.translationBox(0));
    const math::Transform posed = f.local(foot);
    ASSERT_EQ(f.stack()->count(), 1) << "one gesture across two boxes of the same joint";

    QPushButton* reset = f.panel.resetPoseButton();
    ASSERT_TRUE(reset->isEnabled());
    reset->click();
    EXPECT_EQ(f.stack()->count(), 2);
    EXPECT_TRUE(f.document->poseOverrides().empty());
    EXPECT_EQ(f.local(foot), before);
    EXPECT_FALSE(reset->isEnabled());
    EXPECT_FALSE(f.panel.showsPosedMark());

    f.stack()->undo();
    EXPECT_EQ(f.document->poseOverride(foot), posed);
    EXPECT_EQ(f.local(foot), posed);
    EXPECT_TRUE(reset->isEnabled());
    EXPECT_TRUE(f.panel.showsPosedMark());
}

TEST(InspectorPanel, SelectingAnotherJointEndsTheGesture)
{
    PanelFixture f;
    const model::JointIndex a = f.joint("clavicle_L");
    const model::JointIndex b = f.joint("clavicle_R");
    f.selection.selectJoint(a);
    f.panel.translationBox(0)->setValue(f.panel.translationBox(0)->value() + 0.1);
    ASSERT_TRUE(f.panel.isInGesture());
    f.selection.selectJoint(b);
    EXPECT_FALSE(f.panel.isInGesture());
    EXPECT_EQ(f.panel.shownJoint(), b);
    EXPECT_NEAR(f.panel.translationBox(0)->value(), f.local(b).translation.x, 0.0005);
    f.panel.translationBox(0)->setValue(f.panel.translationBox(0)->value() + 0.1);
    EXPECT_EQ(f.stack()->count(), 2);
    EXPECT_TRUE(f.document->poseOverride(a).has_value());
    EXPECT_TRUE(f.document->poseOverride(b).has_value());

    // A new rig: nothing selected, nothing shown, no gesture.
    f.document->replaceRig(importRig("synthetic/public_rig.gltf"));
    EXPECT_EQ(f.panel.shownJoint(), -1);
    EXPECT_FALSE(f.panel.isInGesture());
    EXPECT_FALSE(f.panel.scaleBox(2)->isEnabled());
}

} // namespace
} // namespace marrow::test
