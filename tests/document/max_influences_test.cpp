// SPDX-License-Identifier: MIT
// Max influences per mesh is its rows' stride: widening and narrowing are
// undoable, and undo gives back the rig exactly.
#include "document_fixture.h"
#include "tiny_rigs.h"

#include "core/commands/set_max_influences_command.h"

#include <QSignalSpy>

#include <algorithm>

using namespace marrow;

namespace {

// The 4-vertex strip with a six-bone skin at stride 8: v0 has six influences
// (.3 .25 .2 .1 .1 .05), v1 two, v2 and v3 one.
model::Rig sixBoneStrip()
{
    model::Rig rig = test::fourVertexSkinRig();
    for (int j = 2; j < 6; ++j) {
        rig.skeleton.names.push_back("b" + std::to_string(j));
        rig.skeleton.parents.push_back(j - 1);
        rig.skeleton.rest.push_back(test::trs({1.f, 0.f, 0.f}));
    }
    model::Skin& skin = rig.skins[0];
    for (int j = 2; j < 6; ++j) {
        skin.joints.push_back(j);
        skin.inverseBind.push_back(glm::mat4(1.f));
    }
    mesh::SkinWeights& w = rig.meshes[0].weights;
    w.stride = 8;
    w.joints = {3, 1, 5, 0, 2, 4, 0, 0, /**/ 0, 1, 0, 0, 0, 0, 0, 0, /**/ 1, 0, 0, 0, 0, 0, 0, 0, /**/ 1, 0, 0, 0, 0, 0, 0, 0};
    w.weights = {.3f, .25f, .2f, .1f, .1f, .05f, 0.f, 0.f, /**/ .75f, .25f, 0.f, 0.f, 0.f, 0.f, 0.f, 0.f,
                 /**/ 1.f, 0.f, 0.f, 0.f, 0.f, 0.f, 0.f, 0.f, /**/ 1.f, 0.f, 0.f, 0.f, 0.f, 0.f, 0.f, 0.f};
    return rig;
}

} // namespace

TEST(MaxInfluences, WideningPadsRowsAndUndoRestoresTheRig)
{
    auto d = test::documentWith(test::fourVertexSkinRig());
    const model::Rig before = d->rig();
    QSignalSpy replaced(d.get(), &doc::Document::meshWeightsReplaced);
    test::expectDoUndoRedo(*d, new cmd::SetMaxInfluencesCommand(d.get(), 0, 8));
    EXPECT_EQ(d->undoStack()->text(0).toStdString(), "Max Influences 4 -> 8");
    ASSERT_GE(replaced.count(), 1);
    EXPECT_EQ(replaced.front().at(0).toInt(), 0);
    const mesh::SkinWeights& w = d->rig().meshes[0].weights;
    EXPECT_EQ(w.stride, 8);
    ASSERT_EQ(w.vertexCount(), 4u);
    const std::vector<float> row1(w.weightRow(1).begin(), w.weightRow(1).end());
    EXPECT_EQ(row1, (std::vector<float>{.75f, .25f, 0.f, 0.f, 0.f, 0.f, 0.f, 0.f}));
    EXPECT_EQ(w.jointRow(1)[1], 1);
    EXPECT_FALSE(d->rig().validate().has_value());
    d->undoStack()->undo();
    EXPECT_TRUE(d->rig() == before);
}

TEST(MaxInfluences, NarrowingKeepsTheFourLargestRenormalised)
{
    auto d = test::documentWith(sixBoneStrip());
    const model::Rig before = d->rig();
    test::expectDoUndoRedo(*d, new cmd::SetMaxInfluencesCommand(d.get(), 0, 4));
    EXPECT_EQ(d->undoStack()->text(0).toStdString(), "Max Influences 8 -> 4");
    const mesh::SkinWeights& w = d->rig().meshes[0].weights;
    ASSERT_EQ(w.stride, 4);
    EXPECT_FALSE(w.validate(6).has_value()) << *w.validate(6);
    // v0 keeps joints 3 1 5 0 (.3 .25 .2 .1 of .85), in that order.
    const std::vector<std::uint16_t> joints0(w.jointRow(0).begin(), w.jointRow(0).end());
    EXPECT_EQ(joints0, (std::vector<std::uint16_t>{3, 1, 5, 0}));
    EXPECT_NEAR(w.weightRow(0)[0], .3 / .85, 1e-6);
    EXPECT_NEAR(w.weightRow(0)[3], .1 / .85, 1e-6);
    // A row that fits keeps its values bit for bit.
    EXPECT_EQ(w.weightRow(1)[0], .75f);
    EXPECT_EQ(w.weightRow(1)[1], .25f);
    d->undoStack()->undo();
    EXPECT_TRUE(d->rig() == before);
    d->undoStack()->redo();
    d->undoStack()->undo();
    EXPECT_TRUE(d->rig() == before);
}

TEST(MaxInfluences, SameStrideRigidMeshOrBadCountIsObsolete)
{
    model::Rig rig = test::fourVertexSkinRig();
    mesh::Mesh rigid = rig.meshes[0];
    rigid.skin = -1;
    rigid.weights = {};
    rig.meshes.push_back(rigid);
    auto d = test::documentWith(std::move(rig));
    d->undoStack()->push(new cmd::SetMaxInfluencesCommand(d.get(), 0, 4));
    d->undoStack()->push(new cmd::SetMaxInfluencesCommand(d.get(), 1, 8));
    d->undoStack()->push(new cmd::SetMaxInfluencesCommand(d.get(), 0, 6));
    d->undoStack()->push(new cmd::SetMaxInfluencesCommand(d.get(), 7, 8));
    EXPECT_EQ(d->undoStack()->count(), 0);
}

TEST(MaxInfluences, ReplaceMeshWeightsRefusesTablesThatDoNotFit)
{
    auto d = test::documentWith(test::fourVertexSkinRig());
    const model::Rig before = d->rig();
    QSignalSpy replaced(d.get(), &doc::Document::meshWeightsReplaced);
    mesh::SkinWeights shortTable = before.meshes[0].weights;
    shortTable.joints.resize(12);
    shortTable.weights.resize(12);
    EXPECT_FALSE(d->replaceMeshWeights(0, shortTable));  // three rows for four vertices
    mesh::SkinWeights badJoint = before.meshes[0].weights;
    badJoint.joints[0] = 2;  // the skin has two joints
    EXPECT_FALSE(d->replaceMeshWeights(0, badJoint));
    mesh::SkinWeights badSum = before.meshes[0].weights;  // a row with no weight at all
    const auto stride = static_cast<std::size_t>(badSum.stride);
    std::fill(badSum.weights.begin(), badSum.weights.begin() + static_cast<std::ptrdiff_t>(stride), 0.f);
    std::fill(badSum.joints.begin(), badSum.joints.begin() + static_cast<std::ptrdiff_t>(stride), std::uint16_t{0});
    EXPECT_FALSE(d->replaceMeshWeights(0, badSum));
    EXPECT_FALSE(d->replaceMeshWeights(1, before.meshes[0].weights));
    EXPECT_EQ(replaced.count(), 0);
    EXPECT_TRUE(d->rig() == before);
    EXPECT_TRUE(d->replaceMeshWeights(0, mesh::withStride(before.meshes[0].weights, 8)));
    EXPECT_EQ(replaced.count(), 1);
}
