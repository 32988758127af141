// SPDX-License-Identifier: MIT
#include "core/anim/transition_timing.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <span>

namespace marrow::anim {

namespace {

// Clamped to [0, len], or wrapped into [0, len) when the side cycles.
double sideTime(double t, double length, bool cycles)
{
    if (length <= 0.0)
        return 0.0;
    if (!cycles)
        return std::clamp(t, 0.0, length);
    const double wrapped = std::fmod(t, length);
    return wrapped < 0.0 ? wrapped + length : wrapped;
}

double frac(double x)
{
    return x - std::floor(x);
}

// Whole cycles before t of a side of this length (0 when it does not cycle).
long long loopsBefore(double t, double length, bool cycles)
{
    return cycles && length > 0.0 && t > 0.0 ? static_cast<long long>(std::floor(t / length)) : 0;
}

// The integral over [0, u] (u <= D) of 1 / L(s), L = (1 - w) lenA + w lenB.
double blendPhase(const TransitionTiming& t, double u)
{
    const double a = t.lengthA, b = t.lengthB, d = t.duration;
    if (u <= 0.0)
        return 0.0;
    if (t.curve.kind == BlendCurveKind::Linear) {
        if (std::abs(b - a) <= 1e-12 * std::max(a, b))
            return u / a;
        const double l = a + (b - a) * (u / d);
        return d * std::log(l / a) / (b - a);
    }
    // 5-point Gauss-Legendre on 16 panels: the integrand is smooth (the
    // curves are polynomials or a smooth Bézier), so the error is far below
    // 1e-7 of a cycle.
    static constexpr std::array<double, 5> nodes = {0.0, -0.5384693101056831, 0.5384693101056831,
                                                    -0.9061798459386640, 0.9061798459386640};
    static constexpr std::array<double, 5> weights = {0.5688888888888889, 0.4786286704993665, 0.4786286704993665,
                                                      0.2369268850561891, 0.2369268850561891};
    constexpr int panels = 16;  // every posed frame of a synced blend integrates: 64 cost pab's Find best half its time
    const double h = u / panels;
    double sum = 0.0;
    for (int p = 0; p < panels; ++p) {
        const double mid = (p + 0.5) * h;
        for (std::size_t k = 0; k < nodes.size(); ++k) {
            const double s = mid + 0.5 * h * nodes[k];
            const double w = t.curve(static_cast<float>(s / d));
            sum += weights[k] / ((1.0 - w) * a + w * b);
        }
    }
    return sum * 0.5 * h;
}

} // namespace

double TransitionTiming::blendEnd() const
{
    return exit + duration * (slowestScale > 0.0 ? slowestScale : 1.0);
}

double TransitionTiming::length() const
{
    if (previewLength > 0.0)
        return std::max(blendEnd(), previewLength);
    return std::max(blendEnd() + kSettleTail, exit + lengthB - offset);
}

bool TransitionTiming::syncs() const
{
    return sync && cycleA && cycleB && lengthA > 0.0 && lengthB > 0.0;
}

std::optional<std::string> TransitionTiming::validate() const
{
    for (double v : {lengthA, lengthB, exit, offset, duration})
        if (!std::isfinite(v))
            return "a time is not finite";
    if (lengthA < 0.0 || lengthB < 0.0)
        return "a clip length is negative";
    if (exit < 0.0)
        return "the exit time is negative";
    if (offset < 0.0)
        return "the offset into B is negative";
    if (!(duration > 0.0))
        return "the duration must be more than 0";
    if (!curve.valid())
        return "the curve is invalid (Bézier x1 and x2 must lie in [0, 1])";
    return std::nullopt;
}

double syncPhase(const TransitionTiming& t, double time)
{
    const double u = time - t.exit;
    if (u <= 0.0)
        return time / t.lengthA;
    const double start = t.exit / t.lengthA;
    if (u <= t.duration)
        return start + blendPhase(t, u);
    return start + blendPhase(t, t.duration) + (u - t.duration) / t.lengthB;
}

float jointWeight(const TransitionTiming& t, double u, float scale)
{
    const double span = t.duration * static_cast<double>(scale > 0.f ? scale : 1.f);
    return t.curve(static_cast<float>(std::clamp(u / span, 0.0, 1.0)));
}

namespace {

// B's unwrapped time (loops included) by the phase rule, at A's synced phase.
double phaseUnwrappedB(const TransitionTiming& t, double phase)
{
    return (phase + t.offset / t.lengthB) * t.lengthB;
}

// B's marker-synced time at A's synced phase, unwrapped to the loop nearest
// `predicted`; `predicted` when the markers give none.
double markerUnwrappedB(const TransitionTiming& t, double phase, double predicted)
{
    const double timeA = frac(phase) * t.lengthA;
    const double near = frac(predicted / t.lengthB) * t.lengthB;
    const auto synced = markerSyncedTime(t.markersA, t.lengthA, timeA, t.markersB, t.lengthB, near);
    if (!synced)
        return predicted;
    const double half = 0.5 * t.lengthB;
    return predicted + std::fmod(*synced - near + half + 2.0 * t.lengthB, t.lengthB) - half;
}

// A clip's progress through its markers at an unwrapped time: whole
// marker-to-marker steps since the first marker of loop 0, plus the
// fraction of the current one. Monotone and continuous in the time, so a
// synced B that follows A's progress step for step never jumps a loop
// (issue 37: pairing each frame with the nearest marker pair jumped B, and
// its root, a whole stride when B's marker times sat half a cycle from the
// phase rule's).
double markerSteps(std::span<const SyncMarker> m, double length, double time)
{
    const auto n = static_cast<double>(m.size());
    double loops = std::floor(time / length);
    const double t = time - loops * length;
    std::size_t i = m.size() - 1;  // before the first: the last, a loop earlier
    bool found = false;
    for (std::size_t k = 0; k < m.size(); ++k)
        if (m[k].time <= t) {
            i = k;
            found = true;
        }
    const double start = found ? m[i].time : m[i].time - length;
    const double end = !found ? m[0].time : i + 1 < m.size() ? m[i + 1].time : m[0].time + length;
    if (!found)
        loops -= 1.0;
    const double fraction = end > start ? (t - start) / (end - start) : 0.0;
    return loops * n + static_cast<double>(i) + fraction;
}

// The unwrapped time at a number of marker steps (markerSteps' inverse).
double timeAtSteps(std::span<const SyncMarker> m, double length, double steps)
{
    const auto n = static_cast<double>(m.size());
    const double loops = std::floor(steps / n);
    const double r = steps - loops * n;
    const auto i = std::min(static_cast<std::size_t>(r), m.size() - 1);
    const double start = m[i].time;
    const double end = i + 1 < m.size() ? m[i + 1].time : m[0].time + length;
    return loops * length + start + (r - static_cast<double>(i)) * (end - start);
}

// Steps per second of a clip playing in real time at `steps`: one over
// the length of the marker-to-marker interval it is in.
double stepRate(std::span<const SyncMarker> m, double length, double steps)
{
    const auto n = static_cast<double>(m.size());
    const double r = steps - std::floor(steps / n) * n;
    const auto i = std::min(static_cast<std::size_t>(r), m.size() - 1);
    const double span = (i + 1 < m.size() ? m[i + 1].time : m[0].time + length) - m[i].time;
    return span > 1e-9 ? 1.0 / span : 0.0;
}

// The integral over [0, u] of the blend's weight (jointWeight at scale 1):
// 5-point Gauss-Legendre on 4 panels, exact for smoothstep's cubic and
// smootherstep's quintic, far below a microsecond's error for a Bézier.
double weightIntegral(const TransitionTiming& t, double u)
{
    static constexpr std::array<double, 5> nodes = {0.0, -0.5384693101056831, 0.5384693101056831,
                                                    -0.9061798459386640, 0.9061798459386640};
    static constexpr std::array<double, 5> weights = {0.5688888888888889, 0.4786286704993665, 0.4786286704993665,
                                                      0.2369268850561891, 0.2369268850561891};
    u = std::clamp(u, 0.0, t.duration);
    constexpr int panels = 4;  // (the curve is piecewise smooth only at its ends)
    const double h = u / panels;
    double sum = 0.0;
    for (int p = 0; p < panels; ++p)
        for (std::size_t k = 0; k < nodes.size(); ++k)
            sum += weights[k] * jointWeight(t, (p + 0.5) * h + 0.5 * h * nodes[k], 1.f);
    return sum * 0.5 * h;
}

// Marker sync through the blend (issue 37): A and B share one step count,
// B's offset by the steps between them at the exit, and the count moves at
// the blend of their own step rates, (1 - w) A's + w B's. So at w = 0 A
// plays in real time, at w = 1 B does, in between both stay in step, and
// neither clip's speed jumps at either end of the blend (following A's
// markers alone ran B at A's pace to the blend's end, then snapped to its
// own). Between two markers of either clip the rates are constant, so the
// count is exact there: S(u) = S0 + a (u - u0) + (b - a) (W(u) - W(u0)),
// W the weight's integral; each marker reached is found by Newton's method.
struct StepSync {
    double stepsA = 0.0;  // A's step count at the time asked
    double shift = 0.0;   // B's steps less A's
};
StepSync stepsThroughBlend(const TransitionTiming& t, double atExitB, double u)
{
    StepSync s;
    s.stepsA = markerSteps(t.markersA, t.lengthA, t.exit);
    s.shift = markerSteps(t.markersB, t.lengthB, atExitB) - s.stepsA;
    u = std::clamp(u, 0.0, t.duration);
    double at = 0.0, wAt = 0.0;
    for (int guard = 0; guard < 4096 && at < u; ++guard) {
        // Nudged inside the interval it is in, so a count on a marker takes the next one's rate.
        const double a = stepRate(t.markersA, t.lengthA, s.stepsA + 1e-9);
        const double b = stepRate(t.markersB, t.lengthB, s.stepsA + s.shift + 1e-9);
        const auto count = [&](double v, double wv) { return s.stepsA + a * (v - at) + (b - a) * (wv - wAt); };
        const double next = std::min(std::floor(s.stepsA + 1e-9) + 1.0,
                                     std::floor(s.stepsA + s.shift + 1e-9) + 1.0 - s.shift);
        const double wU = weightIntegral(t, u);
        if (count(u, wU) <= next) {
            s.stepsA = count(u, wU);
            return s;
        }
        // The time the count reaches the next marker: Newton from the end (the count is convex or concave on a smooth curve).
        double v = u;
        for (int k = 0; k < 30; ++k) {
            const double w = jointWeight(t, v, 1.f);
            const double rate = (1.0 - w) * a + w * b;
            const double step = (count(v, weightIntegral(t, v)) - next) / std::max(rate, 1e-9);
            v = std::clamp(v - step, at, u);
            if (std::abs(step) < 1e-12)
                break;
        }
        at = v;
        wAt = weightIntegral(t, v);
        s.stepsA = next;
    }
    return s;
}

// B's unwrapped time under sync. Without markers, the phase rule. With
// them: at the exit, the marker-synced time nearest the phase rule's;
// before it, the phase rule's pace kept continuous with that; during the
// blend, B moves through its markers step for step with A (markerSteps);
// after it, real time on from the blend's end.
// `phase` is syncPhase(t, time), computed once by the caller (it is a
// quadrature for curved blends, and this runs for every posed frame).
double syncedUnwrappedB(const TransitionTiming& t, double time, double phase)
{
    if (t.markersA.empty() || t.markersB.empty())
        return phaseUnwrappedB(t, phase);
    const double end = t.exit + t.duration;
    if (time > end)
        return syncedUnwrappedB(t, end, syncPhase(t, end)) + (time - end);
    const double exitPhase = t.exit / t.lengthA;  // syncPhase at the exit: A in real time until then
    const double phaseAtExit = phaseUnwrappedB(t, exitPhase);
    const double atExit = markerUnwrappedB(t, exitPhase, phaseAtExit);
    if (time <= t.exit)
        return atExit + phaseUnwrappedB(t, phase) - phaseAtExit;
    const StepSync steps = stepsThroughBlend(t, atExit, time - t.exit);
    return timeAtSteps(t.markersB, t.lengthB, steps.stepsA + steps.shift);
}

// B's marker-synced time where A enters the blend.
double markerEntryB(const TransitionTiming& t)
{
    const double exitPhase = t.exit / t.lengthA;
    return markerUnwrappedB(t, exitPhase, phaseUnwrappedB(t, exitPhase));
}

} // namespace

TransitionFrame sampleTransition(const TransitionTiming& t, double time)
{
    TransitionFrame f;
    f.u = time - t.exit;
    f.weight = jointWeight(t, f.u, 1.f);
    if (t.syncs() && !t.markersA.empty() && !t.markersB.empty()) {
        // By the markers: A in real time until the exit, then both by the
        // shared step count, then B in real time; B held at its entry before.
        const double atExitB = markerEntryB(t);
        const double end = t.exit + t.duration;
        const StepSync steps = stepsThroughBlend(t, atExitB, std::max(0.0, std::min(time, end) - t.exit));
        const double a = time <= t.exit ? time : timeAtSteps(t.markersA, t.lengthA, steps.stepsA);
        double b = time <= t.exit ? atExitB : timeAtSteps(t.markersB, t.lengthB, steps.stepsA + steps.shift);
        if (time > end)
            b += time - end;
        f.timeA = frac(a / t.lengthA) * t.lengthA;
        f.loopsA = static_cast<long long>(std::floor(a / t.lengthA));
        f.timeB = frac(b / t.lengthB) * t.lengthB;
        f.loopsB = static_cast<long long>(std::floor(b / t.lengthB));
        if (time > end)  // A plays on at real time after the blend (its weight is 0: only its ghost shows it)
            f.timeA = frac((timeAtSteps(t.markersA, t.lengthA, steps.stepsA) + time - end) / t.lengthA) * t.lengthA;
        return f;
    }
    if (t.syncs()) {
        const double phase = syncPhase(t, time);
        f.timeA = frac(phase) * t.lengthA;
        f.loopsA = static_cast<long long>(std::floor(phase));
        // Before the exit B is held where it enters, as in a crossfade: its
        // ghost shows the pose A is about to meet, not a walk in step.
        const double b = (time < t.exit ? syncedUnwrappedB(t, t.exit, t.exit / t.lengthA)
                                        : syncedUnwrappedB(t, time, phase)) /
                         t.lengthB;
        f.timeB = frac(b) * t.lengthB;
        f.loopsB = static_cast<long long>(std::floor(b));
        return f;
    }
    const double unwrappedB = t.offset + std::max(f.u, 0.0);
    f.timeA = sideTime(time, t.lengthA, t.cycleA);
    f.timeB = sideTime(unwrappedB, t.lengthB, t.cycleB);
    f.loopsA = loopsBefore(time, t.lengthA, t.cycleA);
    f.loopsB = loopsBefore(unwrappedB, t.lengthB, t.cycleB);
    return f;
}

} // namespace marrow::anim
