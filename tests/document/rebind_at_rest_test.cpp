// SPDX-License-Identifier: MIT
// Issue 35 in the document: Bind to Skeleton on the bug's scaled static mesh
// is one entry whose undo gives the document back byte for byte and whose
// Rest Position is the displayed mesh; a document bound by an earlier build
// gets a Log note naming the mesh, and Rebind at Rest fixes it as one entry
// (none when nothing differs).
#include "document_fixture.h"
#include "scaled_static_rig.h"

#include "core/commands/bind_mesh_command.h"
#include "core/model/bind_pose_drift.h"
#include "core/workspace/bind_meshes.h"
#include "core/workspace/rebind_at_rest.h"

#include <gtest/gtest.h>

using namespace marrow;

TEST(RebindAtRest, BindingTheScaledMeshUndoesByteForByteAndDrawsItWhereItWas)
{
    const model::Rig rig = test::scaledStaticRig();
    const test::PosedMeshes displayed = test::posedMeshes(rig);
    auto d = test::documentWith(rig);
    std::string error;
    auto b = model::bindMesh(d->rig(), 0, model::BindWeights::Automatic, {}, error);
    ASSERT_TRUE(b) << error;
    test::expectDoUndoRedo(*d, new cmd::BindMeshCommand(d.get(), 0, *b, QStringLiteral("Bind")));
    ASSERT_TRUE(d->rig().meshes[0].skinned());
    EXPECT_LT(test::relativeDistance(displayed.positions[0], test::bindPosedMeshes(d->rig()).positions[0]), 1e-5f);
    EXPECT_TRUE(ws::bindPoseNotes(d->rig()).isEmpty());
    d->undoStack()->undo();
    EXPECT_EQ(d->rig(), rig) << "undo gives the rigid mesh back whole";

    const ws::BindResult r = ws::bindStaticMeshes(*d, model::BindWeights::NearestBone);
    EXPECT_EQ(r.meshes, 1);
    EXPECT_LT(test::relativeDistance(displayed.positions[0], test::bindPosedMeshes(d->rig()).positions[0]), 1e-5f);
    EXPECT_EQ(ws::rebindAtRest(*d).skins, 0u) << "a bind as displayed needs no rebind";
}

TEST(RebindAtRest, AnEarlierBuildsBindIsNotedAndRebindAtRestIsOneEntry)
{
    const model::Rig rig = test::scaledStaticRig();
    std::string error;
    const auto b = model::bindMesh(rig, 0, model::BindWeights::NearestBone, {}, error);
    ASSERT_TRUE(b) << error;
    model::Rig old = rig;
    ASSERT_TRUE(model::applyBinding(old, 0, test::earlierBuildsBinding(rig, 0, *b)));
    auto d = test::documentWith(old);
    const QStringList notes = ws::bindPoseNotes(d->rig());
    ASSERT_EQ(notes.size(), 1);
    EXPECT_TRUE(notes[0].contains(QStringLiteral("'Body'"))) << notes[0].toStdString();
    EXPECT_TRUE(notes[0].contains(QStringLiteral("Rebind at Rest"))) << notes[0].toStdString();
    const std::string before = test::bytesOf(*d);
    const test::PosedMeshes rest = test::posedMeshes(d->rig());

    const ws::RebindResult r = ws::rebindAtRest(*d);
    EXPECT_EQ(r.skins, 1u);
    ASSERT_EQ(d->undoStack()->count(), 1);
    EXPECT_EQ(d->undoStack()->text(0), QStringLiteral("Rebind at Rest"));
    const std::string after = test::bytesOf(*d);
    EXPECT_NE(after, before);
    EXPECT_LT(test::relativeDistance(rest.positions[0], test::bindPosedMeshes(d->rig()).positions[0]), 1e-5f);
    EXPECT_LT(test::relativeDistance(rest.positions[0], test::posedMeshes(d->rig()).positions[0]), 1e-5f);
    EXPECT_TRUE(ws::bindPoseNotes(d->rig()).isEmpty());
    d->undoStack()->undo();
    EXPECT_EQ(test::bytesOf(*d), before) << "undo gives the earlier bind back byte for byte";
    d->undoStack()->redo();
    EXPECT_EQ(test::bytesOf(*d), after);

    EXPECT_EQ(ws::rebindAtRest(*d).skins, 0u);
    EXPECT_EQ(d->undoStack()->count(), 1) << "nothing differs: no entry";
}
