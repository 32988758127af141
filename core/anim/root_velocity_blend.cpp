// SPDX-License-Identifier: MIT
#include "core/anim/root_velocity_blend.h"

#include <algorithm>
#include <cmath>

namespace marrow::anim {

namespace {

constexpr double kStepsPerSecond = 240.0;

} // namespace

RootVelocityBlend::RootVelocityBlend(const Skeleton& skeleton, const Clip& a, const Clip& b,
                                     const TransitionTiming& timing, const RootMatch& match, float rootScale)
    : m_timing(timing)
    , m_rootScale(rootScale > 0.f ? rootScale : 1.f)
{
    const double span = timing.duration * static_cast<double>(m_rootScale);
    if (!(span > 0.0) || !std::isfinite(span))
        return;
    const auto steps = static_cast<std::size_t>(std::max(8.0, std::ceil(span * kStepsPerSecond)));
    m_step = span / static_cast<double>(steps);
    // pB - pA along the ground, and the root's weight, at each step.
    const auto gap = [&](double t) {
        const TransitionFrame f = sampleTransition(timing, t);
        const glm::vec3 pa = jointTranslationAt(skeleton, a, f.timeA, match.joint) + match.offsetA(f.loopsA);
        const glm::vec3 pb = jointTranslationAt(skeleton, b, f.timeB, match.joint) + match.offsetB(f.loopsB);
        return alongTheGround(pb - pa, match.up);
    };
    m_table.assign(steps + 1, glm::vec3(0.f));
    m_gap.resize(steps + 1);
    m_weight.resize(steps + 1);
    for (std::size_t k = 0; k <= steps; ++k) {
        const double u = static_cast<double>(k) * m_step;
        m_gap[k] = gap(timing.exit + u);
        m_weight[k] = jointWeight(timing, u, m_rootScale);
        if (k > 0)
            m_table[k] = m_table[k - 1] + (m_weight[k] - m_weight[k - 1]) * 0.5f * (m_gap[k - 1] + m_gap[k]);
    }
}

glm::vec3 RootVelocityBlend::correction(double t) const
{
    if (m_table.empty() || !(t > m_timing.exit))
        return glm::vec3(0.f);
    const double u = t - m_timing.exit;
    const double x = u / m_step;
    const double last = static_cast<double>(m_table.size() - 1);
    if (!(x < last))
        return m_table.back();
    const auto k = static_cast<std::size_t>(x);
    const auto f = static_cast<float>(x - static_cast<double>(k));
    const glm::vec3 gapHere = m_gap[k] + f * (m_gap[k + 1] - m_gap[k]);
    return m_table[k] + (jointWeight(m_timing, u, m_rootScale) - m_weight[k]) * 0.5f * (m_gap[k] + gapHere);
}

} // namespace marrow::anim
