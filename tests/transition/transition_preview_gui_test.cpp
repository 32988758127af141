// SPDX-License-Identifier: MIT
// Transitions through the editor: New in the dock makes idle -> stride and
// previews it; the viewport's pose in the middle of the blend is the core's
// blend; scrubbing and playing make no undo entries; the dock's fields are
// one entry each; bake adds a clip and Ctrl+Z takes it away.
#include "transition_fixture.h"

#include "core/anim/transition_pose.h"
#include "core/workspace/pose_evaluator.h"
#include "widgets/timeline/time_ruler.h"
#include "widgets/timeline/timeline_widget.h"
#include "widgets/timeline/transition/transition_track_view.h"
#include "widgets/transitions/blend_profile_editor.h"

#include <QDoubleSpinBox>
#include <QPushButton>
#include <QStatusBar>

using namespace marrow;

namespace {
using TransitionGuiTest = test::TransitionEditorTest;
} // namespace

TEST_F(TransitionGuiTest, NewIdleToStrideScrubbedToTheBlendsMiddlePosesTheCoreBlend)
{
    const int index = makeIdleToStride();
    doc::Document& d = window().document();
    const model::Transition t = d.rig().transitions[static_cast<std::size_t>(index)];
    EXPECT_EQ(t.name, "idle_to_stride");  // from the active clip to the next one
    EXPECT_EQ(d.undoStack()->count(), 1);  // New Transition (stride was already B)
    EXPECT_EQ(d.undoStack()->undoText(), "New Transition");
    EXPECT_EQ(window().playback().mode(), ws::Playback::Mode::Transition);
    EXPECT_DOUBLE_EQ(window().playback().duration(), t.timing(d.rig()).length());
    EXPECT_TRUE(window().timeline().transitionView()->isVisible());

    const double middle = t.exit + t.duration / 2.0;
    window().playback().setTime(middle);
    QApplication::processEvents();
    const model::Rig& rig = d.rig();
    anim::TransitionPoser poser = t.poser(rig);  // with the transition's root matching
    std::vector<math::Transform> core(rig.skeleton.size());
    ASSERT_TRUE(poser.pose(window().playback().time(), core));
    const auto shown = window().evaluator().locals();
    ASSERT_EQ(shown.size(), core.size());
    float apartFromA = 0.f;
    std::vector<math::Transform> a(rig.skeleton.size());
    ASSERT_TRUE(poser.poseSide(window().playback().time(), anim::TransitionPoser::Side::A, a));
    for (std::size_t j = 0; j < core.size(); ++j) {
        EXPECT_EQ(shown[j].translation, core[j].translation) << j;
        EXPECT_EQ(shown[j].rotation, core[j].rotation) << j;
        EXPECT_EQ(shown[j].scale, core[j].scale) << j;
        apartFromA = std::max(apartFromA, 1.f - std::abs(glm::dot(shown[j].rotation, a[j].rotation)));
    }
    EXPECT_GT(apartFromA, 1e-4f) << "the middle of the blend is not clip A's pose";

    // Scrubbing in the ruler and playing make no undo entries.
    const int entries = d.undoStack()->count();
    ui::TimeRuler* ruler = window().timeline().ruler();
    QTest::mousePress(ruler, Qt::LeftButton, {}, QPoint(ruler->width() / 2, ruler->height() / 2));
    QTest::mouseMove(ruler, QPoint(ruler->width() / 2 + 40, ruler->height() / 2));
    QTest::mouseRelease(ruler, Qt::LeftButton, {}, QPoint(ruler->width() / 2 + 40, ruler->height() / 2));
    window().playback().advance(0.3);
    window().playback().stepForward();
    EXPECT_EQ(d.undoStack()->count(), entries);

    // Picking a clip leaves transition mode.
    window().selection().setActiveClip(rig.findClip("stride"));
    EXPECT_FALSE(preview().isActive());
    EXPECT_EQ(window().playback().mode(), ws::Playback::Mode::Clip);
}

