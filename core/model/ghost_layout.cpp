// SPDX-License-Identifier: MIT
#include "core/model/ghost_layout.h"

#include <glm/geometric.hpp>

#include <algorithm>
#include <limits>

namespace marrow::model {

namespace {

glm::vec3 centroid(const std::vector<glm::vec3>& points)
{
    glm::vec3 sum(0.f);
    for (const glm::vec3& p : points)
        sum += p;
    return points.empty() ? sum : sum / static_cast<float>(points.size());
}

float size(const std::vector<glm::vec3>& points)
{
    glm::vec3 lo(std::numeric_limits<float>::max()), hi(std::numeric_limits<float>::lowest());
    for (const glm::vec3& p : points) {
        lo = glm::min(lo, p);
        hi = glm::max(hi, p);
    }
    return points.empty() ? 0.f : std::max({hi.x - lo.x, hi.y - lo.y, hi.z - lo.z});
}

} // namespace

GhostLayout ghostLayout(std::span<const std::vector<glm::vec3>> frames, float margin)
{
    GhostLayout layout;
    if (frames.empty())
        return layout;
    glm::vec3 travel = centroid(frames.back()) - centroid(frames.front());
    travel.y = 0.f;
    const float length = glm::length(travel);
    if (length > 0.1f * size(frames.front()))
        layout.side = glm::vec3(travel.z, 0.f, -travel.x) / length;  // travel turned a quarter about +Y
    float lo = std::numeric_limits<float>::max(), hi = std::numeric_limits<float>::lowest();
    for (const auto& frame : frames)
        for (const glm::vec3& p : frame) {
            const float across = glm::dot(p, layout.side);
            lo = std::min(lo, across);
            hi = std::max(hi, across);
        }
    const float width = hi - lo;
    if (width > 0.f)
        layout.spacing = width * (1.f + std::max(margin, 0.f));
    return layout;
}

} // namespace marrow::model
