// SPDX-License-Identifier: MIT
#pragma once
#include "core/anim/blend_curve.h"
#include "core/anim/sync_markers.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace marrow::anim {

// When and how fast a transition from clip A to clip B blends, as numbers
// only (the clips' lengths, not the clips), so previews, bakes and the CLI
// share one exact timing. Preview time t runs over [0, length()]; u = t - e.
//   Crossfade: tA = t, tB = o + max(u, 0), each clamped to [0, len] or
//   wrapped when that side cycles; weight = curve(clamp(u / D, 0, 1)).
//   Sync (both sides cycle): A plays in real time until e; during the blend
//   the phase advances at 1 / ((1 - w) lenA + w lenB) (the blended cycle
//   length), after it at 1 / lenB; tA = frac(phase) lenA, tB =
//   frac(phase + o / lenB) lenB from e on; before e B is held at its tB at
//   e (its entry pose), as a crossfade holds it at o. The phase's integral is exact for the
//   linear curve and Gauss-Legendre (error far below 1e-7 of a cycle)
//   otherwise. When both clips have sync markers with a pair in common,
//   B instead sits between the same pair of markers as A
//   (markerSyncedTime, the pair nearest the phase rule's tB) until the
//   blend ends, then plays on in real time from there.
// How the transition moves from A to B: a crossfade of the two poses, or
// inertialization (the pose switches to B at e and A's offset decays).
enum class BlendMode : std::uint8_t { Crossfade, Inertialization };

struct TransitionTiming {
    double lengthA = 0.0;   // clip A's duration (seconds, >= 0)
    double lengthB = 0.0;   // clip B's duration
    double exit = 0.0;      // e: when in A the blend starts (>= 0)
    double offset = 0.0;    // o: where in B the blend starts (>= 0)
    double duration = 0.5;  // D: how long the blend lasts (> 0)
    BlendCurve curve;
    bool sync = false;      // match cycles (needs both sides cycling and both lengths > 0)
    bool cycleA = false;    // loop A when sampled past its end (otherwise clamp)
    bool cycleB = false;
    BlendMode mode = BlendMode::Crossfade;
    // The blend profile's largest blend-time scale (1 without a profile):
    // the slowest joint blends over D times this.
    double slowestScale = 1.0;
    // The preview's length set by hand (0: automatic), at least blendEnd().
    double previewLength = 0.0;
    // Sync markers of each clip (sorted by time), for marker-based sync.
    std::vector<SyncMarker> markersA, markersB;

    // How long the automatic preview runs on after the blend: B settling
    // (a foot coming down, a last swing) is part of what the blend did.
    static constexpr double kSettleTail = 0.5;

    // When the slowest joint finishes blending: e + D slowestScale.
    double blendEnd() const;
    // T = max(blendEnd() + kSettleTail, e + lenB - o): the preview and the
    // bake run until every joint is B's, half a second more, and on to B's
    // end; or previewLength when set, never before blendEnd() (a shorter or
    // longer tail of B).
    double length() const;
    // Whether sync applies (asked for, both cycle, both lengths > 0).
    bool syncs() const;
    // nullopt when every number is finite and in range.
    std::optional<std::string> validate() const;
};

// One preview time's sample times and the unscaled weight of B.
struct TransitionFrame {
    double u = 0.0;       // t - e
    double timeA = 0.0;   // tA
    double timeB = 0.0;   // tB
    float weight = 0.f;   // curve(clamp(u / D, 0, 1))
    // Whole cycles each side has played before its time (0 unless it cycles):
    // root motion carried through loops adds that many cycles' travel.
    long long loopsA = 0;
    long long loopsB = 0;
};

TransitionFrame sampleTransition(const TransitionTiming& timing, double t);
// A joint's weight under a blend-profile scale s > 0: curve(clamp(u / (D s), 0, 1)).
float jointWeight(const TransitionTiming& timing, double u, float scale);
// The synced phase (cycles of A) at preview time t; meaningful when syncs().
double syncPhase(const TransitionTiming& timing, double t);

} // namespace marrow::anim
