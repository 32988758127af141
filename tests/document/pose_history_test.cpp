// SPDX-License-Identifier: MIT
// The pose, the undo history, the saved bytes and the modified mark agree:
// a time change drops the pose as one named undo entry that Ctrl+Z reverts
// for every joint; the pose is saved; a pose that was dropped again leaves
// the document unmodified.
#include "document_fixture.h"
#include "workspace_fixture.h"
#include "tiny_rigs.h"

#include "core/commands/drop_pose_command.h"
#include "core/commands/pose_clean_keeper.h"
#include "core/commands/remove_clip_command.h"
#include "core/commands/rename_joint_command.h"
#include "core/commands/set_joint_pose_command.h"
#include "core/io/pose_section.h"
#include "core/workspace/playback.h"
#include "core/workspace/pose_evaluator.h"
#include "core/workspace/selection.h"

#include <QCoreApplication>

using namespace marrow;

namespace {

struct PosedWorkspace : test::Workspace {
    cmd::PoseCleanKeeper keeper{document.get()};

    void pose(model::JointIndex joint, glm::vec3 t)
    {
        document->undoStack()->push(
            new cmd::SetJointPoseCommand(document.get(), joint, test::trs(t), document->beginInteraction()));
    }
};

} // namespace

TEST(PoseHistory, EntriesNameTheJoint)
{
    PosedWorkspace w;
    w.pose(1, {1.f, 2.f, 3.f});
    const std::string name = w.document->rig().skeleton.names[1];
    EXPECT_EQ(w.document->undoStack()->text(0).toStdString(), "Pose " + name);
}

TEST(PoseHistory, ATimeChangeDropsEveryJointAsOneEntryThatUndoRestores)
{
    PosedWorkspace w;
    w.playback.setDuration(2.0);
    w.pose(0, {1.f, 0.f, 0.f});
    w.pose(1, {0.f, 2.f, 0.f});
    const doc::PoseMap posed = w.document->poseOverrides();
    ASSERT_EQ(posed.size(), 2u);
    QUndoStack* stack = w.document->undoStack();

    w.playback.stepForward();
    EXPECT_TRUE(w.document->poseOverrides().empty());
    // History shows the drop as the current entry, naming both joints.
    ASSERT_EQ(stack->count(), 3);
    EXPECT_EQ(stack->index(), 3);
    const auto& names = w.document->rig().skeleton.names;
    EXPECT_EQ(stack->text(2).toStdString(), "Drop Pose (" + names[0] + ", " + names[1] + ")");
    // Ctrl+Z brings back both joints, not one.
    stack->undo();
    EXPECT_EQ(w.document->poseOverrides(), posed);
    EXPECT_EQ(w.evaluator.locals()[0].translation, glm::vec3(1.f, 0.f, 0.f));
    EXPECT_EQ(w.evaluator.locals()[1].translation, glm::vec3(0.f, 2.f, 0.f));
    // Stepping back and forth with no pose makes no entry.
    stack->redo();
    w.playback.stepBackward();
    EXPECT_EQ(stack->count(), 3);
}

TEST(PoseHistory, DropPoseDoUndoRedoIsByteIdentical)
{
    auto d = test::documentWith(test::fourVertexSkinRig());
    d->undoStack()->push(new cmd::SetJointPoseCommand(d.get(), 1, test::trs({0.f, 1.f, 0.f}), {}));
    test::expectDoUndoRedo(*d, new cmd::DropPoseCommand(d.get()));
    // Nothing posed: nothing to drop, and no entry.
    d->undoStack()->push(new cmd::DropPoseCommand(d.get()));
    EXPECT_EQ(d->undoStack()->count(), 2);
}

TEST(PoseHistory, APoseDroppedAgainLeavesTheDocumentUnmodified)
{
    PosedWorkspace w;
    w.playback.setDuration(2.0);
    QUndoStack* stack = w.document->undoStack();
    w.pose(0, {1.f, 0.f, 0.f});
    EXPECT_FALSE(stack->isClean()) << "a pose is saved, so posing modifies";
    w.playback.stepForward();
    EXPECT_TRUE(stack->isClean()) << "the pose was dropped: the document equals the file again";
    stack->undo();  // the pose is back: modified again
    EXPECT_FALSE(stack->isClean());
    stack->redo();
    EXPECT_TRUE(stack->isClean());

    // A real edit between makes the document modified whatever the pose does.
    w.document->undoStack()->push(new cmd::RenameJointCommand(w.document.get(), 0, "root_renamed"));
    w.pose(0, {2.f, 0.f, 0.f});
    w.playback.stepForward();
    EXPECT_FALSE(stack->isClean());
}

