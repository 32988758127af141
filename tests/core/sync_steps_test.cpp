// SPDX-License-Identifier: MIT
// Marker sync through the blend (issue 37): A and B share one step count
// that moves at the blend of their own step rates, so B's time never runs
// backwards or jumps, A plays in real time at the exit and B at the blend's
// end (no speed pop at either end), and the two stay in step (when A lands
// on L, so does B). Inertialization's root keeps A's speed at the switch and
// eases into B's without snapping back to B's path.
#include "core/anim/inertialization.h"
#include "core/anim/transition_timing.h"
#include "tiny_rigs.h"

#include <gtest/gtest.h>

using namespace marrow;

namespace {

anim::TransitionTiming walkToRun()
{
    anim::TransitionTiming t;
    t.lengthA = 4.0 / 3.0;  // pab's walk: L and R 0.6 s and 0.73 s apart
    t.lengthB = 2.0 / 3.0;  // its run: 0.27 s and 0.4 s apart
    t.exit = 1.0;
    t.duration = 0.5;
    t.curve.kind = anim::BlendCurveKind::Smoothstep;
    t.sync = t.cycleA = t.cycleB = true;
    t.markersA = {{"R", 0.367}, {"L", 0.967}};
    t.markersB = {{"L", 0.033}, {"R", 0.3}};
    return t;
}

double unwrappedB(const anim::TransitionTiming& t, double time)
{
    const anim::TransitionFrame f = anim::sampleTransition(t, time);
    return f.timeB + static_cast<double>(f.loopsB) * t.lengthB;
}

double unwrappedA(const anim::TransitionTiming& t, double time)
{
    const anim::TransitionFrame f = anim::sampleTransition(t, time);
    return f.timeA + static_cast<double>(f.loopsA) * t.lengthA;
}

} // namespace

TEST(SyncSteps, BMovesOnWithoutAJumpAndEachClipPlaysInRealTimeAtItsEnd)
{
    const anim::TransitionTiming t = walkToRun();
    const double h = 1.0 / 240.0, end = t.exit + t.duration;
    double last = unwrappedB(t, t.exit);
    for (double time = t.exit + h; time <= end + 0.3; time += h) {
        const double b = unwrappedB(t, time);
        EXPECT_GT(b, last) << time;
        EXPECT_LT(b - last, 3.0 * h) << time << ": no jump";
        last = b;
    }
    const auto rate = [&](double (*of)(const anim::TransitionTiming&, double), double at) {
        return (of(t, at + 1e-4) - of(t, at - 1e-4)) / 2e-4;
    };
    EXPECT_NEAR(rate(unwrappedA, t.exit + 1e-3), 1.0, 0.02) << "A in real time as the blend starts";
    EXPECT_NEAR(rate(unwrappedB, end - 1e-3), 1.0, 0.02) << "B in real time as it ends";
    EXPECT_NEAR(rate(unwrappedB, end + 1e-3), 1.0, 1e-6);
}

TEST(SyncSteps, TheClipsLandOnTheSameFootTogether)
{
    const anim::TransitionTiming t = walkToRun();
    // Wherever A reaches one of its markers during the blend, B is at its marker of that name.
    const double h = 1.0 / 960.0;
    int checked = 0;
    for (double time = t.exit; time <= t.exit + t.duration; time += h) {
        const double a0 = unwrappedA(t, time), a1 = unwrappedA(t, time + h);
        for (const anim::SyncMarker& m : t.markersA)
            for (double loop : {0.0, t.lengthA})
                if (a0 < m.time + loop && a1 >= m.time + loop) {
                    const double atB = m.name == "L" ? 0.033 : 0.3;
                    const double b = anim::sampleTransition(t, time + h).timeB;
                    EXPECT_NEAR(b, atB, 0.01) << m.name << " at " << time;
                    ++checked;
                }
    }
    EXPECT_GE(checked, 1) << "A lands inside the blend";
}

TEST(InertialRoot, KeepsASpeedAtTheSwitchAndEasesIntoBsWithoutSnappingBack)
{
    // A's root moves +Z at 1 a second, B's at 4; they start at one place.
    const std::vector<math::Transform> source{test::trs({0, 1, 0})}, before{test::trs({0, 1, -1.f / 30.f})};
    const std::vector<math::Transform> target{test::trs({0, 1, 0})}, after{test::trs({0, 1, 4.f / 30.f})};
    const double dt = 1.0 / 30.0, duration = 0.5;
    anim::InertialOffsets offsets(source, before, target, dt, duration, after);
    offsets.carryRootVelocity(0, {0.f, 1.f, 0.f});
    const auto z = [&](double u) {
        std::vector<math::Transform> b{test::trs({0, 1, static_cast<float>(4.0 * u)})}, out(1);
        offsets.apply(u, b, out);
        return static_cast<double>(out[0].translation.z);
    };
    const double h = 1e-4;
    EXPECT_NEAR((z(h) - z(0.0)) / h, 1.0, 1e-2) << "A's speed at the switch";
    double lastSpeed = 1.0;
    for (double u = 0.02; u < duration; u += 0.02) {
        const double speed = (z(u + h) - z(u)) / h;
        EXPECT_GE(speed, lastSpeed - 1e-3) << u << ": speeds up towards B's, never past it";
        EXPECT_LE(speed, 4.0 + 1e-3) << u;
        lastSpeed = speed;
    }
    EXPECT_NEAR((z(duration + 0.1 + h) - z(duration + 0.1)) / h, 4.0, 1e-2) << "B's speed after";
    EXPECT_LT(z(duration + 0.1), 4.0 * (duration + 0.1)) << "the distance A's slower start lost stays lost";
}
