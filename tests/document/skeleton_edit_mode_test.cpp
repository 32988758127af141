// SPDX-License-Identifier: MIT
// Edit Skeleton's document side (issue 22): a rest move is one
// SetRestPoseCommand whose drag merges into one entry and undoes byte for
// byte; an extrude absorbs the grab that follows it; an edit that
// renumbers joints carries the locks, Deform flags and pose with them; the
// PoseEditor in Edit Skeleton writes rest transforms (the mesh stays) and
// keys nothing; the evaluator shows the rest pose.
#include "workspace_fixture.h"

#include "core/commands/restructure_rig_command.h"
#include "core/commands/set_bone_deform_command.h"
#include "core/commands/set_bone_lock_command.h"
#include "core/commands/set_rest_pose_command.h"
#include "core/model/skeleton_edit.h"
#include "core/model/skeleton_edit_tools.h"
#include "core/workspace/pose_editor.h"
#include "glm_expect.h"

#include <gtest/gtest.h>

using namespace marrow;

namespace {

model::Rig movedElbow(const model::Rig& from, float dx)
{
    model::Rig rig = from;
    math::Transform elbow = rig.skeleton.rest[1];
    elbow.translation.x += dx;
    const std::pair<anim::JointIndex, math::Transform> edit[] = {{1, elbow}};
    EXPECT_FALSE(model::setRestTransforms(rig, edit));
    return rig;
}

} // namespace

TEST(SkeletonEditMode, RestMoveUndoesByteForByteAndADragIsOneEntry)
{
    auto d = test::documentWith(test::fourVertexSkinRig());
    test::expectDoUndoRedo(*d, new cmd::SetRestPoseCommand(d.get(), movedElbow(d->rig(), 0.25f), "Move Joint"));
    EXPECT_FLOAT_EQ(d->rig().skeleton.rest[1].translation.x, 2.25f);

    const int entries = d->undoStack()->count();
    const std::string before = test::bytesOf(*d);
    const model::InteractionId drag = d->beginInteraction();
    for (float dx : {0.1f, 0.2f, 0.3f})
        d->undoStack()->push(new cmd::SetRestPoseCommand(d.get(), movedElbow(d->rig(), dx), "Move Joint", drag));
    EXPECT_EQ(d->undoStack()->count(), entries + 1) << "one drag, one entry";
    EXPECT_NEAR(d->rig().skeleton.rest[1].translation.x, 2.85f, 1e-5f);
    d->undoStack()->undo();
    EXPECT_EQ(test::bytesOf(*d), before);

    std::vector<math::Transform> rest = d->rig().skeleton.rest;
    rest.pop_back();
    EXPECT_FALSE(d->setRestPose(rest, {d->rig().skins[0].inverseBind})) << "the shape must stay";
    rest = d->rig().skeleton.rest;
    rest[0].translation.x = NAN;
    EXPECT_FALSE(d->setRestPose(rest, {d->rig().skins[0].inverseBind}));
}

TEST(SkeletonEditMode, AnExtrudeAbsorbsTheGrabThatPlacesTheJoint)
{
    auto d = test::documentWith(test::fourVertexSkinRig());
    const std::string before = test::bytesOf(*d);
    const int entries = d->undoStack()->count();
    model::Rig extruded = d->rig();
    const auto hand = model::addJointAt(extruded, 1, {3.f, 1.f, 0.f}, "hand");
    ASSERT_TRUE(hand);
    const model::InteractionId gesture = d->beginInteraction();
    d->undoStack()->push(new cmd::RestructureRigCommand(d.get(), extruded, "Extrude Joint", {}, gesture));
    model::Rig placed = d->rig();
    ASSERT_FALSE(model::moveJointTo(placed, *hand, {3.5f, 1.f, 0.f}, true));
    d->undoStack()->push(new cmd::SetRestPoseCommand(d.get(), placed, "Move Joint", gesture));
    EXPECT_EQ(d->undoStack()->count(), entries + 1);
    EXPECT_EQ(d->undoStack()->text(d->undoStack()->count() - 1), "Extrude Joint");
    const std::string after = test::bytesOf(*d);
    d->undoStack()->undo();
    EXPECT_EQ(test::bytesOf(*d), before);
    d->undoStack()->redo();
    EXPECT_EQ(test::bytesOf(*d), after) << "redo gives the placed joint, not the bare extrude";
    EXPECT_NEAR(d->rig().skeleton.rest.back().translation.x, 1.5f, 1e-5f);
}

