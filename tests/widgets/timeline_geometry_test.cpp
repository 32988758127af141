// SPDX-License-Identifier: MIT
// TimelineGeometry: the pure time <-> pixel mapping behind the ruler and key tracks.
#include "widgets/timeline/timeline_geometry.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

using marrow::ui::TickStep;
using marrow::ui::TimelineGeometry;

namespace {

TEST(TimelineGeometry, MapsTheVisibleRangeOntoTheWidth)
{
    const TimelineGeometry g(1000.0, 2.0, 6.0, 30.0);
    EXPECT_DOUBLE_EQ(g.pixelsPerSecond(), 250.0);
    EXPECT_DOUBLE_EQ(g.timeToPixel(2.0), 0.0);
    EXPECT_DOUBLE_EQ(g.timeToPixel(6.0), 1000.0);
    EXPECT_DOUBLE_EQ(g.pixelToTime(500.0), 4.0);
    EXPECT_DOUBLE_EQ(g.visibleEnd(), 6.0);
}

TEST(TimelineGeometry, TimeToPixelToTimeRoundTrips)
{
    TimelineGeometry g(937.0, -0.3, 7.7, 24.0);
    for (int zoom = 0; zoom < 4; ++zoom) {
        for (double t = -1.0; t <= 9.0; t += 0.173) {
            EXPECT_NEAR(g.pixelToTime(g.timeToPixel(t)), t, 1e-12);
        }
        for (double px = -50.0; px <= 1000.0; px += 7.3)
            EXPECT_NEAR(g.timeToPixel(g.pixelToTime(px)), px, 1e-9);
        g.zoomAbout(300.0, 3.7);
    }
}

TEST(TimelineGeometry, RejectsInvalidSettings)
{
    TimelineGeometry g(800.0, 0.0, 4.0, 30.0);
    g.setVisibleRange(3.0, 3.0);
    g.setVisibleRange(5.0, 1.0);
    g.setVisibleRange(0.0, NAN);
    EXPECT_DOUBLE_EQ(g.visibleStart(), 0.0);
    EXPECT_DOUBLE_EQ(g.visibleEnd(), 4.0);
    g.setFps(0.0);
    g.setFps(-24.0);
    g.setFps(INFINITY);
    EXPECT_DOUBLE_EQ(g.fps(), 30.0);
    g.setWidth(0.0);
    EXPECT_DOUBLE_EQ(g.width(), 1.0);
    g.zoomAbout(10.0, 0.0);
    g.zoomAbout(10.0, NAN);
    EXPECT_DOUBLE_EQ(g.pixelsPerSecond(), 200.0);
}

TEST(TimelineGeometry, ZoomKeepsTheTimeUnderTheCursor)
{
    TimelineGeometry g(1200.0, 0.0, 10.0, 30.0);
    for (const double anchor : {0.0, 137.0, 600.0, 1199.0}) {
        for (const double factor : {2.0, 0.5, 1.25, 10.0, 0.01}) {
            const double before = g.pixelToTime(anchor);
            g.zoomAbout(anchor, factor);
            EXPECT_NEAR(g.pixelToTime(anchor), before, 1e-9) << "anchor " << anchor << " factor " << factor;
        }
    }
    // Zooming in shows less time, and a clamped zoom still keeps the anchor.
    const double duration = g.visibleDuration();
    g.zoomAbout(400.0, 2.0);
    EXPECT_NEAR(g.visibleDuration(), duration / 2.0, 1e-9);
    const double anchored = g.pixelToTime(400.0);
    g.zoomAbout(400.0, 1e12);
    EXPECT_DOUBLE_EQ(g.pixelsPerSecond(), TimelineGeometry::kMaxPixelsPerSecond);
    EXPECT_NEAR(g.pixelToTime(400.0), anchored, 1e-9);
    g.zoomAbout(400.0, 1e-12);
    EXPECT_DOUBLE_EQ(g.pixelsPerSecond(), TimelineGeometry::kMinPixelsPerSecond);
    EXPECT_NEAR(g.pixelToTime(400.0), anchored, 1e-6);
}

TEST(TimelineGeometry, PanMovesByPixelsAtTheCurrentScale)
{
    TimelineGeometry g(1000.0, 0.0, 10.0, 30.0);  // 100 px/s
    g.panByPixels(250.0);
    EXPECT_DOUBLE_EQ(g.visibleStart(), 2.5);
    EXPECT_DOUBLE_EQ(g.visibleDuration(), 10.0);
    EXPECT_DOUBLE_EQ(g.timeToPixel(2.5), 0.0);
    g.panByPixels(-500.0);
    EXPECT_DOUBLE_EQ(g.visibleStart(), -2.5);
}

TEST(TimelineGeometry, SnapsToFramesAt24And30Fps)
{
    TimelineGeometry g(800.0, 0.0, 2.0, 24.0);
    EXPECT_DOUBLE_EQ(g.snapToFrame(0.0), 0.0);
    EXPECT_DOUBLE_EQ(g.snapToFrame(0.02), 0.0);            // under half a frame (1/48 s)
    EXPECT_DOUBLE_EQ(g.snapToFrame(0.03), 1.0 / 24.0);     // over half a frame
    EXPECT_DOUBLE_EQ(g.snapToFrame(1.0 + 0.3 / 24.0), 1.0);
    EXPECT_EQ(g.frameAt(0.5), 12);
    for (long long n = 0; n < 100; ++n)
        EXPECT_DOUBLE_EQ(g.snapToFrame(static_cast<double>(n) / 24.0 + 0.004), static_cast<double>(n) / 24.0);

    g.setFps(30.0);
    EXPECT_DOUBLE_EQ(g.snapToFrame(0.02), 1.0 / 30.0);     // 0.6 of a frame
    EXPECT_DOUBLE_EQ(g.snapToFrame(0.016), 0.0);           // 0.48 of a frame
    EXPECT_EQ(g.frameAt(1.0), 30);
    EXPECT_DOUBLE_EQ(g.snapToFrame(-0.02), -1.0 / 30.0);
    for (long long n = 0; n < 100; ++n)
        EXPECT_DOUBLE_EQ(g.snapToFrame(static_cast<double>(n) / 30.0 - 0.004), static_cast<double>(n) / 30.0);
}

TEST(TimelineGeometry, TickStepIsReadableAndMonotonicInZoom)
{
    for (const double fps : {24.0, 30.0}) {
        TimelineGeometry g(1000.0, 0.0, 1000.0, fps);
        double previous = INFINITY;
        // From 1 px per second up to one frame every 2000 px.
        while (g.pixelsPerSecond() < fps * 2000.0) {
            const TickStep step = g.tickStep(60.0);
            EXPECT_LE(step.seconds, previous) << "zooming in never widens the step";
            previous = step.seconds;
            const double frame = 1.0 / fps;
            EXPECT_GE(step.seconds, frame - 1e-12) << "never below one frame";
            if (step.seconds > frame + 1e-12) {
                EXPECT_GE(step.seconds * g.pixelsPerSecond(), 60.0 - 1e-9) << "ticks at least 60 px apart";
            }
            if (step.frames > 0) {
                EXPECT_LT(step.seconds, 1.0);
                EXPECT_DOUBLE_EQ(step.seconds, step.frames / fps);
            } else {
                // 1, 2 or 5 x 10^n seconds.
                const double decade = std::pow(10.0, std::floor(std::log10(step.seconds) + 1e-9));
                const double mantissa = step.seconds / decade;
                EXPECT_TRUE(std::abs(mantissa - 1.0) < 1e-9 || std::abs(mantissa - 2.0) < 1e-9
                            || std::abs(mantissa - 5.0) < 1e-9)
                    << step.seconds;
                EXPECT_GE(step.seconds, 1.0);
            }
            g.zoomAbout(0.0, 1.1);
        }
        EXPECT_DOUBLE_EQ(previous, 1.0 / fps) << "fully zoomed in, ticks are frames";
    }
    // Concrete readings at 30 fps.
    TimelineGeometry g(1000.0, 0.0, 10.0, 30.0);  // 100 px/s: 60 px wants 0.6 s
    EXPECT_EQ(g.tickStep(60.0).frames, 20);
    g.setVisibleRange(0.0, 100.0);                // 10 px/s: 6 s -> 10 s
    EXPECT_DOUBLE_EQ(g.tickStep(60.0).seconds, 10.0);
    EXPECT_EQ(g.tickStep(60.0).frames, 0);
}

TEST(TimelineGeometry, HitsKeyDiamondsWithinTheRadius)
{
    const TimelineGeometry g(1000.0, 0.0, 10.0, 30.0);  // 100 px/s
    const std::vector<double> keys{1.0, 2.0, 2.05, 5.0};  // at 100, 200, 205, 500 px
    EXPECT_EQ(g.hitKey(keys, 100.0, 20.0, 20.0, 6.0), 0u);
    EXPECT_EQ(g.hitKey(keys, 104.0, 21.0, 20.0, 6.0), 0u);   // |4| + |1| <= 6
    EXPECT_FALSE(g.hitKey(keys, 104.0, 23.0, 20.0, 6.0));    // diamond corner: |4| + |3| > 6
    EXPECT_FALSE(g.hitKey(keys, 100.0, 27.0, 20.0, 6.0));    // another row
    EXPECT_FALSE(g.hitKey(keys, 350.0, 20.0, 20.0, 6.0));
    EXPECT_EQ(g.hitKey(keys, 201.0, 20.0, 20.0, 6.0), 1u);   // nearest of two overlapping diamonds
    EXPECT_EQ(g.hitKey(keys, 204.0, 20.0, 20.0, 6.0), 2u);
    EXPECT_EQ(g.hitKey(keys, 202.5, 20.0, 20.0, 6.0), 2u);   // a tie goes to the later (top) key
    EXPECT_EQ(g.hitKey(keys, 494.0, 20.0, 20.0, 6.0), 3u);   // exactly on the edge
    EXPECT_FALSE(g.hitKey({}, 100.0, 20.0, 20.0, 6.0));
    EXPECT_FALSE(g.hitKey(keys, 100.0, 20.0, 20.0, -1.0));
}

} // namespace
