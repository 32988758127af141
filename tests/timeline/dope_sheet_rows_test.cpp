// SPDX-License-Identifier: MIT
// The dope sheet's bone rows (issue 18, "Readable lists"): a click on a
// bone's name selects that bone (Ctrl toggles it into the selection, as in
// the bone tree), and its triangle folds its channel rows away and back;
// keys stay selectable and the fold survives rebuilds.
#include "dope_sheet_test_support.h"

namespace marrow::test {
namespace {

QPoint labelPoint(DopeSheetFixture& f, int row, int x)
{
    return QPoint(x, f.tracks().rowRect(row).center().y());
}

TEST(DopeSheetRows, AClickOnABonesNameSelectsItAndCtrlTogglesIt)
{
    DopeSheetFixture f;
    const model::JointIndex neck = f.joint("neck");
    f.selection.setJoints({f.head, neck});
    ASSERT_EQ(f.tracks().row(kBoneRow).kind, ui::KeyTrackModel::RowKind::Bone);
    const model::JointIndex first = f.tracks().row(kBoneRow).joint;
    QTest::mouseClick(&f.tracks(), Qt::LeftButton, {}, labelPoint(f, kBoneRow, 60));
    ASSERT_EQ(f.selection.joints().size(), 1);
    EXPECT_EQ(f.selection.joints().front(), first) << "the bone alone, as a click in the tree";

    const model::JointIndex other = first == neck ? f.head : neck;
    f.tracks().setOnlySelected(false);  // every animated bone listed
    int otherRow = -1;
    for (int r = 0; r < f.tracks().rowCount(); ++r)
        if (f.tracks().row(r).kind == ui::KeyTrackModel::RowKind::Bone && f.tracks().row(r).joint == other)
            otherRow = r;
    ASSERT_GE(otherRow, 0);
    QTest::mouseClick(&f.tracks(), Qt::LeftButton, Qt::ControlModifier, labelPoint(f, otherRow, 60));
    EXPECT_TRUE(f.selection.isSelected(first));
    EXPECT_TRUE(f.selection.isSelected(other)) << "Ctrl adds it";
    QTest::mouseClick(&f.tracks(), Qt::LeftButton, Qt::ControlModifier, labelPoint(f, otherRow, 60));
    EXPECT_FALSE(f.selection.isSelected(other)) << "and takes it away";
}

TEST(DopeSheetRows, TheTriangleFoldsTheBonesChannelsAndUnfoldsThem)
{
    DopeSheetFixture f;
    ASSERT_EQ(f.tracks().rowCount(), 5);
    QTest::mouseClick(&f.tracks(), Qt::LeftButton, {}, labelPoint(f, kBoneRow, 8));
    ASSERT_EQ(f.tracks().rowCount(), 2) << "the summary and the folded bone";
    EXPECT_TRUE(f.tracks().row(kBoneRow).collapsed);
    EXPECT_EQ(f.selection.joints().size(), 1) << "folding selects nothing else";
    // The bone row still holds every key of the folded channels.
    EXPECT_EQ(f.tracks().row(kBoneRow).times.size(), f.times(Kind::Rotation).size());
    // A rebuild (another clip edit) keeps it folded.
    f.tracks().rebuild();
    EXPECT_EQ(f.tracks().rowCount(), 2);
    QTest::mouseClick(&f.tracks(), Qt::LeftButton, {}, labelPoint(f, kBoneRow, 8));
    EXPECT_EQ(f.tracks().rowCount(), 5);
    EXPECT_FALSE(f.tracks().row(kBoneRow).collapsed);
}

} // namespace
} // namespace marrow::test
