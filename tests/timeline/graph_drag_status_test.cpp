// SPDX-License-Identifier: MIT
// A graph view key drag says what it would do (issue 17): the frames it
// moves, that time 0 stopped it, and how many keys it would merge; the
// readout ends with the drag.
#include "graph_test_support.h"

#include <QSignalSpy>

namespace marrow::test {
namespace {

using doc::ChannelKind;

TEST(GraphDragStatus, DraggingPastZeroStopsThereAndCountsTheKeyLandedOn)
{
    GraphFixture f;
    const model::JointIndex j = f.strideWith("pelvis");
    const auto [curve, k] = f.isolatedKey(j, ChannelKind::Translation);
    ASSERT_GE(curve, 0);
    ASSERT_GT(k, 0u) << "a key after the one at time 0";
    QSignalSpy status(&f.view, &ui::GraphView::dragStatusChanged);
    const QPoint press = f.keyPoint(curve, k);
    f.view.setFocus();
    QTest::mousePress(&f.view, Qt::LeftButton, {}, press);
    dragTo(&f.view, press - QPoint(20, 0), Qt::LeftButton);
    dragTo(&f.view, QPoint(ui::timeline_style::gutterWidth() + 1, press.y()), Qt::LeftButton);
    ASSERT_FALSE(status.isEmpty());
    const QString text = status.last().at(0).toString();
    EXPECT_TRUE(text.startsWith(QStringLiteral("Move -"))) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("stops at frame 0"))) << text.toStdString();
    EXPECT_EQ(status.last().at(1).toInt(), 1) << "the key at time 0 would go";
    QTest::keyClick(&f.view, Qt::Key_Escape);
    EXPECT_TRUE(status.last().at(0).toString().isEmpty()) << "the readout ends with the drag";
    QTest::mouseRelease(&f.view, Qt::LeftButton, {}, press);
}

} // namespace
} // namespace marrow::test