TEST(PoseHistory, ThePoseIsSavedAndRead)
{
    auto d = test::documentWith(test::fourVertexSkinRig());
    const std::string unposed = test::bytesOf(*d);
    const math::Transform t = test::trs({0.5f, -1.f, 2.f}, test::axisAngle({0, 1, 0}, 33.f), {1.f, 2.f, 0.5f});
    d->undoStack()->push(new cmd::SetJointPoseCommand(d.get(), 1, t, {}));
    const std::string posed = test::bytesOf(*d);
    EXPECT_NE(posed, unposed);
    model::Rig rig;
    doc::DocumentExtras extras;
    std::string error;
    ASSERT_TRUE(doc::decodeDocument(posed, rig, error, &extras)) << error;
    ASSERT_EQ(extras.pose.size(), 1u);
    EXPECT_EQ(extras.pose.at(1), t);  // bit for bit
    EXPECT_EQ(doc::encodeDocument(rig, extras), posed);
    // Without a pose the bytes are those of a document from before the pose section.
    d->undoStack()->undo();
    EXPECT_EQ(test::bytesOf(*d), unposed);
    EXPECT_EQ(doc::encodeDocument(d->rig()), unposed);
}

TEST(PoseHistory, ABadPoseSectionIsRefusedWithTheReason)
{
    doc::PoseMap pose{{7, test::trs({1.f, 0.f, 0.f})}};
    std::string error;
    doc::PoseMap out;
    EXPECT_FALSE(doc::decodePoseSection(doc::encodePoseSection(pose), 4, out, error));
    EXPECT_NE(error.find("joint 7 is out of range"), std::string::npos) << error;
    pose = {{1, test::trs({std::nanf(""), 0.f, 0.f})}};
    EXPECT_FALSE(doc::decodePoseSection(doc::encodePoseSection(pose), 4, out, error));
    EXPECT_NE(error.find("not finite"), std::string::npos) << error;
    const std::string good = doc::encodePoseSection({{1, test::trs({1.f, 0.f, 0.f})}});
    EXPECT_FALSE(doc::decodePoseSection(std::string_view(good).substr(0, good.size() - 1), 4, out, error));
    EXPECT_TRUE(out.empty());
    ASSERT_TRUE(doc::decodePoseSection(good, 4, out, error)) << error;
    EXPECT_EQ(out.size(), 1u);
}

// A command that moves the active clip (removing it) must not get a Drop
// Pose pushed from inside its redo(): QUndoStack would put the drop before
// it. The drop comes after, once the command is done.
TEST(PoseHistory, ADropCausedByACommandComesAfterIt)
{
    PosedWorkspace w;
    QUndoStack* stack = w.document->undoStack();
    w.selection.setActiveClip(1);  // "lift", the last clip
    w.pose(0, {1.f, 0.f, 0.f});
    stack->push(new cmd::RemoveClipCommand(w.document.get(), 1));  // the active clip goes: clip 0 is shown
    EXPECT_EQ(w.selection.activeClip(), 0);
    QCoreApplication::processEvents();
    ASSERT_EQ(stack->count(), 3);
    EXPECT_TRUE(stack->text(2).startsWith(QStringLiteral("Drop Pose"))) << stack->text(2).toStdString();
    EXPECT_TRUE(w.document->poseOverrides().empty());
    // Undo walks back through the drop (pose back), then the removal (clip back).
    stack->undo();
    EXPECT_EQ(w.document->poseOverrides().size(), 1u);
    stack->undo();
    EXPECT_EQ(w.document->rig().clips.size(), 2u);
    QCoreApplication::processEvents();
    EXPECT_EQ(stack->count(), 3) << "undoing must not push anything";
}
