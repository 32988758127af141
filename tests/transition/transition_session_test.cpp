// SPDX-License-Identifier: MIT
// A transition in a longer session: a Bézier handle drag in the dock's curve
// plot is one entry; a clip a transition uses cannot be deleted (the menu
// says why); playing loops over the preview; and opening other models and a
// hostile file while previewing with ghosts on leaves a working editor.
#include "transition_fixture.h"

#include "app/editor/clip_actions.h"
#include "shared_models.h"
#include "widgets/transitions/blend_curve_widget.h"
#include "widgets/timeline/timeline_widget.h"
#include "widgets/timeline/transition/transition_track_view.h"
#include "widgets/viewport/viewport_widget.h"

#include <QAction>
#include <QMessageBox>

#include <filesystem>

using namespace marrow;

namespace {
using TransitionSessionTest = test::TransitionEditorTest;
} // namespace

TEST_F(TransitionSessionTest, ABezierHandleDragIsOneEntry)
{
    const int index = makeIdleToStride();
    doc::Document& d = window().document();
    QComboBox* curve = panel().fields()->curveBox();
    const int bezier = curve->findText("Custom Bézier");
    ASSERT_GE(bezier, 0);
    curve->setCurrentIndex(bezier);
    emit curve->activated(bezier);
    ASSERT_EQ(d.rig().transitions[static_cast<std::size_t>(index)].curve.kind, anim::BlendCurveKind::Bezier);
    const int entries = d.undoStack()->count();
    const anim::BlendCurve before = d.rig().transitions[static_cast<std::size_t>(index)].curve;
    ui::BlendCurveWidget* plot = panel().fields()->curvePlot();
    window().docks().transitions->raise();
    QApplication::processEvents();
    const QPoint from = plot->handlePosition(0).toPoint();
    QTest::mousePress(plot, Qt::LeftButton, {}, from);
    for (int i = 1; i <= 5; ++i)
        QTest::mouseMove(plot, from + QPoint(4 * i, -3 * i));
    QTest::mouseRelease(plot, Qt::LeftButton, {}, from + QPoint(20, -15));
    const anim::BlendCurve& after = d.rig().transitions[static_cast<std::size_t>(index)].curve;
    EXPECT_GT(after.x1, before.x1);
    EXPECT_GT(after.y1, before.y1);
    EXPECT_EQ(after.x2, before.x2);
    EXPECT_EQ(d.undoStack()->count(), entries + 1);
    d.undoStack()->undo();
    EXPECT_EQ(d.rig().transitions[static_cast<std::size_t>(index)].curve, before);
}

TEST_F(TransitionSessionTest, AClipATransitionUsesCannotBeDeleted)
{
    makeIdleToStride();
    const app::ClipActions& clips = window().clipActions();
    window().selection().setActiveClip(window().document().rig().findClip("stride"));
    EXPECT_FALSE(clips.deleteClip->isEnabled());
    EXPECT_TRUE(clips.deleteClip->text().contains("idle_to_stride")) << clips.deleteClip->text().toStdString();
    window().document().undoStack()->undo();  // no transition any more
    EXPECT_TRUE(clips.deleteClip->isEnabled());
}

TEST_F(TransitionSessionTest, PlayingLoopsOverThePreview)
{
    makeIdleToStride();
    ws::Playback& playback = window().playback();
    const double length = playback.duration();
    playback.setLoop(true);
    playback.setTime(length - 0.01);
    playback.advance(0.05);
    EXPECT_LT(playback.time(), 0.05);  // wrapped to the start
    playback.setTime(0.0);
    playback.stepBackward();  // stopped, a step never goes before frame 0 nor wraps (Blender's steps)
    EXPECT_EQ(playback.time(), 0.0);
    playback.play();
    playback.stepBackward();  // playing, steps wrap within the preview
    EXPECT_NEAR(playback.time(), std::floor(length * playback.fps() + 1e-9) / playback.fps(), 1e-9);
    playback.pause();
    EXPECT_EQ(playback.mode(), ws::Playback::Mode::Transition);
}

TEST_F(TransitionSessionTest, OpeningOtherFilesWhilePreviewingLeavesAWorkingEditor)
{
    makeIdleToStride();
    preview().setGhostsVisible(true);
    window().playback().setTime(0.6);
    window().files().setSaveQuestion([] { return int(QMessageBox::Discard); });
    for (const char* file : {"ozz-animation/fbx/pab/arnaud.fbx", "assimp/models-nonbsd/MD5/Bob.md5mesh", "hostile/node_cycle.gltf",
                             "synthetic/public_rig.gltf"}) {
        const std::string path = test::model(file);
        ASSERT_TRUE(std::filesystem::exists(path)) << path;
        const bool ok = window().openFile(QString::fromStdString(path));
        if (QWidget* dialog = window().files().errorDialog())
            dialog->close();
        QApplication::processEvents();
        (void)window().viewport().grabFramebuffer();  // paint with whatever is open
        EXPECT_FALSE(preview().isActive()) << file;
        EXPECT_EQ(window().playback().mode(), ws::Playback::Mode::Clip) << file;
        if (std::string(file).find("hostile") != std::string::npos) {
            EXPECT_FALSE(ok);  // refused; the model before it stays open
        }
    }
    // The sample again: a new transition previews as before.
    EXPECT_GE(makeIdleToStride(), 0);
    EXPECT_TRUE(preview().isActive());
}

TEST_F(TransitionSessionTest, TheTimelinesEditorSelectorEntersAndLeavesTransitionMode)
{
    const int index = makeIdleToStride();
    QComboBox* selector = window().timeline().viewSelector();
    ASSERT_TRUE(selector);
    const int transition = selector->findText("Transition");
    ASSERT_GE(transition, 0);
    EXPECT_EQ(selector->currentIndex(), transition);  // previewing shows it
    EXPECT_TRUE(window().timeline().transitionView()->isVisible());
    selector->setCurrentIndex(selector->findText("Graph Editor"));
    EXPECT_FALSE(preview().isActive());
    EXPECT_EQ(window().playback().mode(), ws::Playback::Mode::Clip);
    EXPECT_FALSE(window().timeline().transitionView()->isVisible());
    selector->setCurrentIndex(transition);  // back to the same transition
    EXPECT_EQ(preview().active(), index);
    EXPECT_TRUE(window().timeline().transitionView()->isVisible());
    preview().setActive(-1);  // leaving from the dock goes back to the graph editor
    EXPECT_EQ(selector->currentText(), "Graph Editor");
}
