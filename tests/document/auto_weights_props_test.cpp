// SPDX-License-Identifier: MIT
// Automatic Weights and Bind act on the chosen meshes (issue 36 item 2):
// with none chosen, Automatic Weights runs on every skinned mesh and the
// soldier's props stay on their bone; a prop chosen alone is re-weighted;
// Ctrl+click joins the active mesh; Bind binds only the chosen static
// meshes. Each is one undo entry that undo gives back byte for byte.
#include "../core/soldier_props.h"
#include "document_fixture.h"

#include "core/workspace/bind_meshes.h"
#include "core/workspace/selection.h"
#include "core/workspace/weight_operations.h"

#include <QSignalSpy>

using namespace marrow;

namespace {

enum Mesh : model::MeshId { Body, Helmet, Shield, Spear };
using Kind = ws::WeightOperation::Kind;

bool sameWeights(const doc::Document& d, const model::Rig& r, model::MeshId m)
{
    return d.rig().meshes[static_cast<std::size_t>(m)].weights == r.meshes[static_cast<std::size_t>(m)].weights;
}

} // namespace

TEST(AutoWeightsProps, NoneChosenKeepsPropsAndAPropChosenAloneIsReweighted)
{
    const model::Rig soldier = test::soldier::rig();
    auto d = test::documentWith(soldier);
    ws::Selection selection(d.get());
    ASSERT_TRUE(selection.chosenMeshes().isEmpty()) << "nothing is chosen on open";
    const std::string before = test::bytesOf(*d);
    ws::WeightOperationResult r = ws::applyWeightOperation(*d, selection, ws::WeightSubset::All, {.kind = Kind::Auto});
    EXPECT_EQ(r.meshes, 4);
    EXPECT_EQ(r.propsKept, 4u) << r.message.toStdString();
    EXPECT_TRUE(r.message.contains("4 rigid props kept on their bone")) << r.message.toStdString();
    EXPECT_FALSE(sameWeights(*d, soldier, Body));
    for (model::MeshId m : {Helmet, Shield, Spear})
        EXPECT_TRUE(sameWeights(*d, soldier, m)) << m;
    ASSERT_EQ(d->undoStack()->count(), 1);
    d->undoStack()->undo();
    EXPECT_TRUE(test::bytesOf(*d) == before);

    // The mesh chooser picks the spear alone: it is re-weighted, nothing else.
    QSignalSpy chosen(&selection, &ws::Selection::chosenMeshesChanged);
    selection.chooseMesh(Spear, false);
    EXPECT_EQ(chosen.count(), 1);
    EXPECT_EQ(selection.activeMesh(), Spear);
    r = ws::applyWeightOperation(*d, selection, ws::WeightSubset::All, {.kind = Kind::Auto});
    EXPECT_EQ(r.meshes, 1);
    EXPECT_EQ(r.propsKept, 0u);
    EXPECT_FALSE(sameWeights(*d, soldier, Spear));
    EXPECT_TRUE(sameWeights(*d, soldier, Body));
    d->undoStack()->undo();
    EXPECT_TRUE(test::bytesOf(*d) == before);

    // Ctrl+click the helmet: the spear (active) and the helmet; then the
    // active mesh moved elsewhere drops the choice.
    selection.chooseMesh(Helmet, true);
    EXPECT_EQ(selection.chosenMeshes(), (QList<model::MeshId>{Spear, Helmet}));
    EXPECT_EQ(selection.activeMesh(), Helmet);
    selection.setActiveMesh(Spear);
    EXPECT_EQ(selection.chosenMeshes().size(), 2);
    selection.setActiveMesh(Body);
    EXPECT_TRUE(selection.chosenMeshes().isEmpty());
}

TEST(AutoWeightsProps, RigidIslandsCountTheSeparateMeshesChosen)
{
    auto d = test::documentWith(test::soldier::rig());
    ws::Selection selection(d.get());
    selection.chooseMesh(Body, false);
    for (model::MeshId m : {Helmet, Shield, Spear})
        selection.chooseMesh(m, true);
    const ws::WeightOperationResult r =
        ws::applyWeightOperation(*d, selection, ws::WeightSubset::All, {.kind = Kind::Auto, .rigidIslands = true});
    EXPECT_EQ(r.heat.rigidShells, 4u) << r.message.toStdString();
    EXPECT_TRUE(r.message.contains("4 shells bound rigidly")) << r.message.toStdString();
}

TEST(AutoWeightsProps, BindBindsOnlyTheChosenStaticMeshes)
{
    model::Rig rig = test::soldier::rig();
    for (mesh::Mesh& m : rig.meshes) {  // every mesh static, on the armature
        m.skin = -1;
        m.weights = {};
    }
    rig.skins.front().inverseBind.clear();
    rig.skins.clear();
    auto d = test::documentWith(rig);
    ws::Selection selection(d.get());
    selection.chooseMesh(Shield, false);
    const std::string before = test::bytesOf(*d);
    const ws::BindResult r =
        ws::bindStaticMeshes(*d, model::BindWeights::NearestBone, model::BoneSegments::EachChild, selection.chosenMeshes());
    EXPECT_EQ(r.meshes, 1) << r.message.toStdString();
    for (model::MeshId m : {Body, Helmet, Shield, Spear})
        EXPECT_EQ(d->rig().meshes[static_cast<std::size_t>(m)].skinned(), m == Shield) << m;
    ASSERT_EQ(d->undoStack()->count(), 1);
    d->undoStack()->undo();
    EXPECT_TRUE(test::bytesOf(*d) == before);
}
