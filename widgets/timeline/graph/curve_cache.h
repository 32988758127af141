// SPDX-License-Identifier: MIT
#pragma once
#include "core/anim/clip.h"
#include "core/document/key_id.h"
#include "widgets/timeline/graph/curve_sampling.h"

#include <cstddef>
#include <map>
#include <utility>

namespace marrow::ui::graph {

// The graph view's sampled curves, one entry per joint channel, kept across
// repaints so that only what changed is sampled again. No Qt.
//
// A request asks for a step of at most `maxStepSeconds` and a smooth curve
// over `visible`. The step is rounded down to a power of two seconds and the
// window sampled is the visible one widened by its own span on each side,
// so zoom steps within one octave and pans of up to a view's width reuse an
// entry. An entry is dropped only by invalidate (its joint's channels were
// edited) or clear (another clip or rig); hiding a channel or changing the
// joint selection keeps it.
class CurveCache {
public:
    // The power of two (seconds) at most `maxStepSeconds` (> 0) that entries are sampled at.
    static double quantisedStep(double maxStepSeconds);

    // The channel `kind` of `track` as a curve (no keys: an empty curve),
    // sampled again only when the entry for (joint, kind) is missing, was
    // sampled at another step, or does not cover `visible`.
    const SampledCurve& curve(model::JointIndex joint, doc::ChannelKind kind, const anim::JointTrack& track,
                              double maxStepSeconds, SampleWindow visible);

    // Drops the joint's entries for the channels in `channels`.
    void invalidate(model::JointIndex joint, anim::ChannelMask channels);
    void clear();

    // How many channels have been sampled since construction (tests watch it).
    std::size_t samplings() const { return m_samplings; }

private:
    struct Entry {
        bool sampled = false;
        double step = 0.0;
        SampleWindow window;
        SampledCurve curve;
    };
    std::map<std::pair<model::JointIndex, doc::ChannelKind>, Entry> m_entries;
    std::size_t m_samplings = 0;
};

} // namespace marrow::ui::graph