TEST_F(TransitionGuiTest, EachFieldEditIsOneEntryAndUndoRestoresTheDocument)
{
    makeIdleToStride();
    doc::Document& d = window().document();
    const std::string before = test::bytesOf(d);
    const int entries = d.undoStack()->count();
    QDoubleSpinBox* duration = panel().fields()->durationBox();
    duration->setValue(0.5);
    EXPECT_EQ(d.undoStack()->count(), entries + 1);
    EXPECT_DOUBLE_EQ(d.rig().transitions[0].duration, 0.5);
    EXPECT_EQ(d.undoStack()->undoText(), "Transition Duration");
    d.undoStack()->undo();
    EXPECT_TRUE(test::bytesOf(d) == before);
    EXPECT_NEAR(duration->value(), d.rig().transitions[0].duration, 1e-3);  // the field follows undo (3 decimals)

    // Set for the selected joint and its children: one entry, the subtree only.
    const model::Rig& rig = d.rig();
    const int spine = static_cast<int>(std::find(rig.skeleton.names.begin(), rig.skeleton.names.end(), "spine1") -
                                       rig.skeleton.names.begin());
    window().selection().selectJoint(spine);
    panel().profileEditor()->scaleBox()->setValue(0.5);
    QTest::mouseClick(panel().profileEditor()->setButton(), Qt::LeftButton);
    EXPECT_EQ(d.undoStack()->undoText(), "Set Blend Profile");
    const auto& profile = d.rig().transitions[0].profile;
    ASSERT_EQ(profile.size(), rig.skeleton.size());
    const int head = static_cast<int>(std::find(rig.skeleton.names.begin(), rig.skeleton.names.end(), "head") -
                                      rig.skeleton.names.begin());
    const int thigh = static_cast<int>(std::find(rig.skeleton.names.begin(), rig.skeleton.names.end(), "thigh_L") -
                                       rig.skeleton.names.begin());
    EXPECT_EQ(profile[static_cast<std::size_t>(spine)], 0.5f);
    EXPECT_EQ(profile[static_cast<std::size_t>(head)], 0.5f);   // below spine1
    EXPECT_EQ(profile[static_cast<std::size_t>(thigh)], 1.f);   // not below it
}

TEST_F(TransitionGuiTest, BakeAddsAClipAndCtrlZRemovesIt)
{
    makeIdleToStride();
    doc::Document& d = window().document();
    const std::size_t clips = d.rig().clips.size();
    const std::string before = test::bytesOf(d);
    QTest::mouseClick(panel().bakeButton(), Qt::LeftButton);
    ASSERT_EQ(d.rig().clips.size(), clips + 1);
    EXPECT_EQ(d.rig().clips.back().name, "idle_to_stride_baked");
    EXPECT_EQ(d.undoStack()->undoText(), "Bake Transition");
    EXPECT_TRUE(window().statusBar()->currentMessage().contains("idle_to_stride_baked"))
        << window().statusBar()->currentMessage().toStdString();  // the user is told where it went
    // The baked clip at a frame time poses as the preview did there.
    const double t = 20.0 / window().playback().fps();
    window().playback().setTime(t);
    const std::vector<math::Transform> previewed(window().evaluator().locals().begin(),
                                                 window().evaluator().locals().end());
    window().selection().setActiveClip(static_cast<int>(clips));
    window().playback().setTime(t);
    const auto baked = window().evaluator().locals();
    for (std::size_t j = 0; j < previewed.size(); ++j)
        EXPECT_LT(glm::distance(baked[j].translation, previewed[j].translation), 1e-5f) << j;
    window().activateWindow();
    QTest::keyClick(&window(), Qt::Key_Z, Qt::ControlModifier);
    EXPECT_EQ(d.rig().clips.size(), clips);
    EXPECT_TRUE(test::bytesOf(d) == before);
}
