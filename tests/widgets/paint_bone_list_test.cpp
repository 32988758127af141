// SPDX-License-Identifier: MIT
// The Weight Paint panel's bone list: the model contract across a rig swap,
// vertex counts on a hand-built rig (recounted once after weight edits), the
// padlock (one undoable command, selection untouched), row clicks selecting
// the joint, the selection highlighting the row, and the name filter.
#include "tiny_rigs.h"
#include "widget_test_support.h"

#include "core/commands/set_bone_lock_command.h"
#include "core/workspace/selection.h"
#include "widgets/weight_paint/paint_bone_list.h"
#include "widgets/weight_paint/paint_bone_list_model.h"

#include <QLineEdit>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTest>
#include <QTreeView>

#include <algorithm>

using marrow::ui::PaintBoneList;
using marrow::ui::PaintBoneListModel;

namespace marrow::test {
namespace {

std::unique_ptr<doc::Document> stripDocument()
{
    auto d = std::make_unique<doc::Document>();
    EXPECT_FALSE(d->replaceRig(fourVertexSkinRig()).has_value());
    return d;
}

void clickCell(QTreeView* view, const QModelIndex& index)
{
    const QRect rect = view->visualRect(index);
    ASSERT_TRUE(rect.isValid());
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, rect.center());
}

} // namespace

TEST(PaintBoneListModel, CountsVerticesPerBoneAndRecountsOnceAfterEdits)
{
    auto d = stripDocument();
    PaintBoneListModel m(d.get());
    m.setMesh(0);
    ASSERT_EQ(m.rowCount(), 2);
    EXPECT_EQ(m.jointAt(0), 0);
    EXPECT_EQ(m.index(1, PaintBoneListModel::NameColumn).data().toString(), QStringLiteral("elbow"));
    m.recountNow();
    // shoulder: v0 v1 v2; elbow: v1 v2 v3.
    EXPECT_EQ(m.vertexCount(0), 3);
    EXPECT_EQ(m.vertexCount(1), 3);
    EXPECT_EQ(m.index(0, PaintBoneListModel::CountColumn).data().toInt(), 3);

    // Two edits (v1 and v2 to shoulder only) coalesce into one recount.
    QSignalSpy changed(&m, &QAbstractItemModel::dataChanged);
    const std::uint32_t v1 = 1, v2 = 2;
    const std::uint16_t joints[4] = {0, 0, 0, 0};
    const float weights[4] = {1.f, 0.f, 0.f, 0.f};
    ASSERT_TRUE(d->applyWeightRows(0, {&v1, 1}, joints, weights));
    ASSERT_TRUE(d->applyWeightRows(0, {&v2, 1}, joints, weights));
    EXPECT_TRUE(m.countsPending());
    EXPECT_EQ(m.vertexCount(1), 3) << "counted per edit instead of after them";
    EXPECT_TRUE(QTest::qWaitFor([&] { return !m.countsPending(); }, 2000));
    EXPECT_EQ(m.vertexCount(1), 1);
    EXPECT_EQ(m.vertexCount(0), 3);
    EXPECT_EQ(changed.count(), 1);
}

TEST(PaintBoneListModel, PassesModelTesterAcrossRigReplacement)
{
    ModelTestMessages messages;
    auto d = stripDocument();
    PaintBoneListModel m(d.get());
    QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::Warning);
    m.setMesh(0);
    m.recountNow();
    QSignalSpy reset(&m, &QAbstractItemModel::modelReset);
    ASSERT_FALSE(d->replaceRig(importRig("synthetic/public_rig.gltf")).has_value());
    EXPECT_GE(reset.count(), 1);
    EXPECT_EQ(m.rowCount(), 0) << "the old mesh's rows survived the swap";
    const auto& meshes = d->rig().meshes;
    const auto skinned = std::find_if(meshes.begin(), meshes.end(), [](const mesh::Mesh& x) { return x.skinned(); });
    ASSERT_NE(skinned, meshes.end());
    m.setMesh(static_cast<model::MeshId>(skinned - meshes.begin()));
    EXPECT_GT(m.rowCount(), 2);
    m.recountNow();
    d->undoStack()->push(new cmd::SetBoneLockCommand(d.get(), {m.jointAt(1)}, true));
    EXPECT_TRUE(m.index(1, 0).data(PaintBoneListModel::LockedRole).toBool());
    ASSERT_FALSE(d->replaceRig(fourVertexSkinRig()).has_value());
    EXPECT_EQ(m.rowCount(), 0);
    EXPECT_TRUE(messages.messages().isEmpty()) << messages.messages().join('\n').toStdString();
}

