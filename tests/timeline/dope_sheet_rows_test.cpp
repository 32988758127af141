// SPDX-License-Identifier: MIT
// The dope sheet's bone rows (issue 18, "Readable lists"): a click on a
// bone's name selects that bone (Ctrl toggles it into the selection, as in
// the bone tree), and its triangle folds its channel rows away and back;
// keys stay selectable and the fold survives rebuilds.
#include "dope_sheet_test_support.h"

#include "widgets/timeline/graph/graph_view.h"

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

namespace marrow::test {
namespace {

namespace style = ui::timeline_style;

// The label column is one width for every timeline view; a test that
// resizes it puts it back.
struct GutterRestorer {
    ~GutterRestorer() { style::setGutterWidth(style::kDefaultGutterWidth); }
};

TEST(DopeSheetRows, DraggingTheLabelColumnsEdgeResizesItForTheWholeTimeline)
{
    GutterRestorer restore;
    DopeSheetFixture f;
    f.timeline.addGraphTab(&f.keys);
    QApplication::processEvents();
    const int before = style::gutterWidth();
    const QPoint key = f.tracks().keyPosition(kRotRow, 2);
    const double keyTime = f.timeAtX(key.x());
    const double rulerWidth = f.geometry().width();

    const int y = f.tracks().rowRect(kRotRow).center().y();
    QTest::mousePress(&f.tracks(), Qt::LeftButton, {}, QPoint(before, y));
    dragTo(&f.tracks(), QPoint(before + 30, y), Qt::LeftButton);
    dragTo(&f.tracks(), QPoint(before + 60, y), Qt::LeftButton);
    QTest::mouseRelease(&f.tracks(), Qt::LeftButton, {}, QPoint(before + 60, y));

    EXPECT_EQ(style::gutterWidth(), before + 60);
    EXPECT_DOUBLE_EQ(f.geometry().width(), rulerWidth - 60) << "the time axis gave up the room";
    EXPECT_NEAR(f.timeAtX(f.tracks().keyPosition(kRotRow, 2).x()), keyTime, 1e-9) << "the key's time is unchanged";
    EXPECT_EQ(f.ruler().timeToX(keyTime), f.tracks().keyPosition(kRotRow, 2).x()) << "ruler and rows stay aligned";
    EXPECT_GE(f.timeline.graphView()->plotRect().left(), before + 60) << "the graph's plot moved with it";
    EXPECT_TRUE(f.selection.joints().size() == 1 && f.keys.keys().empty()) << "the drag selected nothing";

    // Never narrower than its minimum.
    QTest::mousePress(&f.tracks(), Qt::LeftButton, {}, QPoint(style::gutterWidth(), y));
    dragTo(&f.tracks(), QPoint(10, y), Qt::LeftButton);
    QTest::mouseRelease(&f.tracks(), Qt::LeftButton, {}, QPoint(10, y));
    EXPECT_EQ(style::gutterWidth(), style::kMinGutterWidth);
}

} // namespace
} // namespace marrow::test