TEST(SkeletonEditMode, RenumberingCarriesLocksFlagsAndPoseToTheJointsNewIndices)
{
    model::Rig rig = test::fourVertexSkinRig();
    ASSERT_TRUE(model::addJointAt(rig, 1, {3.f, 1.f, 0.f}, "hand"));
    auto d = test::documentWith(rig);
    d->undoStack()->push(new cmd::SetBoneLockCommand(d.get(), {2}, true));
    d->undoStack()->push(new cmd::SetBoneDeformCommand(d.get(), {2}, true));
    ASSERT_TRUE(d->setPoseOverride(2, test::trs({0.5f, 0.f, 0.f})));
    ASSERT_TRUE(d->setPoseOverride(1, test::trs({2.f, 0.f, 0.f})));

    model::Rig deleted = d->rig();
    model::JointRemap remap;
    ASSERT_FALSE(model::deleteJoint(deleted, 1, &remap));  // the elbow: the hand becomes joint 1
    test::expectDoUndoRedo(*d, new cmd::RestructureRigCommand(d.get(), deleted, "Delete Joints", remap));
    EXPECT_TRUE(d->isLocked(1)) << "the hand's lock moved with it";
    EXPECT_FALSE(d->isLocked(2));
    EXPECT_EQ(d->deformFlags(), (doc::DeformFlags{{1, true}}));
    ASSERT_TRUE(d->poseOverride(1));
    EXPECT_FLOAT_EQ(d->poseOverride(1)->translation.x, 0.5f) << "the hand's pose, not the deleted elbow's";
    EXPECT_EQ(d->poseOverrides().size(), 1u);
    d->undoStack()->undo();
    EXPECT_TRUE(d->isLocked(2));
    EXPECT_FLOAT_EQ(d->poseOverride(1)->translation.x, 2.f);
}

TEST(SkeletonEditMode, ThePoseEditorWritesRestTransformsAndKeysNothing)
{
    test::Workspace w;
    ws::PoseEditor editor(w.document.get(), &w.playback, &w.selection, &w.evaluator);
    w.evaluator.setEditSkeleton(true);
    const std::vector<glm::vec3> mesh(w.evaluator.skinnedPositions(0).begin(), w.evaluator.skinnedPositions(0).end());
    editor.setEditSkeleton(true);
    EXPECT_FALSE(editor.keysAllowed());
    EXPECT_FALSE(editor.insertKeys({1}, anim::kRotationBit));
    for (std::size_t j = 0; j < 2; ++j)
        EXPECT_EQ(w.evaluator.locals()[j], w.document->rig().skeleton.rest[j]) << "Edit Skeleton shows the rest pose";

    const std::vector<anim::Clip> clips = w.document->rig().clips;
    const ws::PoseEditor::JointPose moved{1, test::trs({2.f, 0.5f, 0.f})};
    editor.applyPoses({&moved, 1}, w.document->beginInteraction(), "Move Joint");
    EXPECT_EQ(w.document->rig().skeleton.rest[1], test::trs({2.f, 0.5f, 0.f}));
    EXPECT_EQ(w.document->rig().clips, clips) << "clips keep their keys";
    EXPECT_TRUE(w.document->poseOverrides().empty());
    const auto after = w.evaluator.skinnedPositions(0);
    ASSERT_EQ(after.size(), mesh.size());
    for (std::size_t v = 0; v < mesh.size(); ++v)
        EXPECT_VEC3_NEAR(after[v], mesh[v], 1e-5f);
    EXPECT_VEC3_NEAR(glm::vec3(w.evaluator.worlds()[1][3]), glm::vec3(2.f, 1.5f, 0.f), 1e-6f);

    w.evaluator.setEditSkeleton(false);
    editor.setEditSkeleton(false);
    EXPECT_TRUE(editor.keysAllowed());
}
