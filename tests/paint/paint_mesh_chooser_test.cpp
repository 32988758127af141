// SPDX-License-Identifier: MIT
// The Weight Paint dock's Mesh chooser and the sticky active mesh: the
// largest skinned mesh is active on open, only the active mesh shows the heat map, the chooser and a Ctrl+click move it both
// ways, hovering or stroking over another mesh neither switches nor paints
// it; and the bone list's vertex counts follow a stroke and its undo.
#include "paint_meshes_fixture.h"

#include "widgets/weight_paint/paint_bone_list_model.h"

#include <QTableView>

namespace marrow::test {
namespace {

TEST_F(PaintMeshesTest, TheLargestSkinnedMeshIsActiveOnOpenAndTheChooserListsEveryMeshWithItsVertexCount)
{
    const model::Rig& rig = document().rig();
    std::size_t largest = 0;
    for (std::size_t m = 1; m < rig.meshes.size(); ++m)
        largest = rig.meshes[m].vertexCount() > rig.meshes[largest].vertexCount() ? m : largest;
    EXPECT_NE(largest, 0u) << "the first mesh is not the largest: the test can fail";
    EXPECT_EQ(openedOn, static_cast<model::MeshId>(largest));
    EXPECT_EQ(window().selection().activeMesh(), kTorso);
    ASSERT_EQ(chooser().count(), 3);
    EXPECT_EQ(chooser().itemText(kTorso), QStringLiteral("Torso · 1,170 vertices"));
    EXPECT_EQ(chooser().itemText(kHead), QStringLiteral("Head · 1,196 vertices"));
    EXPECT_EQ(chooser().mesh(), kTorso);
    EXPECT_EQ(panel().mesh(), kTorso);
}

TEST_F(PaintMeshesTest, CtrlClickOnAnotherMeshMakesItActiveAndTheChooserFollowsBothWays)
{
    const QPointF head = pointOn(kHead);
    ctrlClick(head);
    EXPECT_EQ(window().selection().activeMesh(), kHead);
    EXPECT_EQ(chooser().mesh(), kHead) << "the chooser follows the Ctrl+click";
    EXPECT_EQ(panel().mesh(), kHead) << "the bone list shows the head's skin";

    // Choosing in the combo, as a user's pick does, moves the active mesh.
    chooser().setCurrentIndex(kLegs);
    emit chooser().activated(kLegs);
    EXPECT_EQ(window().selection().activeMesh(), kLegs);
    EXPECT_EQ(panel().mesh(), kLegs);
}

TEST_F(PaintMeshesTest, CtrlClickOnTheActiveMeshPicksItsHeaviestBoneAndKeepsTheMesh)
{
    const QPointF torso = pointOn(kTorso);
    window().selection().clearJoints();
    ctrlClick(torso);
    EXPECT_EQ(window().selection().activeMesh(), kTorso);
    EXPECT_GE(window().selection().currentJoint(), 0) << "bones hidden: the vertex's heaviest bone";
}

TEST_F(PaintMeshesTest, HoveringAnotherMeshKeepsTheActiveOneAndSaysHowToSwitch)
{
    const QPointF head = pointOn(kHead);
    hoverViewport(head + QPointF(1, 0));
    hoverViewport(head);
    EXPECT_EQ(window().selection().activeMesh(), kTorso);
    EXPECT_EQ(chooser().mesh(), kTorso);
    const auto label = window().brushTool().label();
    ASSERT_TRUE(label.has_value());
    EXPECT_TRUE(label->text.contains(QStringLiteral("Head"))) << label->text.toStdString();
    EXPECT_TRUE(label->text.contains(QStringLiteral("Ctrl+click"))) << label->text.toStdString();
}

TEST_F(PaintMeshesTest, AStrokeOverAnotherMeshLeavesItsWeightsAndTheActiveMeshPaintsOnlyItself)
{
    const QPointF head = pointOn(kHead);
    const mesh::SkinWeights headBefore = document().rig().meshes[kHead].weights;
    drag(line(head, head + QPointF(12, 6), 8));
    EXPECT_TRUE(changedRows(headBefore, document().rig().meshes[kHead].weights).empty())
        << "the head is not the active mesh";

    // The same stroke on the torso, the active mesh, does paint: the check above can fail.
    const QPointF torso = pointOn(kTorso);
    const mesh::SkinWeights torsoBefore = document().rig().meshes[kTorso].weights;
    brush().setWeight(1.f);
    drag(line(torso, torso + QPointF(12, 6), 8));
    EXPECT_FALSE(changedRows(torsoBefore, document().rig().meshes[kTorso].weights).empty());
    EXPECT_TRUE(changedRows(headBefore, document().rig().meshes[kHead].weights).empty());
}

TEST_F(PaintMeshesTest, TheBoneListsVertexCountsFollowAStrokeAndItsUndoWithoutAnotherTrigger)
{
    auto* counts = qobject_cast<ui::PaintBoneListModel*>(panel().boneList()->model());
    ASSERT_NE(counts, nullptr);
    QTRY_VERIFY(!counts->countsPending());
    ASSERT_GT(counts->rowCount(), 1);
    // The torso's least used bone: the stroke gives it vertices it lacked.
    int row = 0;
    for (int r = 1; r < counts->rowCount(); ++r)
        if (counts->vertexCount(r) < counts->vertexCount(row))
            row = r;
    window().selection().selectJoint(counts->jointAt(row));
    const int before = counts->vertexCount(row);
    const QPointF torso = pointOn(kTorso);
    brush().setRadius(60.f);
    brush().setWeight(1.f);
    drag(line(torso, torso + QPointF(30, 10), 10));
    ASSERT_EQ(document().undoStack()->count(), 1);
    QTRY_VERIFY(counts->vertexCount(row) > before);
    const QModelIndex shown = counts->index(row, ui::PaintBoneListModel::CountColumn);
    EXPECT_EQ(shown.data(ui::PaintBoneListModel::VertexCountRole).toInt(), counts->vertexCount(row));
    document().undoStack()->undo();
    QTRY_COMPARE(counts->vertexCount(row), before);
    document().undoStack()->redo();
    QTRY_VERIFY(counts->vertexCount(row) > before);
}

// Issue 36 item 8: as Blender draws the other objects, only the active mesh
// shows the heat map; the others are drawn lit, and switching moves it.
TEST_F(PaintMeshesTest, OnlyTheActiveMeshShowsTheHeatMap)
{
    ASSERT_TRUE(viewport().heatMap());
    EXPECT_TRUE(drawnHot(kTorso));
    EXPECT_TRUE(drawn(kHead));
    EXPECT_FALSE(drawnHot(kHead));
    EXPECT_FALSE(drawnHot(kLegs));
    window().selection().setActiveMesh(kHead);
    settle();
    EXPECT_TRUE(drawnHot(kHead));
    EXPECT_FALSE(drawnHot(kTorso));
}

} // namespace
} // namespace marrow::test
