// SPDX-License-Identifier: MIT
// Undo and redo restore the key selection (Blender): after a move of selected
// keys, Ctrl+Z selects the keys the edit found at their old times, and redo
// selects them where the edit left them.
#include "dope_sheet_test_support.h"
#include "graph_test_support.h"

namespace marrow::test {
namespace {

TEST(KeySelectionUndo, UndoSelectsTheMovedKeysAtTheirOldTimesRedoAtTheNew)
{
    DopeSheetFixture f;
    clickKey(f, kTransRow, 2);
    clickKey(f, kTransRow, 3, Qt::ShiftModifier);
    const std::set<doc::KeyId> found{f.key(Kind::Translation, 2), f.key(Kind::Translation, 3)};
    ASSERT_EQ(f.keys.keys(), found);

    const QPoint from = f.tracks().keyPosition(kTransRow, 3);
    leftDrag(f, from, from + QPoint(static_cast<int>(std::lround(2 * f.pixelsPerFrame())), 0));
    QApplication::processEvents();  // the user's next click comes in a later turn
    const std::set<doc::KeyId> left{f.key(Kind::Translation, 2), f.key(Kind::Translation, 3)};
    ASSERT_NE(left, found) << "the drag moved the keys";
    ASSERT_EQ(f.keys.keys(), left);

    // The user selects something else; undo and redo still bring back the edit's own.
    clickKey(f, kRotRow, 0);
    f.document->undoStack()->undo();
    QApplication::processEvents();  // the selection's prune runs after key edits
    EXPECT_EQ(f.keys.keys(), found);

    f.document->undoStack()->redo();
    QApplication::processEvents();
    EXPECT_EQ(f.keys.keys(), left);
}

TEST(KeySelectionUndo, UndoOfADeleteSelectsTheDeletedKeysAgain)
{
    DopeSheetFixture f;
    clickKey(f, kScaleRow, 4);
    clickKey(f, kScaleRow, 6, Qt::ShiftModifier);
    const std::set<doc::KeyId> found = f.keys.keys();
    ASSERT_EQ(found.size(), 2u);
    QTest::keyClick(&f.tracks(), Qt::Key_Delete);
    QApplication::processEvents();
    EXPECT_TRUE(f.keys.isEmpty());

    f.document->undoStack()->undo();
    QApplication::processEvents();
    EXPECT_EQ(f.keys.keys(), found);
    f.document->undoStack()->redo();
    QApplication::processEvents();
    EXPECT_TRUE(f.keys.isEmpty());
}

TEST(KeySelectionUndo, GraphMoveUndoSelectsTheOldTimesRedoTheNew)
{
    GraphFixture f;
    const model::JointIndex j = f.strideWith("pelvis");
    const int c = f.curveIndex(j, Kind::Translation, 0);
    const auto& curve = f.view.curves()[static_cast<std::size_t>(c)];
    const std::set<doc::KeyId> found{curve.keyId(curve.keys[2]), curve.keyId(curve.keys[3])};
    f.keys.setKeys(found);

    const QPoint press = f.keyPoint(c, 3);
    const QPoint to = press + QPoint(static_cast<int>(std::lround(2.0 / 30.0 * f.view.timeAxis().pixelsPerSecond())), 0);
    QTest::mousePress(&f.view, Qt::LeftButton, {}, press);
    dragTo(&f.view, press + QPoint(10, 0), Qt::LeftButton);
    dragTo(&f.view, to, Qt::LeftButton);
    QTest::mouseRelease(&f.view, Qt::LeftButton, {}, to);
    QApplication::processEvents();
    const std::set<doc::KeyId> left = f.keys.keys();
    ASSERT_EQ(left.size(), 2u);
    ASSERT_NE(left, found) << "the drag moved the keys";

    f.keys.clear();
    f.document->undoStack()->undo();
    QApplication::processEvents();
    EXPECT_EQ(f.keys.keys(), found);
    f.document->undoStack()->redo();
    QApplication::processEvents();
    EXPECT_EQ(f.keys.keys(), left);
}

} // namespace
} // namespace marrow::test
