// SPDX-License-Identifier: MIT
// The dope sheet's key selection with the mouse and keys: click, Shift+click,
// summary and bone rows, box select (Shift adds), Ctrl+A / Alt+A, and
// Up/Down through the shown keys.
#include "dope_sheet_test_support.h"

namespace marrow::test {
namespace {

TEST(DopeSheetSelect, ClickSelectsShiftClickToggles)
{
    DopeSheetFixture f;
    clickKey(f, kRotRow, 2);
    EXPECT_EQ(f.keys.keys(), (std::set<doc::KeyId>{f.key(Kind::Rotation, 2)}));
    clickKey(f, kTransRow, 2, Qt::ShiftModifier);
    EXPECT_EQ(f.keys.size(), 2u);
    clickKey(f, kRotRow, 2, Qt::ShiftModifier);
    EXPECT_EQ(f.keys.keys(), (std::set<doc::KeyId>{f.key(Kind::Translation, 2)}));
    clickKey(f, kTransRow, 4);
    EXPECT_EQ(f.keys.keys(), (std::set<doc::KeyId>{f.key(Kind::Translation, 4)})) << "a plain click replaces";
}

TEST(DopeSheetSelect, BoneAndSummaryKeysSelectEverythingUnderThem)
{
    DopeSheetFixture f;
    clickKey(f, kBoneRow, 5);
    EXPECT_EQ(f.keys.keys(), (std::set<doc::KeyId>{f.key(Kind::Translation, 5), f.key(Kind::Rotation, 5),
                                                   f.key(Kind::Scale, 5)}));
    clickKey(f, 0, 6);
    const float t = f.time(Kind::Rotation, 6);
    std::size_t expected = 0;
    for (const anim::JointTrack& track : f.activeClip().tracks)
        for (const auto* times : {&track.translation.times, &track.rotation.times, &track.scale.times})
            expected += std::count(times->begin(), times->end(), t) > 0 ? 1 : 0;
    EXPECT_EQ(f.keys.size(), expected) << "the summary stands for every key of the clip at that time";
    EXPECT_GT(expected, 3u);
}

TEST(DopeSheetSelect, DragOnEmptySpaceBoxSelectsShiftAdds)
{
    DopeSheetFixture f;
    // From between keys 1 and 2 of the translation row to between 4 and 5 of the rotation row.
    const QPoint from = between(f, kTransRow, 1);
    const QPoint to = between(f, kRotRow, 4);
    boxDrag(f, from, to);
    std::set<doc::KeyId> expected;
    for (std::size_t k = 2; k <= 4; ++k) {
        expected.insert(f.key(Kind::Translation, k));
        expected.insert(f.key(Kind::Rotation, k));
    }
    EXPECT_EQ(f.keys.keys(), expected);
    const double playhead = f.playback.time();
    boxDrag(f, between(f, kScaleRow, 6), between(f, kScaleRow, 7), Qt::ShiftModifier);
    expected.insert(f.key(Kind::Scale, 7));
    EXPECT_EQ(f.keys.keys(), expected) << "Shift adds";
    EXPECT_EQ(f.playback.time(), playhead) << "a box does not scrub";
    boxDrag(f, between(f, kScaleRow, 6), between(f, kScaleRow, 7));
    EXPECT_EQ(f.keys.keys(), (std::set<doc::KeyId>{f.key(Kind::Scale, 7)})) << "without Shift it replaces";
}

TEST(DopeSheetSelect, CtrlASelectsAllAltADeselects)
{
    DopeSheetFixture f;
    QTest::keyClick(&f.tracks(), Qt::Key_A, Qt::ControlModifier);
    EXPECT_GE(f.keys.size(), 27u);
    EXPECT_TRUE(f.keys.contains(f.key(Kind::Scale, 8)));
    QTest::keyClick(&f.tracks(), Qt::Key_A, Qt::AltModifier);
    EXPECT_TRUE(f.keys.isEmpty());
}

TEST(DopeSheetSelect, UpAndDownJumpThroughTheShownKeys)
{
    DopeSheetFixture f;
    f.playback.setTime(0.0);
    QTest::keyClick(&f.tracks(), Qt::Key_Up);
    EXPECT_DOUBLE_EQ(f.playback.time(), f.time(Kind::Rotation, 1));
    QTest::keyClick(&f.tracks(), Qt::Key_Up);
    EXPECT_DOUBLE_EQ(f.playback.time(), f.time(Kind::Rotation, 2));
    QTest::keyClick(&f.tracks(), Qt::Key_Down);
    EXPECT_DOUBLE_EQ(f.playback.time(), f.time(Kind::Rotation, 1));
}

TEST(DopeSheetSelect, SelectedFlagsMarkTheKeyInEveryRowShowingIt)
{
    DopeSheetFixture f;
    clickKey(f, kRotRow, 3);
    ASSERT_EQ(f.keys.size(), 1u);
    // The selection's rows repaint orange: the model's flag is on for that key only.
    EXPECT_TRUE(f.tracks().row(kRotRow).selected[3]);
    EXPECT_FALSE(f.tracks().row(kRotRow).selected[2]);
    EXPECT_TRUE(f.tracks().row(kBoneRow).selected[3]);
    EXPECT_TRUE(f.tracks().row(0).selected[3]);
}

} // namespace
} // namespace marrow::test
