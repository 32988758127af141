// SPDX-License-Identifier: MIT
// Home in the dope sheet and the graph editor leaves a margin: the first and
// last keys (and in the graph the highest and lowest) are drawn whole, at
// least a key's half width inside the view, in wide, narrow and short docks.
#include "dope_sheet_test_support.h"
#include "graph_test_support.h"

namespace marrow::test {
namespace {

namespace style = ui::timeline_style;

// The summary row's diamonds are the widest the dope sheet draws.
constexpr int kDopeHalfWidth = style::kSummaryRadius;
// The graph's selected key stamp is 4.5 px in radius.
constexpr int kGraphHalfWidth = 5;

void expectDopeSheetKeysWhole(DopeSheetFixture& f)
{
    f.timeline.geometry().panByPixels(200.0);  // away from the fit, so Home has work to do
    f.timeline.update();
    QTest::keyClick(&f.tracks(), Qt::Key_Home);
    const std::size_t last = f.times(Kind::Translation).size() - 1;
    const int left = style::gutterWidth();
    const int right = f.tracks().visibleRegion().boundingRect().right();
    const int first = f.tracks().keyPosition(0, 0).x();
    const int end = f.tracks().keyPosition(0, last).x();
    EXPECT_GE(first - left, kDopeHalfWidth) << "first key at x " << first << ", view from " << left;
    EXPECT_GE(right - end, kDopeHalfWidth) << "last key at x " << end << ", view to " << right;
}

TEST(HomeMargin, DopeSheetWide)
{
    DopeSheetFixture f;
    expectDopeSheetKeysWhole(f);
}

TEST(HomeMargin, DopeSheetNarrow)
{
    DopeSheetFixture f;
    f.timeline.resize(300, 360);  // as narrow as the transport lets it be
    QApplication::processEvents();
    expectDopeSheetKeysWhole(f);
}

TEST(HomeMargin, DopeSheetWithAScrollBar)
{
    DopeSheetFixture f;
    QList<model::JointIndex> all;
    for (std::size_t j = 0; j < f.document->rig().skeleton.size(); ++j)
        all.push_back(static_cast<model::JointIndex>(j));
    f.selection.setJoints(all);  // rows past the bottom: a vertical scroll bar
    f.timeline.resize(400, 200);
    QApplication::processEvents();
    expectDopeSheetKeysWhole(f);
}

// Every key of every curve lies at least a key's half width inside the plot,
// across (first and last key) and up and down (highest and lowest).
void expectGraphKeysWhole(ui::GraphView& view)
{
    const QRect plot = view.plotRect();
    double lo = 1e9, hi = -1e9, top = 1e9, bottom = -1e9;
    for (std::size_t c = 0; c < view.curves().size(); ++c)
        for (std::size_t k = 0; k < view.curves()[c].keys.size(); ++k) {
            const QPointF p = view.keyPosition(c, k);
            lo = std::min(lo, p.x());
            hi = std::max(hi, p.x());
            top = std::min(top, p.y());
            bottom = std::max(bottom, p.y());
        }
    ASSERT_LT(lo, hi);
    EXPECT_GE(lo - plot.left(), kGraphHalfWidth) << "first key at x " << lo << ", plot from " << plot.left();
    EXPECT_GE(plot.right() - hi, kGraphHalfWidth) << "last key at x " << hi << ", plot to " << plot.right();
    EXPECT_GE(top - plot.top(), kGraphHalfWidth) << "highest key at y " << top << ", plot from " << plot.top();
    EXPECT_GE(plot.bottom() - bottom, kGraphHalfWidth) << "lowest key at y " << bottom << ", plot to " << plot.bottom();
}

TEST(HomeMargin, GraphWideAndNarrow)
{
    for (const QSize size : {QSize(900, 420), QSize(300, 140), QSize(260, 80)}) {
        GraphFixture f(size);
        f.strideWith("pelvis");
        wheel(&f.view, f.view.plotRect().center(), QPoint(0, 480), Qt::ControlModifier);
        f.view.setFocus();
        QTest::keyClick(&f.view, Qt::Key_Home);
        expectGraphKeysWhole(f.view);
    }
}

TEST(HomeMargin, GraphTabOfTheTimeline)
{
    for (const int width : {900, 300}) {
        TimelineFixture f(QSize(width, 360));
        ui::GraphView* graph = f.timeline.addGraphTab(&f.keys);
        f.timeline.viewSelector()->setCurrentIndex(1);
        f.useStride();
        f.selection.selectJoint(f.joint("pelvis"));
        QApplication::processEvents();
        graph->repaint();
        ASSERT_FALSE(graph->curves().empty());
        graph->setFocus();
        QTest::keyClick(graph, Qt::Key_Home);
        expectGraphKeysWhole(*graph);
        // Home from the ruler (the timeline's own action) fits the clip the same way.
        f.ruler().setFocus();
        QTest::keyClick(&f.ruler(), Qt::Key_Home);
        expectGraphKeysWhole(*graph);
    }
}

} // namespace
} // namespace marrow::test
