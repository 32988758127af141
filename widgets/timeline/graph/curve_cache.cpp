// SPDX-License-Identifier: MIT
#include "widgets/timeline/graph/curve_cache.h"

#include "widgets/timeline/graph/channel_curve.h"

#include <cmath>

namespace marrow::ui::graph {

double CurveCache::quantisedStep(double maxStepSeconds)
{
    if (!(maxStepSeconds > 0.0) || !std::isfinite(maxStepSeconds))
        return maxStepSeconds;
    return std::exp2(std::floor(std::log2(maxStepSeconds)));
}

const SampledCurve& CurveCache::curve(model::JointIndex joint, doc::ChannelKind kind, const anim::JointTrack& track,
                                      double maxStepSeconds, SampleWindow visible)
{
    const double step = quantisedStep(maxStepSeconds);
    Entry& e = m_entries[{joint, kind}];
    const bool covers = e.window.from <= visible.from && visible.to <= e.window.to;
    if (e.sampled && e.step == step && covers)
        return e.curve;
    // A bounded window widened by its span each side; an unbounded one stays so.
    const double span = visible.to - visible.from;
    e.window = std::isfinite(span) ? SampleWindow{visible.from - span, visible.to + span} : visible;
    e.step = step;
    e.sampled = true;
    e.curve = sampleChannelCurve(track, kind, step, e.window);
    e.curve.serial = ++m_samplings;
    return e.curve;
}

void CurveCache::invalidate(model::JointIndex joint, anim::ChannelMask channels)
{
    for (const doc::ChannelKind kind :
         {doc::ChannelKind::Translation, doc::ChannelKind::Rotation, doc::ChannelKind::Scale})
        if (channels & doc::channelBit(kind))
            m_entries.erase({joint, kind});
}

void CurveCache::clear()
{
    m_entries.clear();
}

} // namespace marrow::ui::graph
