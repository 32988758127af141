// SPDX-License-Identifier: MIT
// KeyDragController: snapped moves go by whole frames, Ctrl moves freely, no key
// goes below 0, scaling follows the anchor key about the pivot, and nothing
// counts as moved until a key would land elsewhere.
#include "widgets/timeline/key_drag_controller.h"

#include <gtest/gtest.h>

#include <cmath>

namespace marrow::ui {
namespace {

using Mode = KeyDragController::Mode;

TEST(KeyDragController, InactiveItMapsNothing)
{
    KeyDragController drag(30.0);
    EXPECT_EQ(drag.mode(), Mode::None);
    EXPECT_EQ(drag.map(0.4), 0.4);
    drag.update(2.0, false);
    EXPECT_FALSE(drag.hasMoved());
}

TEST(KeyDragController, SnappedMovesGoByWholeFrames)
{
    KeyDragController drag(30.0);
    drag.beginMove(0.5, 0.2);
    drag.update(0.5 + 0.4 / 30.0, false);  // under half a frame
    EXPECT_FALSE(drag.hasMoved());
    EXPECT_DOUBLE_EQ(drag.map(0.2), 0.2);
    drag.update(0.5 + 2.2 / 30.0, false);
    EXPECT_TRUE(drag.hasMoved());
    EXPECT_DOUBLE_EQ(drag.delta(), 2.0 / 30.0);
    EXPECT_DOUBLE_EQ(drag.map(6.0 / 30.0), 8.0 / 30.0);
    // A key off the frames keeps its offset (increment snapping).
    EXPECT_DOUBLE_EQ(drag.map(0.205), 0.205 + 2.0 / 30.0);
    // A float key on a frame lands exactly on one.
    EXPECT_EQ(drag.map(static_cast<double>(0.1f)), 5.0 / 30.0);
    drag.update(0.5 + 2.2 / 30.0, true);  // Ctrl: free
    EXPECT_TRUE(drag.isFree());
    EXPECT_NEAR(drag.map(0.2), 0.2 + 2.2 / 30.0, 1e-12);
    drag.end();
    EXPECT_FALSE(drag.isActive());
    EXPECT_EQ(drag.map(0.2), 0.2);
}

TEST(KeyDragController, MovesStopAtTimeZero)
{
    KeyDragController drag(24.0);
    drag.beginMove(1.0, 0.25);
    drag.update(-3.0, true);
    EXPECT_DOUBLE_EQ(drag.delta(), -0.25) << "the earliest selected key stops at 0";
    EXPECT_DOUBLE_EQ(drag.map(0.25), 0.0);
    EXPECT_DOUBLE_EQ(drag.map(0.5), 0.25) << "the others keep their spacing";
    drag.update(-3.0, false);
    EXPECT_DOUBLE_EQ(drag.map(0.25), 0.0) << "snapped, still clamped after the snap";
}

TEST(KeyDragController, ScaleFollowsTheAnchorAboutThePivot)
{
    KeyDragController drag(30.0);
    drag.beginScale(1.0, 0.5, 0.5, 1.0);  // keys from the pivot to 1.0
    drag.update(1.0, false);
    EXPECT_FALSE(drag.hasMoved());
    drag.update(1.5, false);  // twice as far from the pivot
    EXPECT_DOUBLE_EQ(drag.factor(), 2.0);
    EXPECT_TRUE(drag.hasMoved());
    EXPECT_DOUBLE_EQ(drag.map(0.5), 0.5) << "the pivot stays";
    EXPECT_DOUBLE_EQ(drag.map(0.8), 1.1);
    drag.update(0.5, true);  // onto the pivot: everything collapses there
    EXPECT_DOUBLE_EQ(drag.map(0.9), 0.5);

    drag.beginScale(0.5, 0.5, 0.5, 1.0);  // no lever: the factor stays 1
    drag.update(2.0, false);
    EXPECT_DOUBLE_EQ(drag.factor(), 1.0);
}

TEST(KeyDragController, TheFactorStopsWhereAKeyWouldPassTimeZero)
{
    KeyDragController drag(24.0);
    // Keys from 0 to 20 frames, scaled about frame 8: x1.18 would take frame 0 to -1.44.
    drag.beginScale(20.0 / 24.0, 8.0 / 24.0, 0.0, 20.0 / 24.0);
    drag.update(8.0 / 24.0 + 12.0 * 1.18 / 24.0, true);
    EXPECT_DOUBLE_EQ(drag.factor(), 1.0);
    EXPECT_TRUE(drag.isClamped());
    EXPECT_FALSE(drag.hasMoved());
    // Past the playhead: the factor turns negative and stops with frame 20 on 0.
    drag.update(0.0, true);
    EXPECT_NEAR(drag.map(20.0 / 24.0), 0.0, 1e-12);
    EXPECT_GE(drag.factor(), -8.0 / 12.0 - 1e-12);
}

TEST(KeyDragController, TypedNumbersReplaceTheMouse)
{
    KeyDragController drag(30.0);
    drag.beginMove(0.5, 1.0 / 30.0);  // the earliest selected key on frame 1
    EXPECT_TRUE(drag.type('2'));
    EXPECT_DOUBLE_EQ(drag.delta(), 2.0 / 30.0) << "G 2: two frames";
    drag.update(3.0, false);
    EXPECT_DOUBLE_EQ(drag.delta(), 2.0 / 30.0) << "the mouse no longer moves it";
    EXPECT_TRUE(drag.type('-'));
    EXPECT_DOUBLE_EQ(drag.delta(), -1.0 / 30.0) << "-2 frames stop with the earliest key on frame 0";
    EXPECT_TRUE(drag.isClamped());
    EXPECT_TRUE(drag.backspace());
    EXPECT_TRUE(drag.backspace());
    EXPECT_FALSE(drag.typed().active());
    EXPECT_DOUBLE_EQ(drag.delta(), std::round(2.5 * 30.0) / 30.0) << "back to the mouse";

    drag.beginScale(1.0, 0.0, 0.0, 1.0);
    EXPECT_FALSE(drag.typed().active()) << "a new gesture starts untyped";
    for (const char c : {'.', '5'})
        EXPECT_TRUE(drag.type(c));
    EXPECT_DOUBLE_EQ(drag.factor(), 0.5);
    EXPECT_FALSE(drag.type('.')) << "one point";
    EXPECT_DOUBLE_EQ(drag.map(0.1), 2.0 / 30.0) << "scaled to frame 1.5, then rounded";
}

TEST(KeyDragController, TypedHalfScaleKeepsEvenGaps)
{
    // Issue 36 item 7: S 0.5 about frame 1 put keys 8 frames apart 4, 4, 4, 4, 3, 5 apart.
    KeyDragController drag(24.0);
    drag.beginScale(72.0 / 24.0, static_cast<float>(1.0 / 24.0), 0.0, 72.0 / 24.0);
    for (const char c : {'.', '5'})
        ASSERT_TRUE(drag.type(c));
    long previous = -1;
    for (int k = 0; k <= 9; ++k) {
        const long landed = std::lround(drag.map(static_cast<float>(8 * k / 24.0)) * 24.0);
        EXPECT_EQ(landed, 1 + 4 * k) << "key " << k << " (frame 0.5 + 4k rounds up)";
        if (previous >= 0) {
            EXPECT_EQ(landed - previous, 4) << "key " << k;
        }
        previous = landed;
    }
}

TEST(KeyDragController, DuplicateIsAMoveThatRemembersIt)
{
    KeyDragController drag(30.0);
    drag.beginMove(0.0, 0.0, true);
    EXPECT_EQ(drag.mode(), Mode::Move);
    EXPECT_TRUE(drag.isDuplicate());
    drag.beginMove(0.0, 0.0);
    EXPECT_FALSE(drag.isDuplicate());
}

} // namespace
} // namespace marrow::ui
