// SPDX-License-Identifier: MIT
#pragma once
#include "core/anim/clip.h"
#include "core/document/key_id.h"
#include "widgets/timeline/graph/curve_sampling.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <vector>

namespace marrow::ui::graph {

// A key as a point of one component curve.
struct KeyPoint {
    std::size_t index = 0;  // into the channel's keys
    double time = 0.0;
    double value = 0.0;
};

// One drawn curve: one component of one channel of one joint, as
// time-ordered samples (see SampledCurve) and its keys. `component` indexes
// the stored value as glm does: 0 x, 1 y, 2 z, and 3 a quaternion's w.
struct GraphCurve {
    model::JointIndex joint = 0;
    doc::ChannelKind kind = doc::ChannelKind::Translation;
    int component = 0;
    std::vector<double> times;
    std::vector<double> values;
    std::vector<KeyPoint> keys;
    std::uint64_t serial = 0;  // the SampledCurve's serial it was split from

    doc::KeyId keyId(const KeyPoint& key) const { return {joint, kind, static_cast<float>(key.time)}; }
};

// The track a joint has (the document's, or a drag's preview), or nullptr.
using TrackLookup = std::function<const anim::JointTrack*(model::JointIndex)>;
// Whether a joint's channel is shown (the legend's toggles).
using ChannelFilter = std::function<bool(model::JointIndex, doc::ChannelKind)>;

// The curves of the joints' animated channels, in joint order, then
// translation, rotation, scale, then x, y, z (w, x, y, z for a quaternion
// rotation; an Euler one in degrees, channel_curve.h). Channels without keys give no
// curves. `maxStepSeconds` and `window` as sampleCurve takes them; a null
// filter shows all.
std::vector<GraphCurve> buildCurves(std::span<const model::JointIndex> joints, const TrackLookup& track,
                                    double maxStepSeconds, const ChannelFilter& shown = {}, SampleWindow window = {});

// The sampled curve of a joint's channel (a CurveCache's, say), or nullptr
// when the joint has no track. Called once per shown channel.
using ChannelSource = std::function<const SampledCurve*(model::JointIndex, doc::ChannelKind)>;
// Whether a component of a joint's channel is shown (the legend's axis toggles).
using AxisFilter = std::function<bool(model::JointIndex, doc::ChannelKind, int component)>;
// As buildCurves, from curves sampled elsewhere, keeping the components
// `axes` shows. A channel whose sampling (its serial, not 0) made curves in
// `previous` that are still the ones shown takes them from there instead
// of splitting the samples again (a key edit changes one joint's).
std::vector<GraphCurve> assembleCurves(std::span<const model::JointIndex> joints, const ChannelSource& source,
                                       const ChannelFilter& shown = {}, const AxisFilter& axes = {},
                                       std::vector<GraphCurve> previous = {});

// The box the curves cover (keys and samples).
struct Extent {
    double t0 = 0.0, t1 = 0.0;
    double v0 = 0.0, v1 = 0.0;
};
std::optional<Extent> curvesExtent(std::span<const GraphCurve> curves);
// The box the keys for which `pick` answers true cover, or nullopt for none.
std::optional<Extent> keysExtent(std::span<const GraphCurve> curves,
                                 const std::function<bool(const GraphCurve&, const KeyPoint&)>& pick);

} // namespace marrow::ui::graph