TEST(PaintBoneList, LockClickPushesOneUndoableCommandAndKeepsTheSelection)
{
    auto d = stripDocument();
    ws::Selection selection(d.get());
    selection.selectJoint(0);
    PaintBoneList list(d.get(), &selection);
    list.resize(300, 200);
    list.setMesh(0);
    list.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&list));
    QSignalSpy selectionChanged(&selection, &ws::Selection::jointsChanged);
    const QModelIndex lock = list.proxy()->index(1, PaintBoneListModel::LockColumn);
    clickCell(list.view(), lock);
    EXPECT_TRUE(d->isLocked(1));
    EXPECT_EQ(d->undoStack()->count(), 1);
    EXPECT_EQ(selection.currentJoint(), 0);
    EXPECT_EQ(selectionChanged.count(), 0);
    EXPECT_TRUE(lock.data(PaintBoneListModel::LockedRole).toBool());
    d->undoStack()->undo();
    EXPECT_FALSE(d->isLocked(1));
    EXPECT_FALSE(lock.data(PaintBoneListModel::LockedRole).toBool());
}

TEST(PaintBoneList, RowClickSelectsTheJointAndTheSelectionHighlightsTheRow)
{
    auto d = stripDocument();
    ws::Selection selection(d.get());
    PaintBoneList list(d.get(), &selection);
    list.resize(300, 200);
    list.setMesh(0);
    list.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&list));
    clickCell(list.view(), list.proxy()->index(1, PaintBoneListModel::NameColumn));
    EXPECT_EQ(selection.joints(), (QList<model::JointIndex>{1}));
    EXPECT_EQ(d->undoStack()->count(), 0);

    selection.selectJoint(0);  // from the tree or the viewport
    EXPECT_EQ(list.view()->currentIndex().row(), 0);
    EXPECT_TRUE(list.view()->selectionModel()->isRowSelected(0, {}));
    EXPECT_FALSE(list.view()->selectionModel()->isRowSelected(1, {}));
    selection.clearJoints();
    EXPECT_FALSE(list.view()->selectionModel()->hasSelection());
}

TEST(PaintBoneList, FilterKeepsMatchingBonesAndNeverChangesTheSelection)
{
    auto d = stripDocument();
    ws::Selection selection(d.get());
    selection.selectJoint(1);
    PaintBoneList list(d.get(), &selection);
    list.setMesh(0);
    QSignalSpy selectionChanged(&selection, &ws::Selection::jointsChanged);
    list.filter()->setText(QStringLiteral("SHOUL"));
    ASSERT_EQ(list.proxy()->rowCount(), 1);
    EXPECT_EQ(list.proxy()->index(0, PaintBoneListModel::NameColumn).data().toString(), QStringLiteral("shoulder"));
    list.filter()->setText(QStringLiteral("bow"));
    ASSERT_EQ(list.proxy()->rowCount(), 1);
    EXPECT_EQ(list.view()->currentIndex().data(PaintBoneListModel::JointIndexRole).toInt(), 1);
    list.filter()->clear();
    EXPECT_EQ(list.proxy()->rowCount(), 2);
    EXPECT_EQ(selectionChanged.count(), 0);
    EXPECT_EQ(selection.currentJoint(), 1);
}

} // namespace marrow::test
