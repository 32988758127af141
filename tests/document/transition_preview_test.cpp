// SPDX-License-Identifier: MIT
// The transition preview as the editor's pose source: activating one puts
// the playback over [0, T] and poses exactly the core's blend; edits re-pose
// and re-time it; deleting it returns to the clip; foot slide is measured
// per frame. Bake is one Add Clip entry whose clip poses as the preview.
#include "workspace_fixture.h"

#include "core/commands/bake_transition_command.h"
#include "core/commands/edit_transitions_command.h"
#include "core/workspace/pose_editor.h"
#include "core/workspace/transition_preview.h"

#include <QSignalSpy>
#include <gtest/gtest.h>

using namespace marrow;

namespace {

model::Transition firstToSecond()
{
    model::Transition t;
    t.name = "bend_to_lift";
    t.clipA = 0;
    t.clipB = 1;
    t.exit = 0.25;
    t.duration = 0.5;
    t.curve = {anim::BlendCurveKind::Smoothstep};
    return t;
}

struct PreviewWorkspace : test::Workspace {
    ws::TransitionPreview preview{document.get(), &playback};
    PreviewWorkspace()
    {
        evaluator.setTransitionPreview(&preview);
        document->undoStack()->push(new cmd::EditTransitionsCommand(document.get(), "New", {firstToSecond()}));
    }
    std::vector<math::Transform> corePose(double t)
    {
        const model::Rig& rig = document->rig();
        const model::Transition& tr = rig.transitions[0];
        anim::TransitionPoser poser(rig.skeleton, rig.clips[0], rig.clips[1], tr.timing(rig), tr.profile);
        std::vector<math::Transform> out(rig.skeleton.size());
        EXPECT_TRUE(poser.pose(t, out));
        return out;
    }
};

void expectSamePose(std::span<const math::Transform> a, std::span<const math::Transform> b)
{
    ASSERT_EQ(a.size(), b.size());
    for (std::size_t j = 0; j < a.size(); ++j) {
        EXPECT_EQ(a[j].translation, b[j].translation) << j;
        EXPECT_EQ(a[j].rotation, b[j].rotation) << j;
        EXPECT_EQ(a[j].scale, b[j].scale) << j;
    }
}

} // namespace

TEST(TransitionPreview, ActivatingPosesTheCoreBlendOverItsLength)
{
    PreviewWorkspace w;
    ASSERT_EQ(w.document->rig().clips.size(), 2u);
    QSignalSpy active(&w.preview, &ws::TransitionPreview::activeChanged);
    w.preview.setActive(0);
    EXPECT_EQ(active.count(), 1);
    EXPECT_EQ(w.playback.mode(), ws::Playback::Mode::Transition);
    const double length = w.document->rig().transitions[0].timing(w.document->rig()).length();
    EXPECT_GT(length, 0.5);
    EXPECT_DOUBLE_EQ(w.playback.duration(), length);
    for (double t : {0.0, 0.3, 0.5, length}) {
        w.playback.setTime(t);
        expectSamePose(w.evaluator.locals(), w.corePose(t));
    }
    // Back to the clip: its own duration and pose.
    w.preview.setActive(-1);
    EXPECT_EQ(w.playback.mode(), ws::Playback::Mode::Clip);
    EXPECT_DOUBLE_EQ(w.playback.duration(), w.document->rig().clips[0].duration);
}

TEST(TransitionPreview, EditsRetimeAndRepose_DeletingReturnsToTheClip)
{
    PreviewWorkspace w;
    w.preview.setActive(0);
    auto list = w.document->rig().transitions;
    list[0].exit = 0.1;
    list[0].duration = 1.5;
    w.document->undoStack()->push(new cmd::EditTransitionsCommand(w.document.get(), "Duration", list));
    EXPECT_DOUBLE_EQ(w.playback.duration(), list[0].timing(w.document->rig()).length());
    w.playback.setTime(0.7);
    expectSamePose(w.evaluator.locals(), w.corePose(0.7));
    w.document->undoStack()->push(new cmd::EditTransitionsCommand(w.document.get(), "Delete", {}));
    EXPECT_FALSE(w.preview.isActive());
    EXPECT_EQ(w.playback.mode(), ws::Playback::Mode::Clip);
    w.document->undoStack()->undo();  // the transition is back, the preview stays off
    EXPECT_FALSE(w.preview.isActive());
}

