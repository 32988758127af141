// SPDX-License-Identifier: MIT
// Playback steps exactly one frame; the pose evaluator follows keys, overrides
// and time, and drops overrides when the time changes.
#include "document_fixture.h"
#include "workspace_fixture.h"
#include "glm_expect.h"
#include "insert_key_command.h"
#include "tiny_rigs.h"

#include "core/commands/set_joint_pose_command.h"
#include "core/workspace/playback.h"
#include "core/workspace/pose_evaluator.h"
#include "core/workspace/selection.h"

#include <QSignalSpy>

using namespace marrow;

TEST(Playback, StepsExactlyOneFrame)
{
    ws::Playback p;
    EXPECT_EQ(p.fps(), 30.0);
    p.setDuration(2.0);
    p.setLoop(false);
    p.stepForward();
    EXPECT_EQ(p.time(), 1.0 / 30.0);
    EXPECT_EQ(p.frame(), 1);
    for (int i = 0; i < 9; ++i)
        p.stepForward();
    EXPECT_EQ(p.frame(), 10);
    EXPECT_EQ(p.time(), 10.0 / 30.0);
    p.stepBackward();
    EXPECT_EQ(p.time(), 9.0 / 30.0);

    // From between frames, a step lands on the next whole frame from the nearest one.
    p.setTime(0.51);  // frame 15.3 -> 15
    p.stepForward();
    EXPECT_EQ(p.time(), 16.0 / 30.0);

    p.jumpToEnd();
    EXPECT_EQ(p.time(), 2.0);
    // Stopped, a step goes past the end (Blender's steps have no bounds:
    // key there and the clip grows), and back; never before frame 0.
    p.stepForward();
    EXPECT_EQ(p.frame(), 61);
    p.stepBackward();
    EXPECT_EQ(p.frame(), 60);
    p.jumpToStart();
    p.stepBackward();
    EXPECT_EQ(p.time(), 0.0);

    // Playing, steps wrap within the clip when looping (issue 36's rule).
    p.setLoop(true);
    p.play();
    p.stepBackward();
    EXPECT_EQ(p.frame(), 60);
    p.stepForward();
    EXPECT_EQ(p.time(), 0.0);
    p.pause();
    p.stepBackward();  // stopped: no wrap
    EXPECT_EQ(p.time(), 0.0);

    p.setFps(24.0);
    p.stepForward();
    EXPECT_EQ(p.time(), 1.0 / 24.0);
}

TEST(Playback, AdvanceLoopsOrStops)
{
    ws::Playback p;
    p.setDuration(1.0);
    p.setLoop(true);
    p.advance(1.25);
    EXPECT_DOUBLE_EQ(p.time(), 0.25);
    p.setLoop(false);
    p.play();
    EXPECT_TRUE(p.isPlaying());
    p.advance(5.0);
    EXPECT_EQ(p.time(), 1.0);
    EXPECT_FALSE(p.isPlaying());
}

TEST(Playback, PlayFollowsRealTime)
{
    ws::Playback p;
    p.setDuration(100.0);
    QSignalSpy spy(&p, &ws::Playback::timeChanged);
    p.play();
    ASSERT_TRUE(spy.wait(1000));
    ASSERT_TRUE(spy.wait(1000));
    p.pause();
    EXPECT_GT(p.time(), 0.0);
    EXPECT_LT(p.time(), 100.0);
}

using test::Workspace;

