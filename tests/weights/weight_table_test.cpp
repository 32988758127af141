// SPDX-License-Identifier: MIT
// The Weight Table dock (issue 23, label weights), on the test sample with
// 40 vertices selected: a row per vertex under the hold row, a column per
// bone weighting them; typing a value keeps it and the other unlocked bones
// share the rest (a locked bone holds and its column says so); a pasted
// block is one undo entry; the table follows undo; Ctrl+Z gives the
// document back byte for byte.
#include "tests/document/document_fixture.h"
#include "tests/editor/editor_fixture.h"

#include "core/commands/set_bone_lock_command.h"
#include "core/skin/weight_row.h"
#include "core/workspace/paint_selection.h"
#include "core/workspace/selection.h"
#include "shared_models.h"
#include "widgets/weight_paint/name_end_header.h"
#include "widgets/weight_paint/weight_table_model.h"
#include "widgets/weight_paint/weight_table_panel.h"

#include <QApplication>
#include <QClipboard>
#include <QDockWidget>
#include <QLineEdit>
#include <QStatusBar>
#include <QTableView>

using namespace marrow;

namespace {

class WeightTableTest : public test::EditorTest {
protected:
    void SetUp() override
    {
        EditorTest::SetUp();
        if (HasFatalFailure())
            return;
        mesh = window().selection().activeMesh();
        ASSERT_GE(mesh, 0);
        const std::size_t n = window().document().rig().meshes[static_cast<std::size_t>(mesh)].vertexCount();
        std::vector<std::uint8_t> picked(n, 0);
        for (std::size_t v = 0; v < n && std::count(picked.begin(), picked.end(), 1) < 40; v += n / 40)
            picked[v] = 1;
        ASSERT_TRUE(window().vertexSelection().setVertices(mesh, picked));
        window().weightTable().dock->show();
        window().weightTable().dock->raise();
        QApplication::processEvents();
    }
    ui::WeightTableModel& model() { return *window().weightTable().panel->model(); }
    const mesh::SkinWeights& weights() { return window().document().rig().meshes[static_cast<std::size_t>(mesh)].weights; }
    float weightOf(std::uint32_t v, int skinJoint) { return skin::weightOf(weights(), v, static_cast<std::uint16_t>(skinJoint)); }
    float rowSum(std::uint32_t v)
    {
        float sum = 0.f;
        for (float w : weights().weightRow(v))
            sum += w;
        return sum;
    }
    // The first row (below the hold row) with two or more influences, and two of its columns.
    bool findTwoBoneRow(int& row, int& a, int& b)
    {
        for (row = 1; row < model().rowCount(); ++row) {
            a = b = -1;
            for (int c = 0; c < model().columnCount() && b < 0; ++c) {
                if (!(model().index(row, c).data(Qt::EditRole).toDouble() > 0.0))
                    continue;
                if (a < 0)
                    a = c;
                else
                    b = c;
            }
            if (a >= 0 && b >= 0)
                return true;
        }
        return false;
    }
    model::MeshId mesh = -1;
};

} // namespace

TEST_F(WeightTableTest, TypingAWeightKeepsItAndTheOthersShareTheRest)
{
    ASSERT_EQ(model().rowCount(), 41) << "the hold row and 40 vertices";
    ASSERT_GT(model().columnCount(), 1);
    int row = 0, a = -1, b = -1;
    ASSERT_TRUE(findTwoBoneRow(row, a, b));
    const auto v = static_cast<std::uint32_t>(model().vertexAt(row));
    const std::string before = test::bytesOf(window().document());

    // As a user: the cell, then a line edit, then Enter.
    QTableView* view = window().weightTable().panel->view();
    const QModelIndex cell = model().index(row, a);
    view->setCurrentIndex(cell);
    view->edit(cell);
    auto* editor = view->findChild<QLineEdit*>();
    ASSERT_NE(editor, nullptr) << "a text editor, not a 2-decimal spin box";
    editor->setText(QStringLiteral("0.3"));
    QTest::keyClick(editor, Qt::Key_Return);
    QApplication::processEvents();
    EXPECT_NEAR(weightOf(v, model().skinJointAt(a)), .3f, 1e-6f);
    EXPECT_NEAR(rowSum(v), 1.f, 1e-5f);
    EXPECT_NEAR(model().index(row, a).data(Qt::EditRole).toDouble(), .3, 1e-6) << "the table shows the new row";
    EXPECT_EQ(window().document().undoStack()->undoText(), QStringLiteral("Edit Weight"));
    window().document().undoStack()->undo();
    EXPECT_EQ(test::bytesOf(window().document()), before);
    EXPECT_NE(model().index(row, a).data(Qt::DisplayRole).toString(), QStringLiteral("0.300")) << "and follows undo";
}

