// SPDX-License-Identifier: MIT
#pragma once
#include "core/model/rig.h"

namespace marrow::ui {

// Where a transition's parts lie on the preview's time axis [0, T]: clip A
// plays from 0 (to its end, or to T when it cycles), clip B from the exit
// time e to T, and the blend covers [e, e + D]. Pure numbers (seconds).
struct TransitionSpans {
    double length = 0.0;      // T
    double aEnd = 0.0;        // where A's bar ends
    double aClipEnd = 0.0;    // where A's own length ends (A holds or cycles after it)
    double bStart = 0.0;      // e
    double blendEnd = 0.0;    // e + D
    double slowestEnd = 0.0;  // e + D s_max: where the blend profile's slowest joint finishes
    double bClipEnd = 0.0;    // where B's own length ends on the axis: e + lenB - o
};
TransitionSpans transitionSpans(const model::Transition& t, const model::Rig& rig);

// The handles a user drags on the transition track: the exit (the blend's
// start, moves the blend and B), the duration (the blend's end) and the
// offset (B's bar body: slides B's content under the blend).
enum class TransitionHandle { None, Exit, Duration, Offset };

// `original` with a handle dragged by `deltaSeconds` on the axis, snapped to
// frames of `fps` unless `snap` is false, clamped so the transition stays
// valid: e >= 0, o >= 0 (dragging B's body right shows earlier B content,
// so o decreases), D at least one frame.
model::Transition dragTransitionHandle(const model::Transition& original, TransitionHandle handle,
                                       double deltaSeconds, double fps, bool snap);

} // namespace marrow::ui
