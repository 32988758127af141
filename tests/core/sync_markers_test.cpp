// SPDX-License-Identifier: MIT
// Sync markers (issue 21; contacts are found by anim::legGait, tested in
// leg_gait_test): marker sync puts B between the same pair
// of markers as A, on clips of different lengths and marker counts, picking
// the pair nearest the phase rule's time; a synced transition reaches
// matching markers together during the blend.
#include "core/anim/sync_markers.h"
#include "core/anim/transition_timing.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace marrow;

TEST(SyncMarkers, TwoMarkersOfOneNameInARowAreNoStep)
{
    // A's loop goes from its L at 0.9 into its L at 0.1 (a clip that is not
    // one clean cycle): A's pair is L -> R (0.1 + 1 -> 0.5 + 1 is further on),
    // so at 0.95 A is an eighth of the way from L to R, not from L to L.
    const std::vector<anim::SyncMarker> a = {{"L", .1}, {"R", .5}, {"L", .9}};
    const std::vector<anim::SyncMarker> b = {{"L", 0.0}, {"R", .5}};
    EXPECT_NEAR(*anim::markerSyncedTime(a, 1.0, .95, b, 1.0, 0.0), .5 * (.05 / .6), 1e-12);
}

TEST(SyncMarkers, BSitsBetweenTheSamePairOfMarkersAsA)
{
    // A: a 1 s walk, L at 0.1 and R at 0.6; B: a 1 s clip of two faster
    // cycles, L R L R.
    const std::vector<anim::SyncMarker> a = {{"L", .1}, {"R", .6}};
    const std::vector<anim::SyncMarker> b = {{"L", .05}, {"R", .3}, {"L", .55}, {"R", .8}};
    // Half way from L to R: half way between each of B's L -> R pairs; the one nearest `nearB` wins.
    EXPECT_NEAR(*anim::markerSyncedTime(a, 1.0, .35, b, 1.0, .1), .175, 1e-12);
    EXPECT_NEAR(*anim::markerSyncedTime(a, 1.0, .35, b, 1.0, .7), .675, 1e-12);
    // On a marker, on the same-named marker; across A's loop, across B's.
    EXPECT_NEAR(*anim::markerSyncedTime(a, 1.0, .6, b, 1.0, .3), .3, 1e-12);
    EXPECT_NEAR(*anim::markerSyncedTime(a, 1.0, .85, b, 1.0, .9), .8 + .5 * .25, 1e-12);
    EXPECT_NEAR(*anim::markerSyncedTime(a, 1.0, .05, b, 1.0, 1.0), std::fmod(.8 + .9 * .25, 1.0), 1e-12);
    // No shared names: nothing to sync on.
    const std::vector<anim::SyncMarker> other = {{"X", .2}};
    EXPECT_FALSE(anim::markerSyncedTime(a, 1.0, .35, other, 1.0, .1));
    EXPECT_FALSE(anim::markerSyncedTime({}, 1.0, .35, b, 1.0, .1));
}

TEST(SyncMarkers, ASyncedBlendReachesMatchingMarkersTogether)
{
    anim::TransitionTiming t;
    t.lengthA = 1.2;  // a walk: L at 0.1, R at 0.7
    t.lengthB = 0.7;  // a run: R at 0.05, L at 0.4
    t.exit = 0.5;
    t.duration = 0.6;
    t.sync = t.cycleA = t.cycleB = true;
    t.markersA = {{"L", .1}, {"R", .7}};
    t.markersB = {{"R", .05}, {"L", .4}};
    // Find when A passes R (0.7) during the blend: B is on its R then.
    double previousA = -1.0;
    bool checked = false;
    for (int k = 0; k <= 6000; ++k) {
        const double time = t.exit + t.duration * k / 6000.0;
        const anim::TransitionFrame f = anim::sampleTransition(t, time);
        if (previousA >= 0.0 && previousA < .7 && f.timeA >= .7) {
            EXPECT_NEAR(f.timeB, .05, 2e-3) << "A's R at " << time;
            checked = true;
        }
        previousA = f.timeA;
    }
    EXPECT_TRUE(checked);
    // B never jumps back during the blend (its unwrapped time only grows).
    double previousB = -1.0;
    for (int k = 0; k <= 600; ++k) {
        const anim::TransitionFrame f = anim::sampleTransition(t, t.exit + t.duration * k / 600.0);
        const double unwrapped = f.timeB + static_cast<double>(f.loopsB) * t.lengthB;
        EXPECT_GE(unwrapped, previousB - 1e-9) << k;
        previousB = unwrapped;
    }
}
