// SPDX-License-Identifier: MIT
// InteractionTracker: one id per gesture, begun lazily, ended by end(), by an
// undo-stack move that is not the owner's push, and by a new rig.
#include "document_fixture.h"
#include "tiny_rigs.h"

#include "core/commands/interaction_tracker.h"
#include "core/commands/set_joint_pose_command.h"

#include <QSignalSpy>

using namespace marrow;

namespace {

math::Transform posed(float degrees)
{
    return test::trs({2.f, 0.f, 0.f}, test::axisAngle({0.f, 0.f, 1.f}, degrees));
}

} // namespace

TEST(InteractionTracker, BeginsLazilyAndKeepsOneIdUntilEnd)
{
    auto d = test::documentWith(test::fourVertexSkinRig());
    cmd::InteractionTracker tracker(d.get());
    EXPECT_FALSE(tracker.isActive());
    EXPECT_FALSE(tracker.peek().valid());  // peek never begins

    const model::InteractionId first = tracker.current();
    EXPECT_TRUE(first.valid());
    EXPECT_TRUE(tracker.current() == first);
    QSignalSpy ended(&tracker, &cmd::InteractionTracker::ended);
    tracker.end();
    EXPECT_FALSE(tracker.isActive());
    EXPECT_EQ(ended.count(), 1);
    tracker.end();  // nothing open: no second signal
    EXPECT_EQ(ended.count(), 1);
    EXPECT_FALSE(tracker.current() == first);
}

TEST(InteractionTracker, OwnPushesMergeIntoOneEntry)
{
    auto d = test::documentWith(test::fourVertexSkinRig());
    cmd::InteractionTracker tracker(d.get());
    for (float deg : {10.f, 20.f, 30.f})
        tracker.push(new cmd::SetJointPoseCommand(d.get(), 1, posed(deg), tracker.current()));
    EXPECT_TRUE(tracker.isActive()) << "our own push must not end the gesture";
    EXPECT_EQ(d->undoStack()->count(), 1);
    tracker.end();
    tracker.push(new cmd::SetJointPoseCommand(d.get(), 1, posed(40.f), tracker.current()));
    EXPECT_EQ(d->undoStack()->count(), 2);
}

TEST(InteractionTracker, UndoMidGestureEndsItAndTheNextChangeIsANewEntry)
{
    auto d = test::documentWith(test::fourVertexSkinRig());
    cmd::InteractionTracker tracker(d.get());
    tracker.push(new cmd::SetJointPoseCommand(d.get(), 1, posed(10.f), tracker.current()));
    tracker.push(new cmd::SetJointPoseCommand(d.get(), 0, posed(10.f), tracker.current()));
    ASSERT_EQ(d->undoStack()->count(), 2);
    const model::InteractionId before = tracker.peek();
    d->undoStack()->undo();  // Ctrl+Z mid-drag
    EXPECT_FALSE(tracker.isActive());
    tracker.push(new cmd::SetJointPoseCommand(d.get(), 0, posed(20.f), tracker.current()));
    EXPECT_FALSE(tracker.peek() == before);
    EXPECT_EQ(d->undoStack()->count(), 2);  // the undone entry replaced, not merged into
    EXPECT_EQ(d->undoStack()->index(), 2);
}

TEST(InteractionTracker, ForeignPushEndsTheGestureButAGuardedOneDoesNot)
{
    auto d = test::documentWith(test::fourVertexSkinRig());
    cmd::InteractionTracker tracker(d.get());
    tracker.current();
    {
        cmd::InteractionTracker::PushGuard guard(tracker);
        EXPECT_TRUE(tracker.isPushing());
        d->undoStack()->push(new cmd::SetJointPoseCommand(d.get(), 1, posed(10.f), tracker.current()));
    }
    EXPECT_FALSE(tracker.isPushing());
    EXPECT_TRUE(tracker.isActive());
    d->undoStack()->push(new cmd::SetJointPoseCommand(d.get(), 0, posed(10.f), {}));  // someone else
    EXPECT_FALSE(tracker.isActive());
}

TEST(InteractionTracker, ANewRigEndsTheGesture)
{
    auto d = test::documentWith(test::fourVertexSkinRig());
    cmd::InteractionTracker tracker(d.get());
    tracker.current();
    QSignalSpy ended(&tracker, &cmd::InteractionTracker::ended);
    ASSERT_FALSE(d->replaceRig(test::fourVertexSkinRig()).has_value());
    EXPECT_FALSE(tracker.isActive());
    EXPECT_GE(ended.count(), 1);
}
