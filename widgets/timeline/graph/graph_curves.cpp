// SPDX-License-Identifier: MIT
#include "widgets/timeline/graph/graph_curves.h"

#include "widgets/timeline/graph/channel_curve.h"

#include <algorithm>

namespace marrow::ui::graph {

namespace {

// A quaternion's W comes first, as Blender lists W, X, Y, Z.
std::span<const int> componentOrder(int components)
{
    static constexpr int kXyz[] = {0, 1, 2}, kWxyz[] = {3, 0, 1, 2};
    return components == 4 ? std::span<const int>(kWxyz) : std::span<const int>(kXyz);
}

void split(const SampledCurve& sampled, model::JointIndex joint, doc::ChannelKind kind, const AxisFilter& axes,
           std::vector<GraphCurve>& out)
{
    for (const int c : componentOrder(sampled.components)) {
        if (axes && !axes(joint, kind, c))
            continue;
        GraphCurve curve;
        curve.joint = joint;
        curve.kind = kind;
        curve.component = c;
        curve.serial = sampled.serial;
        curve.times = sampled.times;
        curve.values.reserve(sampled.values.size());
        for (const glm::dvec4& v : sampled.values)
            curve.values.push_back(v[c]);
        curve.keys.reserve(sampled.keys.size());
        for (const CurveKey& k : sampled.keys)
            curve.keys.push_back({k.index, k.time, k.value[c]});
        out.push_back(std::move(curve));
    }
}

// Moves the curves `previous` holds for this sampling of (joint, kind) to
// `out`, when it holds exactly the components `axes` shows; else moves nothing.
bool reuse(const SampledCurve& sampled, model::JointIndex joint, doc::ChannelKind kind, const AxisFilter& axes,
           std::vector<GraphCurve>& previous, std::size_t& cursor, std::vector<GraphCurve>& out)
{
    if (sampled.serial == 0)
        return false;
    // Channels come in the same order as last time: look from where the last match ended.
    const auto matches = [&](const GraphCurve& g) {
        return g.serial == sampled.serial && g.joint == joint && g.kind == kind;
    };
    std::size_t i = cursor;
    while (i < previous.size() && !matches(previous[i]))
        ++i;
    if (i == previous.size()) {
        for (i = 0; i < cursor && !matches(previous[i]);)
            ++i;
        if (i == cursor)
            return false;
    }
    std::size_t end = i;
    for (const int c : componentOrder(sampled.components)) {
        if (axes && !axes(joint, kind, c))
            continue;
        if (end == previous.size() || !matches(previous[end]) || previous[end].component != c)
            return false;
        ++end;
    }
    if (end < previous.size() && matches(previous[end]))
        return false;  // it showed a component that is now hidden
    for (std::size_t k = i; k < end; ++k) {
        out.push_back(std::move(previous[k]));
        previous[k].serial = 0;  // taken: never matched again
    }
    cursor = end;
    return true;
}

void grow(Extent& e, bool& any, double t, double v)
{
    if (!any) {
        e = {t, t, v, v};
        any = true;
        return;
    }
    e.t0 = std::min(e.t0, t);
    e.t1 = std::max(e.t1, t);
    e.v0 = std::min(e.v0, v);
    e.v1 = std::max(e.v1, v);
}

} // namespace

std::vector<GraphCurve> buildCurves(std::span<const model::JointIndex> joints, const TrackLookup& track,
                                    double maxStepSeconds, const ChannelFilter& shown, SampleWindow window)
{
    std::vector<GraphCurve> out;
    for (const model::JointIndex joint : joints) {
        const anim::JointTrack* t = track ? track(joint) : nullptr;
        if (!t)
            continue;
        for (const doc::ChannelKind kind :
             {doc::ChannelKind::Translation, doc::ChannelKind::Rotation, doc::ChannelKind::Scale}) {
            if (shown && !shown(joint, kind))
                continue;
            const SampledCurve sampled = sampleChannelCurve(*t, kind, maxStepSeconds, window);
            if (!sampled.times.empty())
                split(sampled, joint, kind, {}, out);
        }
    }
    return out;
}

std::vector<GraphCurve> assembleCurves(std::span<const model::JointIndex> joints, const ChannelSource& source,
                                       const ChannelFilter& shown, const AxisFilter& axes,
                                       std::vector<GraphCurve> previous)
{
    std::vector<GraphCurve> out;
    std::size_t cursor = 0;
    for (const model::JointIndex joint : joints)
        for (const doc::ChannelKind kind :
             {doc::ChannelKind::Translation, doc::ChannelKind::Rotation, doc::ChannelKind::Scale}) {
            if (shown && !shown(joint, kind))
                continue;
            const SampledCurve* sampled = source(joint, kind);
            if (sampled && !sampled->times.empty() && !reuse(*sampled, joint, kind, axes, previous, cursor, out))
                split(*sampled, joint, kind, axes, out);
        }
    return out;
}

std::optional<Extent> curvesExtent(std::span<const GraphCurve> curves)
{
    Extent e;
    bool any = false;
    for (const GraphCurve& c : curves)
        for (std::size_t i = 0; i < c.times.size(); ++i)
            grow(e, any, c.times[i], c.values[i]);
    return any ? std::optional<Extent>(e) : std::nullopt;
}

std::optional<Extent> keysExtent(std::span<const GraphCurve> curves,
                                 const std::function<bool(const GraphCurve&, const KeyPoint&)>& pick)
{
    Extent e;
    bool any = false;
    for (const GraphCurve& c : curves)
        for (const KeyPoint& k : c.keys)
            if (pick(c, k))
                grow(e, any, k.time, k.value);
    return any ? std::optional<Extent>(e) : std::nullopt;
}

} // namespace marrow::ui::graph
