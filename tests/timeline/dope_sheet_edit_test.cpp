// SPDX-License-Identifier: MIT
// The dope sheet's key edits through the widget: a drag moves ghosts only and
// pushes one "Move Keys" on release (snapped, Ctrl free, never below 0,
// overwriting what it lands on), modal G / S / Shift+D, Delete / X, copy and
// paste, T and V menus; each one undo entry that Ctrl+Z takes back.
#include "dope_sheet_test_support.h"

namespace marrow::test {
namespace {

QString undoText(const DopeSheetFixture& f) { return f.document->undoStack()->undoText(); }
int undoCount(const DopeSheetFixture& f) { return f.document->undoStack()->count(); }

TEST(DopeSheetEdit, DragTwoFramesIsOneUndoEntryGhostsUntilRelease)
{
    DopeSheetFixture f;
    boxDrag(f, between(f, kRotRow, 1), between(f, kRotRow, 4));  // rotation keys 2..4
    ASSERT_EQ(f.keys.size(), 3u);
    const std::vector<float> before = f.times(Kind::Rotation);
    const int entries = undoCount(f);
    const QPoint from = f.tracks().keyPosition(kRotRow, 3);
    const QPoint to = from + QPoint(static_cast<int>(std::lround(2 * f.pixelsPerFrame())), 0);
    QTest::mousePress(&f.tracks(), Qt::LeftButton, {}, from);
    dragTo(&f.tracks(), from + QPoint(10, 0), Qt::LeftButton);
    dragTo(&f.tracks(), to, Qt::LeftButton);
    EXPECT_EQ(f.times(Kind::Rotation), before) << "only ghosts move during the drag";
    EXPECT_TRUE(f.tracks().drag().isActive());
    QTest::mouseRelease(&f.tracks(), Qt::LeftButton, {}, to);

    EXPECT_EQ(undoCount(f), entries + 1);
    EXPECT_EQ(undoText(f), QStringLiteral("Move Keys"));
    const std::vector<float>& after = f.times(Kind::Rotation);
    ASSERT_EQ(after.size(), before.size());
    for (std::size_t k = 2; k <= 4; ++k)
        EXPECT_NEAR(after[k], before[k] + 2.0 / 30.0, 1e-6) << "two frames later, key " << k;
    for (std::size_t k = 2; k <= 4; ++k)
        EXPECT_TRUE(onFrame(after[k], 30.0));
    EXPECT_EQ(f.keys.size(), 3u);
    EXPECT_TRUE(f.keys.contains(doc::KeyId{f.head, Kind::Rotation, after[3]})) << "the selection moved with them";

    f.document->undoStack()->undo();
    EXPECT_EQ(f.times(Kind::Rotation), before);
}

TEST(DopeSheetEdit, AKeyDraggedOntoAnotherReplacesItUndoBringsItBack)
{
    DopeSheetFixture f;
    clickKey(f, kTransRow, 2);
    const std::vector<float> before = f.times(Kind::Translation);
    leftDrag(f, f.tracks().keyPosition(kTransRow, 2), f.tracks().keyPosition(kTransRow, 3));
    EXPECT_EQ(f.times(Kind::Translation).size(), before.size() - 1);
    f.document->undoStack()->undo();
    EXPECT_EQ(f.times(Kind::Translation), before);
}

TEST(DopeSheetEdit, CtrlDragsFreelyAndNothingGoesBelowZero)
{
    DopeSheetFixture f;
    clickKey(f, kScaleRow, 4);
    const float was = f.time(Kind::Scale, 4);
    const QPoint from = f.tracks().keyPosition(kScaleRow, 4);
    leftDrag(f, from, from + QPoint(static_cast<int>(std::lround(1.5 * f.pixelsPerFrame())), 0), Qt::ControlModifier);
    const float now = f.time(Kind::Scale, 4);
    EXPECT_NEAR(now - was, 1.5 / 30.0, 1.0 / f.geometry().pixelsPerSecond() + 1e-6);
    EXPECT_FALSE(onFrame(now, 30.0));

    clickKey(f, kScaleRow, 1);
    leftDrag(f, f.tracks().keyPosition(kScaleRow, 1), QPoint(5 + ui::timeline_style::gutterWidth(), 40));
    EXPECT_EQ(f.time(Kind::Scale, 0), 0.f) << "stopped at 0, replacing the key there";
    EXPECT_EQ(f.times(Kind::Scale).size(), 8u);
}

TEST(DopeSheetEdit, ModalGrabFollowsTheMouseClickConfirmsEscCancels)
{
    DopeSheetFixture f;
    clickKey(f, kRotRow, 5);
    const float was = f.time(Kind::Rotation, 5);
    const QPoint start = f.tracks().keyPosition(kRotRow, 5) + QPoint(0, 30);
    hover(f, start);
    QTest::keyClick(&f.tracks(), Qt::Key_G);
    ASSERT_TRUE(f.tracks().drag().isActive());
    hover(f, start + QPoint(static_cast<int>(std::lround(f.pixelsPerFrame())), 0));
    EXPECT_EQ(f.time(Kind::Rotation, 5), was);
    QTest::keyClick(&f.tracks(), Qt::Key_Escape);
    EXPECT_FALSE(f.tracks().drag().isActive());
    EXPECT_EQ(f.time(Kind::Rotation, 5), was) << "Esc cancels";

    const int entries = undoCount(f);
    hover(f, start);
    QTest::keyClick(&f.tracks(), Qt::Key_G);
    const QPoint to = start + QPoint(static_cast<int>(std::lround(f.pixelsPerFrame())), 0);
    hover(f, to);
    QTest::mouseClick(&f.tracks(), Qt::LeftButton, {}, to);
    EXPECT_EQ(undoCount(f), entries + 1);
    EXPECT_NEAR(f.time(Kind::Rotation, 5), was + 1.0 / 30.0, 1e-6);
}

TEST(DopeSheetEdit, ScaleAboutThePlayhead)
{
    DopeSheetFixture f;
    clickKey(f, kRotRow, 4);
    clickKey(f, kRotRow, 6, Qt::ShiftModifier);
    f.playback.setTime(f.time(Kind::Rotation, 4));
    const float lands = f.time(Kind::Rotation, 8);  // twice as far from 4 as 6 is
    hover(f, f.tracks().keyPosition(kRotRow, 6));
    QTest::keyClick(&f.tracks(), Qt::Key_S);
    hover(f, f.tracks().keyPosition(kRotRow, 8));
    QTest::keyClick(&f.tracks(), Qt::Key_Return);
    EXPECT_EQ(undoText(f), QStringLiteral("Scale Keys"));
    const std::vector<float>& t = f.times(Kind::Rotation);
    EXPECT_EQ(t.size(), 8u) << "the key at 6 landed on 8 and replaced it";
    EXPECT_EQ(t.back(), lands);
    EXPECT_TRUE(f.keys.contains(doc::KeyId{f.head, Kind::Rotation, lands}));
}

TEST(DopeSheetEdit, DeleteAndXRemoveTheSelectedKeys)
{
    DopeSheetFixture f;
    clickKey(f, kBoneRow, 3);
    QTest::keyClick(&f.tracks(), Qt::Key_Delete);
    EXPECT_EQ(undoText(f), QStringLiteral("Delete Keys"));
    EXPECT_EQ(f.times(Kind::Translation).size(), 8u);
    EXPECT_EQ(f.times(Kind::Rotation).size(), 8u);
    EXPECT_TRUE(f.keys.isEmpty());
    clickKey(f, kScaleRow, 0);
    QTest::keyClick(&f.tracks(), Qt::Key_X);
    EXPECT_EQ(f.times(Kind::Scale).size(), 7u);
    f.document->undoStack()->undo();
    f.document->undoStack()->undo();
    EXPECT_EQ(f.times(Kind::Scale).size(), 9u);
}

TEST(DopeSheetEdit, CopyPasteAtThePlayhead)
{
    DopeSheetFixture f;
    const anim::QuatChannel before = f.activeClip().findTrack(f.head)->rotation;  // rotations change over time
    clickKey(f, kRotRow, 1);
    clickKey(f, kRotRow, 2, Qt::ShiftModifier);
    QTest::keyClick(&f.tracks(), Qt::Key_C, Qt::ControlModifier);
    f.playback.setFrame(15);
    QTest::keyClick(&f.tracks(), Qt::Key_V, Qt::ControlModifier);
    EXPECT_EQ(undoText(f), QStringLiteral("Paste Keys"));
    const anim::QuatChannel& after = f.activeClip().findTrack(f.head)->rotation;
    const auto at = std::find(after.times.begin(), after.times.end(), static_cast<float>(f.playback.time()));
    ASSERT_NE(at, after.times.end()) << "the earliest copy lands on the playhead";
    EXPECT_EQ(after.values[static_cast<std::size_t>(at - after.times.begin())], before.values[1]);
    EXPECT_EQ(f.keys.size(), 2u) << "the pasted keys are selected";
}

TEST(DopeSheetEdit, ShiftDDuplicatesAndMovesTheCopies)
{
    DopeSheetFixture f;
    clickKey(f, kTransRow, 1);
    const QPoint start = f.tracks().keyPosition(kTransRow, 1);
    hover(f, start);
    QTest::keyClick(&f.tracks(), Qt::Key_D, Qt::ShiftModifier);
    const QPoint to = start + QPoint(static_cast<int>(std::lround(f.pixelsPerFrame())), 0);
    hover(f, to);
    QTest::mouseClick(&f.tracks(), Qt::LeftButton, {}, to);
    EXPECT_EQ(undoText(f), QStringLiteral("Duplicate Keys"));
    EXPECT_EQ(f.times(Kind::Translation).size(), 10u) << "the original stays";
    EXPECT_NEAR(f.time(Kind::Translation, 2), f.time(Kind::Translation, 1) + 1.0 / 30.0, 1e-6);
    EXPECT_EQ(f.keys.keys(), (std::set<doc::KeyId>{f.key(Kind::Translation, 2)})) << "the copy is selected";
}

TEST(DopeSheetEdit, TSetsInterpolationVSetsTangentMode)
{
    DopeSheetFixture f;
    clickKey(f, kRotRow, 2);
    QTest::keyClick(&f.tracks(), Qt::Key_T);
    ASSERT_TRUE(chooseFromPopup(f, QStringLiteral("Constant")));
    EXPECT_EQ(undoText(f), QStringLiteral("Set Interpolation"));
    const anim::QuatChannel& r = f.activeClip().findTrack(f.head)->rotation;
    EXPECT_EQ(r.segment(2), anim::Interpolation::Step);
    EXPECT_EQ(f.tracks().row(kRotRow).interpolations[2], anim::Interpolation::Step) << "drawn as a square";

    QTest::keyClick(&f.tracks(), Qt::Key_T);
    ASSERT_TRUE(chooseFromPopup(f, QStringLiteral("Cubic")));
    QTest::keyClick(&f.tracks(), Qt::Key_V);
    ASSERT_TRUE(chooseFromPopup(f, QStringLiteral("Flat")));
    EXPECT_EQ(undoText(f), QStringLiteral("Set Tangent Mode"));
    EXPECT_EQ(f.activeClip().findTrack(f.head)->rotation.tangentMode(2), anim::TangentMode::Flat);
}

} // namespace
} // namespace marrow::test
