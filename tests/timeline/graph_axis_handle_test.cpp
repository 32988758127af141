// SPDX-License-Identifier: MIT
// The graph view's screen maths (Qt-free): the value axis mapping, point hit
// tests and box selection, and tangent handle geometry (a drag gives the
// slope per second exactly).
#include "widgets/timeline/graph/graph_hit.h"
#include "widgets/timeline/graph/tangent_handle.h"
#include "widgets/timeline/graph/value_axis.h"

#include <gtest/gtest.h>

#include <cmath>

namespace marrow::test {
namespace {

using namespace ui::graph;

TEST(GraphValueAxis, MapsValuesUpwardsAndBack)
{
    ValueAxis axis(200.0, -1.0, 3.0);
    EXPECT_EQ(axis.pixelsPerUnit(), 50.0);
    EXPECT_EQ(axis.valueToPixel(3.0), 0.0);
    EXPECT_EQ(axis.valueToPixel(-1.0), 200.0);
    EXPECT_EQ(axis.pixelToValue(100.0), 1.0);
    axis.setRange(2.0, 2.0);  // not a range: ignored
    EXPECT_EQ(axis.top(), 3.0);
    axis.setHeight(-5.0);
    EXPECT_EQ(axis.height(), 1.0);
}

TEST(GraphValueAxis, ZoomKeepsTheAnchorAndPanFollowsTheHand)
{
    ValueAxis axis(200.0, 0.0, 10.0);
    const double anchor = axis.pixelToValue(50.0);
    axis.zoomAbout(50.0, 2.0);
    EXPECT_NEAR(axis.pixelToValue(50.0), anchor, 1e-12);
    EXPECT_NEAR(axis.top() - axis.bottom(), 5.0, 1e-12);
    axis.zoomAbout(50.0, 1e-30);  // clamped to the widest span
    EXPECT_LE(axis.top() - axis.bottom(), ValueAxis::kMaxSpan * (1 + 1e-12));
    ValueAxis pan(100.0, 0.0, 10.0);
    pan.panByPixels(20.0);  // hand moved down: higher values come into view
    EXPECT_NEAR(pan.top(), 12.0, 1e-12);
    EXPECT_NEAR(pan.bottom(), 2.0, 1e-12);
}

TEST(GraphValueAxis, FitAddsMarginsAndOpensFlatRanges)
{
    ValueAxis axis(100.0, 0.0, 1.0);
    axis.fit(2.0, 6.0, 0.25);
    EXPECT_EQ(axis.bottom(), 1.0);
    EXPECT_EQ(axis.top(), 7.0);
    axis.fit(5.0, 5.0, 0.0);
    EXPECT_EQ(axis.bottom(), 2.5);
    EXPECT_EQ(axis.top(), 7.5);
}

TEST(GraphValueAxis, TickStepIsOneTwoFiveAndReadable)
{
    ValueAxis axis(400.0, 0.0, 100.0);  // 4 px per unit
    EXPECT_EQ(axis.tickStep(40.0), 10.0);
    EXPECT_EQ(axis.tickStep(41.0), 20.0);
    ValueAxis fine(400.0, 0.0, 0.1);  // 4000 px per unit
    EXPECT_NEAR(fine.tickStep(40.0), 0.01, 1e-15);
}

TEST(GraphHit, NearestPointWithinRadiusLaterWinsTies)
{
    const std::vector<ScreenPoint> points{{10, 10}, {20, 10}, {20, 10}};
    EXPECT_EQ(nearestPoint(points, 12, 10, 5), 0u);
    EXPECT_EQ(nearestPoint(points, 19, 10, 5), 2u) << "equal points: the later is on top";
    EXPECT_FALSE(nearestPoint(points, 40, 40, 5));
    EXPECT_EQ(pointsInBox(points, {15, 0}, {5, 20}), (std::vector<std::size_t>{0}));
    EXPECT_EQ(pointsInBox(points, {0, 0}, {20, 10}).size(), 3u) << "edges count";
}

TEST(GraphTangentHandle, OffsetHasFixedLengthAlongTheSlope)
{
    const HandleScales scales{100.0, 50.0, 40.0};
    const ScreenPoint out = handleOffset(2.0, HandleSide::Out, scales);  // 1 s: (100, -100) px
    EXPECT_NEAR(std::hypot(out.x, out.y), 40.0, 1e-12);
    EXPECT_NEAR(out.x, -out.y, 1e-12);
    EXPECT_GT(out.x, 0.0);
    const ScreenPoint in = handleOffset(2.0, HandleSide::In, scales);
    EXPECT_EQ(in.x, -out.x);
    EXPECT_EQ(in.y, -out.y);
    EXPECT_EQ(handleOffset(0.0, HandleSide::Out, scales), (ScreenPoint{40.0, 0.0}));
}

TEST(GraphTangentHandle, DragGivesTheSlopePerSecondExactly)
{
    const HandleScales scales{100.0, 50.0, 40.0};
    // 40 px right is 0.4 s; 20 px up is +0.4: slope 1 per second.
    EXPECT_EQ(slopeFromHandle({40.0, -20.0}, HandleSide::Out, scales), 1.0);
    // The in handle, left and below the key, is the same tangent.
    EXPECT_EQ(slopeFromHandle({-40.0, 20.0}, HandleSide::In, scales), 1.0);
    EXPECT_EQ(slopeFromHandle({25.0, 0.0}, HandleSide::Out, scales), 0.0);
    // Past the key's time the handle stays kMinHandleDx on its side.
    EXPECT_EQ(slopeFromHandle({-10.0, -10.0}, HandleSide::Out, scales), (10.0 / 50.0) / (kMinHandleDx / 100.0));
    for (const double slope : {-7.5, -0.25, 0.0, 0.3, 12.0})
        for (const HandleSide side : {HandleSide::In, HandleSide::Out})
            EXPECT_NEAR(slopeFromHandle(handleOffset(slope, side, scales), side, scales), slope, 1e-12);
}

} // namespace
} // namespace marrow::test
