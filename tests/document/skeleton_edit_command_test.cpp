// SPDX-License-Identifier: MIT
// Skeleton edits as undo entries (issue 22): a rest move, an added joint
// and a deleted skinned joint each go in as one RestructureRigCommand whose
// do, undo and redo give byte-identical documents.
#include "document_fixture.h"
#include "tiny_rigs.h"

#include "core/commands/restructure_rig_command.h"
#include "core/model/skeleton_edit.h"

#include <gtest/gtest.h>

using namespace marrow;

TEST(SkeletonEditCommand, RestMoveAddAndDeleteUndoByteIdentical)
{
    auto d = test::documentWith(test::fourVertexSkinRig());

    model::Rig moved = d->rig();
    math::Transform elbow = moved.skeleton.rest[1];
    elbow.translation.x += 0.25f;
    const std::pair<anim::JointIndex, math::Transform> edit[] = {{1, elbow}};
    ASSERT_FALSE(model::setRestTransforms(moved, edit));
    test::expectDoUndoRedo(*d, new cmd::RestructureRigCommand(d.get(), moved, "Move Joint"));

    model::Rig added = d->rig();
    ASSERT_TRUE(model::addJoint(added, 1, "hand", test::trs({1.f, 0.f, 0.f})));
    test::expectDoUndoRedo(*d, new cmd::RestructureRigCommand(d.get(), added, "Extrude Joint"));
    EXPECT_EQ(d->rig().skeleton.names.back(), "hand");

    model::Rig deleted = d->rig();
    ASSERT_FALSE(model::deleteJoint(deleted, 1));  // the elbow: its weights go to the shoulder
    test::expectDoUndoRedo(*d, new cmd::RestructureRigCommand(d.get(), deleted, "Delete Joint"));
    EXPECT_EQ(d->rig().skins[0].joints, (std::vector<anim::JointIndex>{0}));
    EXPECT_EQ(d->rig().skeleton.parents.back(), 0) << "the hand went to the shoulder";
}
