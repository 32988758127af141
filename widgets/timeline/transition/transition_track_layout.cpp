// SPDX-License-Identifier: MIT
#include "widgets/timeline/transition/transition_track_layout.h"

#include <algorithm>
#include <cmath>

namespace marrow::ui {

TransitionSpans transitionSpans(const model::Transition& t, const model::Rig& rig)
{
    const anim::TransitionTiming timing = t.timing(rig);
    TransitionSpans s;
    s.length = timing.length();
    s.aClipEnd = std::min(timing.lengthA, s.length);
    s.slowestEnd = timing.blendEnd();
    s.aEnd = t.cycleA ? s.length : std::max(s.aClipEnd, std::max(t.exit + t.duration, s.slowestEnd));
    s.aEnd = std::min(s.aEnd, s.length);
    s.bStart = t.exit;
    s.blendEnd = t.exit + t.duration;
    s.bClipEnd = t.exit + std::max(0.0, timing.lengthB - t.offset);
    return s;
}

model::Transition dragTransitionHandle(const model::Transition& original, TransitionHandle handle,
                                       double deltaSeconds, double fps, bool snap)
{
    const double frame = fps > 0.0 ? 1.0 / fps : 0.0;
    auto snapped = [&](double seconds) { return snap && fps > 0.0 ? std::round(seconds * fps) / fps : seconds; };
    model::Transition t = original;
    if (!std::isfinite(deltaSeconds))
        return t;
    switch (handle) {
    case TransitionHandle::Exit: t.exit = std::max(0.0, snapped(original.exit + deltaSeconds)); break;
    case TransitionHandle::Duration:
        t.duration = std::max(frame > 0.0 ? frame : 1e-3, snapped(original.duration + deltaSeconds));
        break;
    case TransitionHandle::Offset: t.offset = std::max(0.0, snapped(original.offset - deltaSeconds)); break;
    case TransitionHandle::None: break;
    }
    return t;
}

} // namespace marrow::ui