TEST(TransitionPreview, FootSlidePerFrameSumsToEachTotal)
{
    PreviewWorkspace w;
    w.preview.setFootJoints({1});  // the tiny rig's child joint stands in for a foot
    w.preview.setContactHeight(10.f);  // always in contact: every horizontal step counts
    EXPECT_TRUE(w.preview.footSlide().blended.legs.empty());  // nothing active
    w.preview.setActive(0);
    const auto& slide = w.preview.footSlide();
    const auto frames = static_cast<std::size_t>(std::floor(w.preview.length() * slide.fps + 1e-9)) + 1;
    for (const anim::GaitReport* r : {&slide.alongA, &slide.alongB, &slide.blended, &slide.a, &slide.b}) {
        ASSERT_EQ(r->legs.size(), 1u);
        if (r != &slide.a && r != &slide.b) {  // A and B alone: one cycle of their own
            ASSERT_EQ(r->steps.size(), frames);
        }
        double sum = 0.0;
        for (double s : r->steps)
            sum += s;
        EXPECT_NEAR(sum, r->total, 1e-9);
    }
    QSignalSpy stale(&w.preview, &ws::TransitionPreview::footSlideChanged);
    w.preview.setContactHeight(0.f);
    EXPECT_EQ(stale.count(), 1);
}

TEST(TransitionPreview, BakeIsOneAddClipThatPosesAsThePreview)
{
    PreviewWorkspace w;
    QString error;
    auto bake = cmd::makeBakeTransitionCommand(w.document.get(), 0, anim::BakeRange::Full, 30.0, &error);
    ASSERT_TRUE(bake) << error.toStdString();
    EXPECT_EQ(bake->text(), "Bake Transition");
    const int entries = w.document->undoStack()->count();
    test::expectDoUndoRedo(*w.document, bake.release());
    EXPECT_EQ(w.document->undoStack()->count(), entries + 1);
    const model::Rig& rig = w.document->rig();
    ASSERT_EQ(rig.clips.size(), 3u);
    EXPECT_EQ(rig.clips[2].name, "bend_to_lift_baked");
    // At a frame time the baked clip poses as the preview.
    w.preview.setActive(0);
    w.playback.setTime(10.0 / 30.0);
    const std::vector<math::Transform> preview(w.evaluator.locals().begin(), w.evaluator.locals().end());
    w.preview.setActive(-1);
    w.selection.setActiveClip(2);
    w.playback.setTime(10.0 / 30.0);
    const auto baked = w.evaluator.locals();
    for (std::size_t j = 0; j < preview.size(); ++j) {
        EXPECT_NEAR(glm::distance(baked[j].translation, preview[j].translation), 0.f, 1e-5f) << j;
        EXPECT_NEAR(std::abs(glm::dot(baked[j].rotation, preview[j].rotation)), 1.f, 1e-5f) << j;
    }
    EXPECT_FALSE(cmd::makeBakeTransitionCommand(w.document.get(), 5, anim::BakeRange::Full, 30.0, &error));
    EXPECT_NE(error.indexOf("5"), -1);
}

TEST(TransitionPreview, NoKeysWhilePreviewing)
{
    PreviewWorkspace w;
    ws::PoseEditor editor(w.document.get(), &w.playback, &w.selection, &w.evaluator);
    w.preview.setActive(0);
    w.playback.setTime(0.4);
    const int entries = w.document->undoStack()->count();
    EXPECT_FALSE(editor.keysAllowed());
    EXPECT_FALSE(editor.insertKeys({1}, anim::kRotationBit));
    EXPECT_FALSE(editor.deleteKeysAtCurrentTime({1}, anim::kRotationBit));
    EXPECT_EQ(w.document->undoStack()->count(), entries);
    // Auto-key leaves a pose edit as an override: the clips keep their keys.
    editor.setAutoKey(true);
    const auto clips = w.document->rig().clips;
    const ws::PoseEditor::JointPose pose{1, math::Transform{}, anim::kRotationBit};
    editor.applyPoses({&pose, 1}, {}, "Rotate");
    EXPECT_EQ(w.document->rig().clips, clips);
    EXPECT_TRUE(w.document->poseOverride(1).has_value());
    w.preview.setActive(-1);
    EXPECT_TRUE(editor.keysAllowed());
}
