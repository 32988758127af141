// SPDX-License-Identifier: MIT
#include "widgets/timeline/graph/channel_curve.h"

#include <glm/gtc/constants.hpp>

namespace marrow::ui::graph {

double displayScale(const anim::JointTrack& track, doc::ChannelKind kind)
{
    const bool angles = kind == doc::ChannelKind::Rotation && anim::isEuler(track.rotationMode);
    return angles ? 180.0 / glm::pi<double>() : 1.0;
}

SampledCurve sampleChannelCurve(const anim::JointTrack& track, doc::ChannelKind kind, double maxStepSeconds,
                                SampleWindow window)
{
    SampledCurve curve = doc::visitChannel(
        track, kind, [&](const auto& channel) { return sampleCurve(channel, maxStepSeconds, window); });
    const double scale = displayScale(track, kind);
    if (scale != 1.0) {
        for (auto& v : curve.values)
            v *= scale;
        for (CurveKey& k : curve.keys)
            k.value *= scale;
    }
    return curve;
}

} // namespace marrow::ui::graph
