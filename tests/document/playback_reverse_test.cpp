// SPDX-License-Identifier: MIT
// Playing backwards (Shift+Ctrl+Space): time runs down, loops to the end or
// stops on the first frame, and starts from the end when stopped at 0.
#include "core/workspace/playback.h"

#include <QSignalSpy>
#include <gtest/gtest.h>

using namespace marrow;

TEST(PlaybackReverse, AdvanceRunsBackwardsAndLoopsToTheEnd)
{
    ws::Playback p;
    p.setDuration(2.0);
    p.setTime(1.0);
    QSignalSpy reversed(&p, &ws::Playback::reversedChanged);
    p.playReversed();
    EXPECT_TRUE(p.isPlaying());
    EXPECT_TRUE(p.isReversed());
    EXPECT_EQ(reversed.count(), 1);
    p.advance(0.25);
    EXPECT_DOUBLE_EQ(p.time(), 0.75);
    p.advance(1.0);  // past 0: wraps to 2 - 0.25
    EXPECT_DOUBLE_EQ(p.time(), 1.75);
    p.pause();
    p.play();  // forwards again
    EXPECT_FALSE(p.isReversed());
    p.advance(0.25);
    EXPECT_DOUBLE_EQ(p.time(), 2.0);
}

TEST(PlaybackReverse, WithoutLoopStopsAtTheStartAndRestartsFromTheEnd)
{
    ws::Playback p;
    p.setDuration(1.0);
    p.setLoop(false);
    p.setTime(0.5);
    p.togglePlayReversed();
    p.advance(2.0);
    EXPECT_EQ(p.time(), 0.0);
    EXPECT_FALSE(p.isPlaying());
    p.togglePlayReversed();  // at the start: from the end
    EXPECT_EQ(p.time(), 1.0);
    EXPECT_TRUE(p.isPlaying());
    p.togglePlayReversed();
    EXPECT_FALSE(p.isPlaying());
}
