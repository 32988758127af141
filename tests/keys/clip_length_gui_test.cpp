// SPDX-License-Identifier: MIT
// Keys past a clip's end extend it (issue 36, item 4), through the editor:
// scrub the timeline to frame 52 of the sample's shortest clip, pose a
// bone, press I: the readout says "52 / 52" and playing reaches frame 52
// before it wraps; '.' steps past the end when stopped. Clip › Set Range…
// sets a manual frame range the transport plays and the ruler marks.
#include "tests/editor/editor_fixture.h"

#include "app/editor/clip_actions.h"
#include "app/editor/clip_range_dialog.h"
#include "core/workspace/playback.h"
#include "core/workspace/pose_editor.h"
#include "core/workspace/pose_evaluator.h"
#include "core/workspace/selection.h"
#include "widgets/timeline/time_ruler.h"
#include "widgets/timeline/timeline_geometry.h"
#include "widgets/timeline/timeline_widget.h"
#include "widgets/viewport/viewport_widget.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QLabel>
#include <QSpinBox>
#include <QTimer>
#include <QWheelEvent>

#include <glm/gtc/quaternion.hpp>

using namespace marrow;

namespace {

class ClipLengthGuiTest : public test::EditorTest {
protected:
    void SetUp() override
    {
        test::EditorTest::SetUp();
        // The sample's shortest clip.
        const auto& clips = window().document().rig().clips;
        ASSERT_FALSE(clips.empty());
        std::size_t shortest = 0;
        for (std::size_t c = 1; c < clips.size(); ++c)
            if (clips[c].duration < clips[shortest].duration)
                shortest = c;
        window().selection().setActiveClip(static_cast<int>(shortest));
        QApplication::processEvents();
    }
    std::size_t clipIndex() { return static_cast<std::size_t>(window().selection().activeClip()); }
    const anim::Clip& clip() { return window().document().rig().clips[clipIndex()]; }
    double fps() { return window().playback().fps(); }
    QString readout() { return window().timeline().timeReadout()->text(); }

    // Zooms the timeline out (wheel on the ruler) until `frame` is in view,
    // then clicks the ruler there, as a user scrubs to it.
    void scrubTo(long long frame)
    {
        ui::TimeRuler* ruler = window().timeline().ruler();
        const double t = static_cast<double>(frame) / fps();
        for (int i = 0; i < 40 && window().timeline().geometry().visibleEnd() < t + 0.1; ++i) {
            const QPointF at(ruler->width() * 0.5, ruler->height() * 0.5);
            QWheelEvent wheel(at, ruler->mapToGlobal(at), {}, {0, -120}, Qt::NoButton, Qt::NoModifier,
                              Qt::NoScrollPhase, false);
            QApplication::sendEvent(ruler, &wheel);
        }
        ASSERT_GT(window().timeline().geometry().visibleEnd(), t);
        QTest::mouseClick(ruler, Qt::LeftButton, {}, QPoint(static_cast<int>(std::lround(ruler->timeToX(t))), 8));
        QApplication::processEvents();
    }
    // A bone the clip does not key.
    model::JointIndex unkeyedJoint()
    {
        for (std::size_t j = 1; j < window().document().rig().skeleton.size(); ++j)
            if (!clip().findTrack(static_cast<model::JointIndex>(j)))
                return static_cast<model::JointIndex>(j);
        return 1;
    }
    void pressInViewport(int key)
    {
        window().viewport().setFocus();
        QApplication::processEvents();
        QTest::keyClick(&window().viewport(), key);
        QApplication::processEvents();
    }
};

} // namespace

TEST_F(ClipLengthGuiTest, AKeyAtFrame52GrowsTheClipAndPlaybackReachesIt)
{
    ws::Playback& playback = window().playback();
    ASSERT_LT(playback.lastFrame(), 52) << "the clip ends before frame 52";
    const float before = clip().duration;

    scrubTo(52);
    ASSERT_EQ(playback.frame(), 52);
    EXPECT_TRUE(readout().contains(QStringLiteral("52 / %1").arg(playback.lastFrame()))) << readout().toStdString();

    // Pose a bone there and key it with I.
    const model::JointIndex joint = unkeyedJoint();
    window().selection().selectJoint(joint);
    math::Transform local = window().evaluator().locals()[static_cast<std::size_t>(joint)];
    local.rotation = glm::angleAxis(glm::radians(35.f), glm::vec3(0, 0, 1)) * local.rotation;
    const ws::PoseEditor::JointPose pose{joint, local, anim::kRotationBit};
    window().poseEditor().applyPoses({&pose, 1}, {}, "Pose");
    ASSERT_TRUE(window().document().poseOverride(joint));
    pressInViewport(Qt::Key_I);
    ASSERT_TRUE(clip().findTrack(joint));
    EXPECT_EQ(clip().duration, static_cast<float>(52.0 / fps()));
    EXPECT_EQ(playback.lastFrame(), 52);
    EXPECT_TRUE(readout().contains(QStringLiteral("52 / 52"))) << readout().toStdString();

    // Playing from the start reaches frame 52, then wraps to the start.
    playback.jumpToStart();
    playback.play();
    long long highest = 0;
    bool wrapped = false;
    for (int tick = 0; tick < 400 && !wrapped; ++tick) {
        const long long was = playback.frame();
        playback.advance(1.0 / 60.0);
        wrapped = playback.frame() < was;
        if (!wrapped)
            highest = std::max(highest, playback.frame());
    }
    playback.pause();
    EXPECT_TRUE(wrapped);
    EXPECT_EQ(highest, 52);

    // Stopped, '.' steps past the end (and the timeline follows it).
    playback.jumpToEnd();
    ASSERT_EQ(playback.frame(), 52);
    pressInViewport(Qt::Key_Period);
    pressInViewport(Qt::Key_Period);
    EXPECT_EQ(playback.frame(), 54);
    EXPECT_TRUE(readout().contains(QStringLiteral("54 / 52"))) << readout().toStdString();
    EXPECT_GE(window().timeline().geometry().visibleEnd(), playback.time());
    pressInViewport(Qt::Key_Comma);
    EXPECT_EQ(playback.frame(), 53);

    // Undo the key: the clip is its own length again.
    window().document().undoStack()->undo();
    QApplication::processEvents();
    EXPECT_EQ(clip().duration, before);
    EXPECT_EQ(playback.lastFrame(), static_cast<long long>(std::floor(before * fps() + 1e-4)));
}

