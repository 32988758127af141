// SPDX-License-Identifier: MIT
// TimeRuler: scrubbing sets the playback time through the shared geometry
// (snapped to frames, Shift for free), the wheel zooms about the cursor,
// middle drag and Alt+wheel pan, and the ruler owns the geometry's width.
#include "timeline_test_support.h"

#include <QSignalSpy>

namespace marrow::test {
namespace {

namespace style = ui::timeline_style;

TEST(TimeRuler, DragScrubsToTheFrameUnderTheCursor)
{
    TimelineFixture f;
    f.useStride();
    ASSERT_NEAR(f.playback.duration(), 0.8, 1e-6) << "the evaluator follows the active clip";
    QSignalSpy times(&f.playback, &ws::Playback::timeChanged);

    // Aim between frames, so snapping has something to do.
    const QPoint press(f.xOf(0.2) + 7, style::kRulerHeight / 2);
    ASSERT_FALSE(onFrame(f.timeAtX(press.x()), 30.0));
    QTest::mousePress(&f.ruler(), Qt::LeftButton, {}, press);
    const double pressed = f.geometry().snapToFrame(f.timeAtX(press.x()));
    EXPECT_DOUBLE_EQ(f.playback.time(), pressed);
    EXPECT_EQ(f.playback.frame(), 6);  // 0.2 s + 7 px at ~30 px per frame is still frame 6

    const QPoint to(f.xOf(0.5) - 9, style::kRulerHeight / 2);
    dragTo(&f.ruler(), to, Qt::LeftButton);
    const double dragged = f.geometry().snapToFrame(f.timeAtX(to.x()));
    EXPECT_DOUBLE_EQ(f.playback.time(), dragged);
    EXPECT_TRUE(onFrame(f.playback.time(), f.playback.fps()));
    EXPECT_EQ(f.playback.time(), static_cast<double>(f.playback.frame()) / 30.0) << "exactly n / fps";
    QTest::mouseRelease(&f.ruler(), Qt::LeftButton, {}, to);
    EXPECT_EQ(times.count(), 2);

    // After the release, moving the mouse no longer scrubs.
    dragTo(&f.ruler(), QPoint(f.xOf(0.1), 5), Qt::NoButton);
    EXPECT_DOUBLE_EQ(f.playback.time(), dragged);
}

TEST(TimeRuler, ShiftDragScrubsWithoutSnapping)
{
    TimelineFixture f;
    f.useStride();
    const QPoint press(f.xOf(0.3) + 5, 10);
    QTest::mousePress(&f.ruler(), Qt::LeftButton, Qt::ShiftModifier, press);
    EXPECT_DOUBLE_EQ(f.playback.time(), f.timeAtX(press.x()));
    EXPECT_FALSE(onFrame(f.playback.time(), 30.0));

    const QPoint to(f.xOf(0.6) - 4, 10);
    dragTo(&f.ruler(), to, Qt::LeftButton, Qt::ShiftModifier);
    EXPECT_DOUBLE_EQ(f.playback.time(), f.timeAtX(to.x()));
    EXPECT_FALSE(onFrame(f.playback.time(), 30.0));
    // Letting go of Shift mid-drag snaps again.
    dragTo(&f.ruler(), to, Qt::LeftButton);
    EXPECT_DOUBLE_EQ(f.playback.time(), f.geometry().snapToFrame(f.timeAtX(to.x())));
    QTest::mouseRelease(&f.ruler(), Qt::LeftButton, {}, to);
}

TEST(TimeRuler, ScrubbingClampsToTheClipAndIgnoresTheGutter)
{
    TimelineFixture f;
    f.useStride();
    f.playback.setFrame(9);
    // The gutter is labels, not time.
    QTest::mousePress(&f.ruler(), Qt::LeftButton, {}, QPoint(style::gutterWidth() / 2, 10));
    EXPECT_EQ(f.playback.frame(), 9);
    QTest::mouseRelease(&f.ruler(), Qt::LeftButton, {}, QPoint(style::gutterWidth() / 2, 10));

    // Past the clip's end, to the ruler's visible end: frames there can be
    // keyed (Blender's scene range reaches past an action's last key).
    QTest::mousePress(&f.ruler(), Qt::LeftButton, {}, QPoint(f.xOf(0.4), 10));
    const int right = f.ruler().width() - 2;
    ASSERT_GT(f.timeAtX(right), f.playback.duration());
    dragTo(&f.ruler(), QPoint(right, 10), Qt::LeftButton);
    EXPECT_EQ(f.playback.time(), std::min(f.geometry().snapToFrame(f.timeAtX(right)), f.geometry().visibleEnd()));
    EXPECT_GT(f.playback.time(), f.playback.duration());
    // Before the start: clamped to 0.
    dragTo(&f.ruler(), QPoint(style::gutterWidth() + 1, 10), Qt::LeftButton);
    EXPECT_EQ(f.playback.time(), 0.0);
    QTest::mouseRelease(&f.ruler(), Qt::LeftButton, {}, QPoint(style::gutterWidth() + 1, 10));
}

TEST(TimeRuler, WheelZoomsAboutTheCursor)
{
    TimelineFixture f;
    f.useStride();
    ASSERT_TRUE(f.timeline.isFittedToClip());
    QSignalSpy views(&f.ruler(), &ui::TimeRuler::viewChanged);
    const QPoint at(f.xOf(0.5) + 3, 10);
    const double before = f.timeAtX(at.x());
    const double scale = f.geometry().pixelsPerSecond();

    wheel(&f.ruler(), at, QPoint(0, 120));
    EXPECT_GT(f.geometry().pixelsPerSecond(), scale * 1.1);
    EXPECT_NEAR(f.timeAtX(at.x()), before, 1e-12) << "the time under the cursor stays put";
    wheel(&f.ruler(), at, QPoint(0, -240));
    EXPECT_LT(f.geometry().pixelsPerSecond(), scale);
    EXPECT_NEAR(f.timeAtX(at.x()), before, 1e-12);
    EXPECT_EQ(views.count(), 2);
    EXPECT_FALSE(f.timeline.isFittedToClip()) << "a zoom ends following the clip";

    // Zooming in stops while a few frames are still in view.
    for (int i = 0; i < 60; ++i)
        wheel(&f.ruler(), at, QPoint(0, 120));
    EXPECT_GT(f.geometry().visibleDuration() * f.playback.fps(), 3.0);
    EXPECT_NEAR(f.timeAtX(at.x()), before, 1e-9);
}

TEST(TimeRuler, MiddleDragAndAltWheelPan)
{
    TimelineFixture f;
    f.useStride();
    const double scale = f.geometry().pixelsPerSecond();
    const double start = f.geometry().visibleStart();
    const double time = f.playback.time();

    // The content follows the hand: 50 px right shows 50 px earlier.
    QTest::mousePress(&f.ruler(), Qt::MiddleButton, {}, QPoint(400, 10));
    dragTo(&f.ruler(), QPoint(450, 10), Qt::MiddleButton);
    QTest::mouseRelease(&f.ruler(), Qt::MiddleButton, {}, QPoint(450, 10));
    EXPECT_NEAR(f.geometry().visibleStart(), start - 50.0 / scale, 1e-12);
    EXPECT_DOUBLE_EQ(f.geometry().pixelsPerSecond(), scale);
    EXPECT_EQ(f.playback.time(), time) << "panning is not scrubbing";

    // Alt+wheel down moves towards later times, at the same scale.
    const double panned = f.geometry().visibleStart();
    wheel(&f.ruler(), QPoint(400, 10), QPoint(0, -120), Qt::AltModifier);
    EXPECT_GT(f.geometry().visibleStart(), panned);
    EXPECT_DOUBLE_EQ(f.geometry().pixelsPerSecond(), scale);
    // Some platforms deliver Alt+wheel as a horizontal wheel: same pan.
    const double again = f.geometry().visibleStart();
    wheel(&f.ruler(), QPoint(400, 10), QPoint(-120, 0), Qt::AltModifier);
    EXPECT_NEAR(f.geometry().visibleStart() - again, again - panned, 1e-12);
}

TEST(TimeRuler, KeepsTheGeometryWidthExcludingTheGutter)
{
    TimelineFixture f;
    EXPECT_DOUBLE_EQ(f.geometry().width(), f.ruler().width() - style::gutterWidth());
    f.timeline.resize(700, 300);
    QApplication::processEvents();
    EXPECT_DOUBLE_EQ(f.geometry().width(), f.ruler().width() - style::gutterWidth());
    EXPECT_EQ(f.ruler().height(), style::kRulerHeight);
    // The ruler's own mapping is the shared geometry's, offset by the gutter.
    EXPECT_DOUBLE_EQ(f.ruler().timeToX(0.25), style::gutterWidth() + f.geometry().timeToPixel(0.25));
    EXPECT_DOUBLE_EQ(f.ruler().xToTime(f.ruler().timeToX(0.25)), 0.25);
}

TEST(TimeRuler, PaintsThePlayheadAtTheCurrentTime)
{
    TimelineFixture f;
    f.useStride();
    f.playback.setFrame(13);
    const QImage image = f.ruler().grab().toImage();
    ASSERT_FALSE(image.isNull());
    // Below the handle, the playhead is a 1-px amber line.
    const int x = f.xOf(f.playback.time());
    EXPECT_EQ(image.pixelColor(x, style::kRulerHeight - 3), style::playheadColor());
    EXPECT_NE(image.pixelColor(x + 2, style::kRulerHeight - 3), style::playheadColor());
}

} // namespace
} // namespace marrow::test
