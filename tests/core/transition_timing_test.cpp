// SPDX-License-Identifier: MIT
// Transition timing, exactly as specified: preview length, crossfade sample
// times (held, clamped, wrapped), blend-profile weights, the synced phase
// against its closed form for the linear curve, and B held before the exit
// under sync as in a crossfade.
#include "core/anim/transition_timing.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace marrow;

namespace {

anim::TransitionTiming walkToRun()
{
    anim::TransitionTiming t;
    t.lengthA = 1.2;  // walk
    t.lengthB = 0.8;  // run
    t.exit = 0.5;
    t.offset = 0.1;
    t.duration = 0.4;
    return t;
}

} // namespace

TEST(TransitionTiming, LengthRunsHalfASecondPastTheBlendOrOnToTheEndOfB)
{
    auto t = walkToRun();
    EXPECT_DOUBLE_EQ(t.length(), 0.5 + 0.4 + 0.5);  // B settles for .5 s; e + lenB - o = 1.2 is sooner
    t.duration = 1.0;
    EXPECT_DOUBLE_EQ(t.length(), 1.5 + 0.5);
    t.duration = 0.4;
    t.offset = 0.0;
    t.lengthB = 2.0;
    EXPECT_DOUBLE_EQ(t.length(), 0.5 + 2.0);  // the rest of B is longer
    t = walkToRun();
    EXPECT_FALSE(t.validate());
    t.duration = 0.0;
    EXPECT_TRUE(t.validate());
}

TEST(TransitionTiming, CrossfadeHoldsBThenRunsItAndClampsOrWraps)
{
    auto t = walkToRun();
    auto f = anim::sampleTransition(t, 0.2);  // before the blend: B held at o
    EXPECT_DOUBLE_EQ(f.timeA, 0.2);
    EXPECT_DOUBLE_EQ(f.timeB, 0.1);
    EXPECT_EQ(f.weight, 0.f);
    f = anim::sampleTransition(t, 0.7);  // u = .2: halfway, linear
    EXPECT_NEAR(f.timeB, 0.3, 1e-12);
    EXPECT_NEAR(f.weight, 0.5f, 1e-6f);
    f = anim::sampleTransition(t, 1.4);  // past A's end (1.2): clamped
    EXPECT_DOUBLE_EQ(f.timeA, 1.2);
    EXPECT_NEAR(f.timeB, 0.8, 1e-12);  // o + u = 1.0, clamped to lenB
    EXPECT_EQ(f.weight, 1.f);
    EXPECT_EQ(f.loopsA, 0);  // a clamped side never loops
    EXPECT_EQ(f.loopsB, 0);
    t.cycleA = t.cycleB = true;
    f = anim::sampleTransition(t, 1.4);
    EXPECT_NEAR(f.timeA, 0.2, 1e-12);  // wrapped
    EXPECT_NEAR(f.timeB, 0.2, 1e-12);
    EXPECT_EQ(f.loopsA, 1);  // 1.4 = one whole A (1.2) and 0.2
    EXPECT_EQ(f.loopsB, 1);  // 1.0 = one whole B (0.8) and 0.2
    f = anim::sampleTransition(t, 2.5);
    EXPECT_EQ(f.loopsA, 2);
    EXPECT_EQ(f.loopsB, 2);  // o + u = 2.1
}

TEST(TransitionTiming, BlendProfileScalesTheJointsBlendTime)
{
    auto t = walkToRun();
    t.curve = {anim::BlendCurveKind::Smoothstep};
    EXPECT_NEAR(anim::jointWeight(t, 0.2, 1.f), 0.5f, 1e-6f);
    EXPECT_NEAR(anim::jointWeight(t, 0.2, 2.f), 0.15625f, 1e-6f);  // u / (D s) = .25
    EXPECT_EQ(anim::jointWeight(t, 0.2, 0.5f), 1.f);               // done already
    EXPECT_EQ(anim::jointWeight(t, -0.1, 1.f), 0.f);
}

