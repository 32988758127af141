// SPDX-License-Identifier: MIT
// The transition track's layout (A from 0, B from the exit, the blend
// [e, e + D], T) and its handle drags: snapped to frames, clamped valid,
// B's body dragged right shows earlier B content (the offset falls).
#include "widgets/timeline/transition/transition_track_layout.h"
#include "tiny_rigs.h"

#include <gtest/gtest.h>

using namespace marrow;

namespace {

model::Transition bendToLift()
{
    model::Transition t;
    t.clipA = 0;  // bend, 1 s
    t.clipB = 1;  // lift, 2 s
    t.exit = 0.6;
    t.offset = 0.5;
    t.duration = 0.4;
    return t;
}

} // namespace

TEST(TransitionTrackLayout, SpansFollowTheTiming)
{
    const model::Rig rig = test::fourVertexSkinRig();
    model::Transition t = bendToLift();
    const ui::TransitionSpans s = ui::transitionSpans(t, rig);
    EXPECT_DOUBLE_EQ(s.length, 0.6 + std::max(0.4, 2.0 - 0.5));  // T = e + max(D, lenB - o)
    EXPECT_DOUBLE_EQ(s.bStart, 0.6);
    EXPECT_DOUBLE_EQ(s.blendEnd, 1.0);
    EXPECT_DOUBLE_EQ(s.bClipEnd, 2.1);
    EXPECT_DOUBLE_EQ(s.aClipEnd, 1.0);
    EXPECT_DOUBLE_EQ(s.aEnd, 1.0);  // A is needed until the blend ends
    t.cycleA = true;
    EXPECT_DOUBLE_EQ(ui::transitionSpans(t, rig).aEnd, s.length);  // a cycling A runs on to T
}

TEST(TransitionTrackLayout, HandleDragsSnapAndStayValid)
{
    const model::Transition t = bendToLift();
    using H = ui::TransitionHandle;
    EXPECT_NEAR(ui::dragTransitionHandle(t, H::Duration, 0.21, 30.0, true).duration, 0.6, 1e-12);  // 0.61 -> frame 18
    EXPECT_NEAR(ui::dragTransitionHandle(t, H::Duration, 0.21, 30.0, false).duration, 0.61, 1e-12);
    EXPECT_NEAR(ui::dragTransitionHandle(t, H::Duration, -5.0, 30.0, true).duration, 1.0 / 30.0, 1e-12);
    EXPECT_NEAR(ui::dragTransitionHandle(t, H::Exit, -5.0, 30.0, true).exit, 0.0, 1e-12);
    EXPECT_NEAR(ui::dragTransitionHandle(t, H::Exit, 0.1, 30.0, true).exit, 0.7, 1e-12);
    EXPECT_NEAR(ui::dragTransitionHandle(t, H::Offset, 0.2, 30.0, true).offset, 0.3, 1e-12);  // right: earlier B
    EXPECT_NEAR(ui::dragTransitionHandle(t, H::Offset, 3.0, 30.0, true).offset, 0.0, 1e-12);
    EXPECT_EQ(ui::dragTransitionHandle(t, H::None, 1.0, 30.0, true), t);
    EXPECT_EQ(ui::dragTransitionHandle(t, H::Exit, std::nan(""), 30.0, true), t);
}
