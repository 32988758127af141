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

TEST(SkeletonEditCommand, ReparentSymmetrizeAndSubdivideUndoByteIdentical)
{
    model::Rig rig = test::fourVertexSkinRig();
    rig.skeleton.names = {"shoulder_L", "elbow_L"};
    ASSERT_TRUE(model::addJoint(rig, 1, "hand_L", test::trs({1.f, 0.f, 0.f})));
    auto d = test::documentWith(rig);

    model::Rig symmetrized = d->rig();
    int twins = 0;
    const anim::JointIndex left[] = {0, 1, 2};
    ASSERT_FALSE(model::symmetrize(symmetrized, left, &twins));
    EXPECT_EQ(twins, 3);
    test::expectDoUndoRedo(*d, new cmd::RestructureRigCommand(d.get(), symmetrized, "Symmetrize"));
    EXPECT_TRUE(d->rig().skeleton.find("hand_R"));

    model::Rig divided = d->rig();
    model::JointRemap remap;
    ASSERT_FALSE(model::subdivideJoint(divided, 1, 2, &remap));
    test::expectDoUndoRedo(*d, new cmd::RestructureRigCommand(d.get(), divided, "Subdivide", remap));

    model::Rig reparented = d->rig();
    const anim::JointIndex hand = *reparented.skeleton.find("hand_L");
    ASSERT_TRUE(model::reparentJoint(reparented, 0, hand, &remap)) << "refused: the shoulder is above the hand";
    ASSERT_FALSE(model::reparentJoint(reparented, *reparented.skeleton.find("hand_R"), anim::kNoParent, &remap));
    test::expectDoUndoRedo(*d, new cmd::RestructureRigCommand(d.get(), reparented, "Clear Parent", remap));
    EXPECT_EQ(d->rig().skeleton.parents[static_cast<std::size_t>(*d->rig().skeleton.find("hand_R"))], anim::kNoParent);
}
