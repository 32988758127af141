// SPDX-License-Identifier: MIT
// GraphView, more edits and the view: the legend hides a channel, a
// vertical key drag moves the grabbed component's value, Escape cancels a
// drag, and a shared time axis lines the graph up with the dope sheet.
#include "graph_test_support.h"

#include <QSignalSpy>

namespace marrow::test {
namespace {

using doc::ChannelKind;
namespace style = ui::timeline_style;

TEST(GraphView, LegendRowShowsAndHidesAChannel)
{
    GraphFixture f;
    const model::JointIndex j = f.strideWith("pelvis");
    ASSERT_EQ(f.view.curves().size(), 10u);
    // Rows: the joint, then Location, Rotation, Scale, each with its axes.
    const auto row = f.view.channelRowIndex({ui::graph::ChannelRow::Type::Channel, j, ChannelKind::Rotation, -1});
    ASSERT_TRUE(row.has_value());
    const QPoint rotationRow(40, f.view.channelRowRect(*row).center().y());
    QTest::mouseClick(&f.view, Qt::LeftButton, {}, rotationRow);
    EXPECT_FALSE(f.view.isChannelShown(j, ChannelKind::Rotation));
    ASSERT_EQ(f.view.curves().size(), 6u);
    for (const auto& c : f.view.curves())
        EXPECT_NE(c.kind, ChannelKind::Rotation);
    QTest::mouseClick(&f.view, Qt::LeftButton, {}, rotationRow);
    EXPECT_EQ(f.view.curves().size(), 10u);
}

TEST(GraphView, VerticalKeyDragMovesTheGrabbedComponent)
{
    GraphFixture f;
    const model::JointIndex j = f.strideWith("pelvis");
    const auto [curve, k] = f.isolatedKey(j, ChannelKind::Translation);
    ASSERT_GE(curve, 0);
    const int comp = f.view.curves()[static_cast<std::size_t>(curve)].component;
    const std::size_t index = f.view.curves()[static_cast<std::size_t>(curve)].keys[k].index;
    const anim::Vec3Channel before = f.track(j).translation;
    const int entries = f.document->undoStack()->count();

    const QPoint press = f.keyPoint(curve, k);
    const QPoint to = press + QPoint(0, -40);
    QTest::mousePress(&f.view, Qt::LeftButton, {}, press);
    dragTo(&f.view, press + QPoint(0, -10), Qt::LeftButton);
    dragTo(&f.view, to, Qt::LeftButton);
    QTest::mouseRelease(&f.view, Qt::LeftButton, {}, to);

    const anim::Vec3Channel& after = f.track(j).translation;
    ASSERT_EQ(after.times, before.times) << "no time moved";
    const float dv = static_cast<float>(40.0 / f.view.valueAxis().pixelsPerUnit());
    EXPECT_FLOAT_EQ(after.values[index][comp], before.values[index][comp] + dv);
    EXPECT_EQ(after.values[index][(comp + 1) % 3], before.values[index][(comp + 1) % 3]);
    EXPECT_EQ(f.document->undoStack()->count(), entries + 1);
}

TEST(GraphView, EscapeCancelsAKeyDrag)
{
    GraphFixture f;
    const model::JointIndex j = f.strideWith("pelvis");
    const auto [curve, k] = f.isolatedKey(j, ChannelKind::Translation);
    ASSERT_GE(curve, 0);
    const anim::JointTrack before = f.track(j);
    const int entries = f.document->undoStack()->count();
    const QPoint press = f.keyPoint(curve, k);
    f.view.setFocus();
    QTest::mousePress(&f.view, Qt::LeftButton, {}, press);
    dragTo(&f.view, press + QPoint(60, -30), Qt::LeftButton);
    EXPECT_NE(f.view.keyPosition(static_cast<std::size_t>(curve), k).toPoint(), press) << "the preview follows";
    QTest::keyClick(&f.view, Qt::Key_Escape);
    QTest::mouseRelease(&f.view, Qt::LeftButton, {}, press + QPoint(60, -30));
    EXPECT_EQ(f.document->undoStack()->count(), entries);
    EXPECT_EQ(f.track(j), before);
    EXPECT_EQ(f.keyPoint(curve, k), press);
}

TEST(GraphView, DraggingARotationHandleSetsTheDrawnComponentSlope)
{
    GraphFixture f;
    const model::JointIndex j = f.strideWith("pelvis");
    f.editRotation(j, [](anim::QuatChannel& c) {
        anim::setKeyInterpolation(c, allKeys(c.size()), anim::Interpolation::CubicSpline);
        anim::setKeyTangentMode(c, allKeys(c.size()), anim::TangentMode::AutoClamped);
    });
    ASSERT_TRUE(f.track(j).rotation.anyCubic());
    f.showOnly(j, ChannelKind::Rotation);
    const auto [curve, k] = f.isolatedKey(j, ChannelKind::Rotation);
    ASSERT_GE(curve, 0);
    const std::size_t cu = static_cast<std::size_t>(curve);
    f.keys.setKeys({f.view.curves()[cu].keyId(f.view.curves()[cu].keys[k])});
    const auto handle = f.view.handlePosition(cu, k, ui::graph::HandleSide::Out);
    ASSERT_TRUE(handle.has_value()) << "rotation keys get handles too";
    const std::size_t index = f.view.curves()[cu].keys[k].index;
    ASSERT_EQ(f.track(j).rotation.tangentMode(index), anim::TangentMode::AutoClamped);
    const int entries = f.document->undoStack()->count();
    const QPoint start = handle->toPoint();
    const QPoint end = start + QPoint(-10, -25);
    leftDrag(&f.view, start, end);
    EXPECT_EQ(f.document->undoStack()->count(), entries + 1);
    EXPECT_EQ(f.track(j).rotation.tangentMode(index), anim::TangentMode::Aligned);

    // The handle now points where it was dropped: the drawn slope is the dragged one.
    const ui::graph::HandleScales scales{f.view.timeAxis().pixelsPerSecond(), f.view.valueAxis().pixelsPerUnit()};
    const QPointF key = f.view.keyPosition(cu, k);
    const double wanted = ui::graph::slopeFromHandle({end.x() - key.x(), end.y() - key.y()},
                                                     ui::graph::HandleSide::Out, scales);
    const auto moved = f.view.handlePosition(cu, k, ui::graph::HandleSide::Out);
    ASSERT_TRUE(moved.has_value());
    const double drawn = ui::graph::slopeFromHandle({moved->x() - key.x(), moved->y() - key.y()},
                                                    ui::graph::HandleSide::Out, scales);
    EXPECT_NEAR(drawn, wanted, 1e-3 * std::abs(wanted) + 1e-3);
}

TEST(GraphView, WithoutItsRulerThePlotStartsAtTheTop)
{
    GraphFixture f;
    f.strideWith("pelvis");
    f.view.setRulerVisible(false);
    EXPECT_EQ(f.view.plotRect().top(), 0);
    EXPECT_EQ(f.view.valueAxis().height(), f.view.height());
    f.playback.setTime(0.0);
    QTest::mouseClick(&f.view, Qt::LeftButton, {}, QPoint(f.view.width() / 2, 4));
    EXPECT_EQ(f.playback.time(), 0.0) << "no strip to scrub in";
    f.view.setRulerVisible(true);
    EXPECT_EQ(f.view.plotRect().top(), style::kRulerHeight);
}

TEST(GraphView, SharedTimeAxisLinesUpWithTheDopeSheet)
{
    TimelineFixture t;
    t.useStride();
    ws::KeySelection keys(t.document.get(), &t.selection);
    ui::GraphView graph(t.document.get(), &t.selection, &t.playback, &keys, &t.timeline.geometry());
    graph.resize(t.timeline.width(), 300);
    graph.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&graph));
    t.selection.selectJoint(t.joint("pelvis"));
    graph.repaint();
    ASSERT_FALSE(graph.curves().empty());
    const auto& key = graph.curves()[0].keys[5];
    EXPECT_EQ(std::lround(graph.keyPosition(0, 5).x()), t.xOf(key.time)) << "same x as the dope sheet";

    QSignalSpy changed(&graph, &ui::GraphView::viewChanged);
    const double before = t.geometry().pixelsPerSecond();
    wheel(&graph, graph.plotRect().center(), QPoint(0, 120), Qt::ControlModifier);
    EXPECT_GT(t.geometry().pixelsPerSecond(), before) << "Ctrl+wheel zooms the shared time axis";
    EXPECT_EQ(changed.count(), 1);
    const double top = graph.valueAxis().top();
    wheel(&graph, graph.plotRect().center(), QPoint(0, 120));
    EXPECT_LT(graph.valueAxis().top(), top) << "the plain wheel zooms values";
}

} // namespace
} // namespace marrow::test
