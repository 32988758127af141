// SPDX-License-Identifier: MIT
#include "widgets/timeline/graph/curve_sampling.h"

#include "core/anim/channel_sampling.h"
#include "core/math/rotation.h"
#include "widgets/timeline/graph/euler_unwrap.h"

#include <algorithm>
#include <cmath>

namespace marrow::ui::graph {

namespace {

// Off-window rotation segments keep this many steps: enough for the unwrap
// to follow a segment's turn (at most 180 degrees on the quaternion's short way).
constexpr int kOffWindowRotationSteps = 8;

int interiorSteps(double span, double maxStep, bool straight)
{
    if (straight || !(maxStep > 0.0))
        return 1;
    const double steps = std::ceil(span / maxStep);
    return static_cast<int>(std::clamp(steps, 1.0, static_cast<double>(kMaxSamplesPerSegment)));
}

int segmentSteps(double ta, double tb, double maxStep, bool straight, const SampleWindow& window, int offWindow)
{
    const int steps = interiorSteps(tb - ta, maxStep, straight);
    return tb < window.from || ta > window.to ? std::min(steps, offWindow) : steps;
}

// The walk shared by both channel types; `convert` turns a sampled value
// into the drawn xyz (and, for rotations, carries the unwrap state).
template <class T, class Convert>
SampledCurve walk(const anim::Channel<T>& c, double maxStep, const SampleWindow& window, bool straightLinear,
                  int offWindowSteps, Convert&& convert)
{
    SampledCurve out;
    const std::size_t n = c.size();
    if (n == 0)
        return out;
    const auto push = [&](double t, const glm::dvec3& v) {
        out.times.push_back(t);
        out.values.push_back(v);
    };
    push(c.times[0], convert(c.values[0]));
    out.keys.push_back({0, c.times[0], out.values.back()});
    std::uint32_t cursor = 0;
    for (std::size_t i = 0; i + 1 < n; ++i) {
        const double ta = c.times[i], tb = c.times[i + 1];
        if (tb > ta) {
            const anim::Interpolation mode = c.segment(i);
            if (mode == anim::Interpolation::Step) {
                push(tb, out.values.back());  // hold exactly, then jump below
            } else {
                const bool straight = straightLinear && mode == anim::Interpolation::Linear;
                const int steps = segmentSteps(ta, tb, maxStep, straight, window, offWindowSteps);
                for (int s = 1; s < steps; ++s) {
                    const double t = ta + (tb - ta) * s / steps;
                    push(t, convert(anim::sampleChannel(c, t, cursor)));
                }
            }
        }
        push(tb, convert(c.values[i + 1]));
        out.keys.push_back({i + 1, tb, out.values.back()});
    }
    return out;
}

} // namespace

SampledCurve sampleCurve(const anim::Vec3Channel& channel, double maxStepSeconds, SampleWindow window)
{
    return walk(channel, maxStepSeconds, window, true, 1, [](const glm::vec3& v) { return glm::dvec3(v); });
}

SampledCurve sampleCurve(const anim::QuatChannel& channel, double maxStepSeconds, SampleWindow window)
{
    EulerUnwrapper unwrap;
    // Keys are normalised as sampling normalises them, so a key's point lies on its curve.
    return walk(channel, maxStepSeconds, window, false, kOffWindowRotationSteps,
                [&](const glm::quat& q) { return glm::dvec3(unwrap(math::safeNormalize(q))); });
}

} // namespace marrow::ui::graph
