// SPDX-License-Identifier: MIT
#include "core/mesh/dab_spacer.h"

#include <glm/geometric.hpp>

#include <algorithm>
#include <cmath>

namespace marrow::mesh {

void DabSpacer::start(const glm::vec3& p)
{
    m_cursor = p;
    m_carry = 0.f;
}

std::size_t DabSpacer::moveTo(const glm::vec3& p, float step, std::vector<glm::vec3>& out)
{
    const glm::vec3 from = m_cursor;
    m_cursor = p;
    const float length = glm::distance(from, p);
    if (!(step > 0.f) || !std::isfinite(step) || !(length > 0.f)) {
        // A step change (new radius) may leave carry >= step: the next dab then falls at once.
        return 0;
    }
    const glm::vec3 dir = (p - from) / length;
    std::size_t emitted = 0;
    // The first dab lies step - carry into this segment; the rest follow every step.
    // Index-based positions (not t += step) keep rounding from piling up on long segments.
    const float first = std::max(step - m_carry, 0.f);
    for (float t = first; t <= length; t = first + static_cast<float>(++emitted) * step)
        out.push_back(from + dir * t);
    m_carry = emitted == 0 ? m_carry + length : length - (first + static_cast<float>(emitted - 1) * step);
    return emitted;
}

} // namespace marrow::mesh
