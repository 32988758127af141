// SPDX-License-Identifier: MIT
#include "widgets/timeline/graph/curve_sampling.h"

#include "core/anim/channel_sampling.h"
#include "core/math/rotation.h"

#include <algorithm>
#include <cmath>

namespace marrow::ui::graph {

namespace {

int interiorSteps(double span, double maxStep, bool straight)
{
    if (straight || !(maxStep > 0.0))
        return 1;
    const double steps = std::ceil(span / maxStep);
    return static_cast<int>(std::clamp(steps, 1.0, static_cast<double>(kMaxSamplesPerSegment)));
}

int segmentSteps(double ta, double tb, double maxStep, bool straight, const SampleWindow& window)
{
    // Off screen a segment is one straight step.
    return tb < window.from || ta > window.to ? 1 : interiorSteps(tb - ta, maxStep, straight);
}

// The walk shared by both channel types; `convert(value, isKey)` turns a
// sampled value into the drawn components.
template <class T, class Convert>
SampledCurve walk(const anim::Channel<T>& c, double maxStep, const SampleWindow& window, bool straightLinear,
                  Convert&& convert)
{
    SampledCurve out;
    out.components = static_cast<int>(sizeof(T) / sizeof(float));
    const std::size_t n = c.size();
    if (n == 0)
        return out;
    const auto push = [&](double t, const glm::dvec4& v) {
        out.times.push_back(t);
        out.values.push_back(v);
    };
    push(c.times[0], convert(c.values[0], true));
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
                const int steps = segmentSteps(ta, tb, maxStep, straight, window);
                for (int s = 1; s < steps; ++s) {
                    const double t = ta + (tb - ta) * s / steps;
                    push(t, convert(anim::sampleChannel(c, t, cursor), false));
                }
            }
        }
        push(tb, convert(c.values[i + 1], true));
        out.keys.push_back({i + 1, tb, out.values.back()});
    }
    return out;
}

} // namespace

SampledCurve sampleCurve(const anim::Vec3Channel& channel, double maxStepSeconds, SampleWindow window)
{
    return walk(channel, maxStepSeconds, window, true,
                [](const glm::vec3& v, bool) { return glm::dvec4(glm::dvec3(v), 0.0); });
}

SampledCurve sampleCurve(const anim::QuatChannel& channel, double maxStepSeconds, SampleWindow window)
{
    glm::quat previous(1.f, 0.f, 0.f, 0.f);
    return walk(channel, maxStepSeconds, window, false, [&](const glm::quat& q, bool key) {
        glm::quat n = math::safeNormalize(q);
        // Playback's q and -q are one pose; drawn, a sample takes its predecessor's sign.
        if (!key && glm::dot(previous, n) < 0.f)
            n = -n;
        previous = n;
        return glm::dvec4(n.x, n.y, n.z, n.w);
    });
}

} // namespace marrow::ui::graph