TEST(PoseEvaluator, FollowsClipTimeKeysAndOverrides)
{
    Workspace w;
    ASSERT_EQ(w.selection.activeClip(), 0);  // "bend"
    EXPECT_EQ(w.playback.duration(), 1.0);
    QSignalSpy posed(&w.evaluator, &ws::PoseEvaluator::poseChanged);

    w.playback.setTime(1.0);  // elbow bent 90 degrees about Z
    EXPECT_EQ(posed.count(), 1);
    EXPECT_QUAT_EQUIV(w.evaluator.locals()[1].rotation, test::axisAngle({0, 0, 1}, 90.f), 1e-6f);
    EXPECT_VEC3_NEAR(glm::vec3(w.evaluator.worlds()[1][3]), glm::vec3(2.f, 1.f, 0.f), 1e-6f);
    // v3 (3,1,0), fully on the elbow, swings to (2,2,0).
    EXPECT_VEC3_NEAR(w.evaluator.skinnedPositions(0)[3], glm::vec3(2.f, 2.f, 0.f), 1e-5f);

    // keysChanged re-evaluates, lazily: at the first read (or the next
    // event-loop turn), not inside the command.
    const int before = w.evaluator.evaluationCount();
    w.document->undoStack()->push(test::insertKeyCommand(*w.document, 0, 1, doc::ChannelKind::Rotation, 1.f,
                                                         {0.f, 0.f, 0.f, 1.f}, anim::Interpolation::Linear)
                                      .release());
    EXPECT_EQ(w.evaluator.evaluationCount(), before);
    EXPECT_QUAT_EQUIV(w.evaluator.locals()[1].rotation, glm::quat(1.f, 0.f, 0.f, 0.f), 1e-6f);
    EXPECT_EQ(w.evaluator.evaluationCount(), before + 1);
    EXPECT_VEC3_NEAR(w.evaluator.skinnedPositions(0)[3], glm::vec3(3.f, 1.f, 0.f), 1e-5f);
    w.document->undoStack()->undo();
    EXPECT_QUAT_EQUIV(w.evaluator.locals()[1].rotation, test::axisAngle({0, 0, 1}, 90.f), 1e-6f);

    // poseOverrideChanged re-evaluates: the override wins over the clip.
    const math::Transform lifted = test::trs({2.f, 0.f, 0.f}, test::axisAngle({0, 0, 1}, -90.f));
    const int beforePose = posed.count();
    w.document->undoStack()->push(
        new cmd::SetJointPoseCommand(w.document.get(), 1, lifted, w.document->beginInteraction()));
    EXPECT_EQ(posed.count(), beforePose + 1);
    EXPECT_EQ(w.evaluator.locals()[1], lifted);
    EXPECT_VEC3_NEAR(w.evaluator.skinnedPositions(0)[3], glm::vec3(2.f, 0.f, 0.f), 1e-5f);

    // Undo restores the clip's pose exactly.
    w.document->undoStack()->undo();
    EXPECT_QUAT_EQUIV(w.evaluator.locals()[1].rotation, test::axisAngle({0, 0, 1}, 90.f), 1e-6f);
    w.document->undoStack()->redo();
    EXPECT_EQ(w.evaluator.locals()[1], lifted);

    // A time change drops the overrides and shows the clip again, once.
    const int beforeStep = posed.count();
    w.playback.setTime(0.5);
    EXPECT_TRUE(w.document->poseOverrides().empty());
    EXPECT_EQ(posed.count(), beforeStep + 1);
    EXPECT_QUAT_EQUIV(w.evaluator.locals()[1].rotation, test::axisAngle({0, 0, 1}, 45.f), 1e-5f);
}

TEST(PoseEvaluator, ActiveClipChangeDropsOverridesAndSetsDuration)
{
    Workspace w;
    w.document->setPoseOverride(0, test::trs({5.f, 5.f, 5.f}));
    EXPECT_EQ(w.evaluator.locals()[0].translation, glm::vec3(5.f));
    w.selection.setActiveClip(1);  // "lift", 2 s
    EXPECT_TRUE(w.document->poseOverrides().empty());
    EXPECT_EQ(w.playback.duration(), 2.0);
    w.playback.setTime(1.0);
    EXPECT_VEC3_NEAR(w.evaluator.locals()[0].translation, glm::vec3(0.f, 2.f, 0.f), 1e-6f);
}

TEST(PoseEvaluator, RebuildsOnRigReplacedAndClipsChanged)
{
    Workspace w;
    const int rebuilds = w.evaluator.rebuildCount();
    model::Rig bigger = test::fourVertexSkinRig();
    bigger.skeleton.names.push_back("hand");
    bigger.skeleton.parents.push_back(1);
    bigger.skeleton.rest.push_back(test::trs({1.f, 0.f, 0.f}));
    ASSERT_FALSE(w.document->replaceRig(bigger));
    EXPECT_GT(w.evaluator.rebuildCount(), rebuilds);
    ASSERT_EQ(w.evaluator.worlds().size(), 3u);
    EXPECT_VEC3_NEAR(glm::vec3(w.evaluator.worlds()[2][3]), glm::vec3(3.f, 1.f, 0.f), 1e-6f);
    EXPECT_TRUE(w.selection.joints().isEmpty());
}

TEST(Selection, KeepsIdsInRange)
{
    auto d = test::documentWith(test::fourVertexSkinRig());
    ws::Selection s(d.get());
    QSignalSpy spy(&s, &ws::Selection::jointsChanged);
    s.setJoints({1, 0, 1, 7, -1});
    EXPECT_EQ(s.joints(), (QList<model::JointIndex>{1, 0}));
    EXPECT_EQ(s.currentJoint(), 0);
    s.toggleJoint(1);
    EXPECT_EQ(s.joints(), (QList<model::JointIndex>{0}));
    EXPECT_EQ(spy.count(), 2);
    s.setActiveClip(5);
    EXPECT_EQ(s.activeClip(), -1);
}

TEST(Playback, AFloatStoredDurationKeepsItsLastFrame)
{
    ws::Playback playback;
    playback.setFps(30.0);
    playback.setDuration(static_cast<double>(static_cast<float>(77.0 / 30.0)));  // a baked clip's length
    EXPECT_EQ(playback.lastFrame(), 77);
    playback.setDuration(1.0);
    EXPECT_EQ(playback.lastFrame(), 30);
    playback.setDuration(29.5 / 30.0);
    EXPECT_EQ(playback.lastFrame(), 29);
}