TEST_F(WeightTableTest, ALockedBoneHoldsAndAPastedBlockIsOneEntry)
{
    int row = 0, a = -1, b = -1;
    ASSERT_TRUE(findTwoBoneRow(row, a, b));
    const auto v = static_cast<std::uint32_t>(model().vertexAt(row));
    doc::Document& d = window().document();
    const model::Rig& rig = d.rig();
    const anim::JointIndex lockedJoint =
        rig.skins[static_cast<std::size_t>(rig.meshes[static_cast<std::size_t>(mesh)].skin)].joints[static_cast<std::size_t>(model().skinJointAt(b))];
    const std::string name = rig.skeleton.names[static_cast<std::size_t>(lockedJoint)];
    d.undoStack()->push(new cmd::SetBoneLockCommand(&d, {lockedJoint}, true));
    QApplication::processEvents();
    // The columns may have been rebuilt: find the locked bone's column again.
    int lockedColumn = -1;
    for (int c = 0; c < model().columnCount(); ++c)
        if (model().headerData(c, Qt::Horizontal).toString().toStdString() == name)
            lockedColumn = c;
    ASSERT_GE(lockedColumn, 0);
    EXPECT_EQ(model().index(ui::WeightTableModel::kHoldRow, lockedColumn).data().toString(), QStringLiteral("hold"));
    EXPECT_FALSE(model().flags(model().index(row, lockedColumn)) & Qt::ItemIsEditable);
    const float held = weightOf(v, model().skinJointAt(lockedColumn));
    const int entries = d.undoStack()->count();
    const std::string before = test::bytesOf(d);

    // Two rows by the whole width, pasted at the first cell of `row`.
    QString text;
    for (int r = 0; r < 2; ++r) {
        QStringList cells;
        for (int c = 0; c < model().columnCount(); ++c)
            cells << (c == a ? QStringLiteral("0.1") : QStringLiteral("0"));
        text += cells.join(QLatin1Char('\t')) + QLatin1Char('\n');
    }
    QApplication::clipboard()->setText(text);
    window().weightTable().panel->view()->setCurrentIndex(model().index(row, 0));
    ASSERT_TRUE(window().weightTable().panel->paste());
    EXPECT_EQ(d.undoStack()->count(), entries + 1) << "one entry for the block";
    EXPECT_EQ(d.undoStack()->undoText(), QStringLiteral("Paste Weights"));
    EXPECT_FLOAT_EQ(weightOf(v, model().skinJointAt(lockedColumn)), held) << "the locked bone holds";
    EXPECT_NEAR(rowSum(v), 1.f, 1e-5f);
    d.undoStack()->undo();
    EXPECT_EQ(test::bytesOf(d), before);
}

// Issue 36 item 8: a typed value the locks make impossible snaps back, and
// the status bar says why.
TEST_F(WeightTableTest, AValueTheLocksRefuseSaysWhyInTheStatusBar)
{
    int row = 0, a = -1, b = -1;
    ASSERT_TRUE(findTwoBoneRow(row, a, b));
    const auto v = static_cast<std::uint32_t>(model().vertexAt(row));
    doc::Document& d = window().document();
    const model::Rig& rig = d.rig();
    const model::Skin& skin = rig.skins[static_cast<std::size_t>(rig.meshes[static_cast<std::size_t>(mesh)].skin)];
    const int typed = model().skinJointAt(a);
    QList<anim::JointIndex> others;  // every bone of the row but the typed one
    for (std::size_t k = 0; k < skin.joints.size(); ++k)
        if (static_cast<int>(k) != typed && weightOf(v, static_cast<int>(k)) > 0.f)
            others << skin.joints[k];
    d.undoStack()->push(new cmd::SetBoneLockCommand(&d, others, true));
    QApplication::processEvents();
    int column = -1;
    for (int c = 0; c < model().columnCount(); ++c)
        column = model().skinJointAt(c) == typed ? c : column;
    ASSERT_GE(column, 0);
    const float before = weightOf(v, typed);
    const int entries = d.undoStack()->count();

    QTableView* view = window().weightTable().panel->view();
    const QModelIndex cell = model().index(row, column);
    view->setCurrentIndex(cell);
    view->edit(cell);
    auto* editor = view->findChild<QLineEdit*>();
    ASSERT_NE(editor, nullptr);
    editor->setText(before > 0.5f ? QStringLiteral("0.1") : QStringLiteral("0.9"));
    QTest::keyClick(editor, Qt::Key_Return);
    QApplication::processEvents();
    EXPECT_FLOAT_EQ(weightOf(v, typed), before) << "the locks leave no room";
    EXPECT_EQ(d.undoStack()->count(), entries);
    const QString status = window().statusBar()->currentMessage();
    EXPECT_TRUE(status.contains(QStringLiteral("the other influences are all locked"))) << status.toStdString();
    EXPECT_TRUE(status.contains(QString::fromStdString(rig.skeleton.names[static_cast<std::size_t>(others.front())])))
        << status.toStdString();
}

// Issue 36 item 8: on a Mixamo-named rig the columns keep the names' ends
// (…Spine1, …Spine2), not two clipped middles.
TEST_F(WeightTableTest, ColumnHeadersKeepTheNamesDistinguishingEnd)
{
    ASSERT_TRUE(window().openFile(QString::fromStdString(test::traitsSample())));
    mesh = window().selection().activeMesh();
    ASSERT_GE(mesh, 0);
    std::vector<std::uint8_t> every(weights().vertexCount(), 1);
    ASSERT_TRUE(window().vertexSelection().setVertices(mesh, every));
    QApplication::processEvents();
    auto* header = qobject_cast<ui::NameEndHeader*>(window().weightTable().panel->view()->horizontalHeader());
    ASSERT_NE(header, nullptr);
    QStringList shown;
    int spines = 0;
    for (int c = 0; c < model().columnCount(); ++c) {
        const QString name = model().headerData(c, Qt::Horizontal).toString();
        const QString text = header->shownText(c);
        shown << text;
        EXPECT_LE(header->fontMetrics().horizontalAdvance(text), header->sectionSize(c)) << text.toStdString();
        const QString kept = text.startsWith(QChar(0x2026)) ? text.mid(1) : text;
        EXPECT_TRUE(name.endsWith(kept)) << name.toStdString() << " shown as " << text.toStdString();
        if (name.startsWith(QStringLiteral("mixamorig:Spine"))) {
            ++spines;
            EXPECT_TRUE(text.endsWith(name.mid(10))) << text.toStdString();
        }
    }
    EXPECT_GE(spines, 2) << shown.join(QLatin1Char(' ')).toStdString();
}