TEST(TransitionTiming, SyncedPhaseMatchesTheClosedFormForLinear)
{
    auto t = walkToRun();
    t.sync = t.cycleA = t.cycleB = true;
    ASSERT_TRUE(t.syncs());
    const double a = t.lengthA, b = t.lengthB, d = t.duration, phi0 = t.exit / a;
    EXPECT_NEAR(anim::syncPhase(t, 0.3), 0.3 / a, 1e-12);  // A in real time before
    for (double u : {0.0, 0.1, 0.25, 0.4}) {
        const double l = a + (b - a) * u / d;
        const double closed = phi0 + d * std::log(l / a) / (b - a);
        EXPECT_NEAR(anim::syncPhase(t, t.exit + u), closed, 1e-12) << u;
    }
    const double end = phi0 + d * std::log(b / a) / (b - a);
    EXPECT_NEAR(anim::syncPhase(t, t.exit + d + 0.3), end + 0.3 / b, 1e-12);  // B in real time after
    const auto f = anim::sampleTransition(t, t.exit + 0.25);
    const double phase = anim::syncPhase(t, t.exit + 0.25);
    EXPECT_NEAR(f.timeA, (phase - std::floor(phase)) * a, 1e-12);
    const double phaseB = phase + t.offset / b;
    EXPECT_NEAR(f.timeB, (phaseB - std::floor(phaseB)) * b, 1e-12);
    EXPECT_EQ(f.loopsA, static_cast<long long>(std::floor(phase)));
    EXPECT_EQ(f.loopsB, static_cast<long long>(std::floor(phaseB)));
}

TEST(TransitionTiming, SyncedPhaseIntegratesOtherCurvesToBetterThan1e7)
{
    auto t = walkToRun();
    t.sync = t.cycleA = t.cycleB = true;
    t.curve = {anim::BlendCurveKind::Smootherstep};
    // Reference: the trapezoid rule on a very fine grid (its error ~1e-10 here).
    const int n = 200000;
    const double d = t.duration;
    double ref = 0.0;
    for (int i = 0; i <= n; ++i) {
        const double s = d * i / n;
        const double w = t.curve(static_cast<float>(s / d));
        const double f = 1.0 / ((1.0 - w) * t.lengthA + w * t.lengthB);
        ref += (i == 0 || i == n ? 0.5 : 1.0) * f;
    }
    ref *= d / n;
    EXPECT_NEAR(anim::syncPhase(t, t.exit + d) - t.exit / t.lengthA, ref, 1e-7);
}

TEST(TransitionTiming, SyncNeedsBothSidesCycling)
{
    auto t = walkToRun();
    t.sync = true;
    t.cycleA = true;
    EXPECT_FALSE(t.syncs());
    const auto f = anim::sampleTransition(t, 0.7);
    EXPECT_NEAR(f.timeB, 0.3, 1e-12);  // crossfade timing
}

TEST(TransitionTiming, SyncHoldsBAtItsEntryBeforeTheExit)
{
    // Under sync B used to play in step before the exit; its ghost then
    // walked while A still played alone. Held, it shows the pose A meets.
    for (bool markers : {false, true}) {
        auto t = walkToRun();
        t.sync = t.cycleA = t.cycleB = true;
        if (markers) {
            t.markersA = {{"L", 0.1}, {"R", 0.7}};
            t.markersB = {{"L", 0.2}, {"R", 0.6}};
        }
        const auto entry = anim::sampleTransition(t, t.exit);
        for (double time : {0.0, 0.2, t.exit - 1e-6}) {
            const auto f = anim::sampleTransition(t, time);
            EXPECT_DOUBLE_EQ(f.timeB, entry.timeB) << markers << " " << time;
            EXPECT_EQ(f.loopsB, entry.loopsB);
            EXPECT_NEAR(f.timeA, time, 1e-12) << "A plays in real time until the exit";
        }
        // From the exit on B moves: a little after, it has left its entry time.
        EXPECT_GT(std::abs(anim::sampleTransition(t, t.exit + 0.05).timeB - entry.timeB), 0.01) << markers;
    }
}