TEST_F(ClipLengthGuiTest, SetRangeSetsAManualRangeThePlaybackLoopsAndTheRulerMarks)
{
    ws::Playback& playback = window().playback();
    const float before = clip().duration;
    // Fill the dialog as a user does: untick "Follow the keys", type 10
    // and 60 (the 6 of 60 must not push the start back), Enter.
    QTimer::singleShot(100, [] {
        auto* dialog = qobject_cast<app::ClipRangeDialog*>(QApplication::activeModalWidget());
        ASSERT_TRUE(dialog);
        EXPECT_TRUE(dialog->followKeysBox()->isChecked());
        EXPECT_FALSE(dialog->startBox()->isEnabled());
        QTest::mouseClick(dialog->followKeysBox(), Qt::LeftButton, {}, QPoint(6, dialog->followKeysBox()->height() / 2));
        ASSERT_TRUE(dialog->startBox()->isEnabled());
        for (const auto& [box, text] : {std::pair{dialog->startBox(), "10"}, std::pair{dialog->endBox(), "60"}}) {
            box->setFocus();
            box->selectAll();
            QTest::keyClicks(box, text);
            QTest::keyClick(box, Qt::Key_Tab);
        }
        EXPECT_EQ(dialog->startBox()->value(), 10);
        EXPECT_EQ(dialog->endBox()->value(), 60);
        QTest::keyClick(dialog->endBox(), Qt::Key_Return);
    });
    window().clipActions().setRange->trigger();
    ASSERT_TRUE(clip().range);
    EXPECT_EQ(clip().range->start, static_cast<float>(10.0 / fps()));
    EXPECT_EQ(clip().duration, static_cast<float>(60.0 / fps()));
    EXPECT_EQ(window().document().undoStack()->undoText(), "Set Frame Range");
    QApplication::processEvents();
    EXPECT_EQ(playback.firstFrame(), 10);
    EXPECT_EQ(playback.lastFrame(), 60);
    EXPECT_TRUE(playback.isRangeManual());
    EXPECT_TRUE(readout().contains(QStringLiteral(" / 60"))) << readout().toStdString();

    // The ruler marks the range's ends.
    ui::TimeRuler* ruler = window().timeline().ruler();
    const QImage image = ruler->grab().toImage();
    const int x = static_cast<int>(std::lround(ruler->timeToX(10.0 / fps()) * image.devicePixelRatio()));
    const QColor mark = image.pixelColor(x, image.height() / 2);
    EXPECT_GT(mark.blue(), mark.red() + 40) << "no range bracket at frame 10";

    // Play loops over 10..60.
    playback.setTime(0.0);
    playback.play();
    EXPECT_EQ(playback.frame(), 10);
    playback.advance(51.0 / fps());
    EXPECT_EQ(playback.frame(), 11);
    playback.pause();

    // Back to following the keys through the same dialog; undo twice: as before.
    QTimer::singleShot(100, [] {
        auto* dialog = qobject_cast<app::ClipRangeDialog*>(QApplication::activeModalWidget());
        ASSERT_TRUE(dialog);
        EXPECT_FALSE(dialog->followKeysBox()->isChecked());
        EXPECT_EQ(dialog->startBox()->value(), 10);
        EXPECT_EQ(dialog->endBox()->value(), 60);
        dialog->followKeysBox()->setChecked(true);
        dialog->accept();
    });
    window().clipActions().setRange->trigger();
    EXPECT_FALSE(clip().range);
    EXPECT_EQ(clip().duration, before);
    EXPECT_EQ(window().document().undoStack()->undoText(), "Clear Frame Range");
    window().document().undoStack()->undo();
    EXPECT_TRUE(clip().range);
    window().document().undoStack()->undo();
    EXPECT_FALSE(clip().range);
    EXPECT_EQ(clip().duration, before);
    QApplication::processEvents();
    EXPECT_EQ(playback.firstFrame(), 0);
    EXPECT_FALSE(playback.isRangeManual());
}
