// SPDX-License-Identifier: MIT
#include "core/mesh/vertex_mirror_map.h"

#include "core/mesh/bounds_tree.h"
#include "core/mesh/vertex_bvh.h"

#include <glm/geometric.hpp>

#include <cmath>

namespace marrow::mesh {

namespace {

float diagonal(std::span<const glm::vec3> positions)
{
    Aabb b;
    for (const glm::vec3& p : positions)
        b.grow(p);
    return b.empty() ? 0.f : glm::distance(b.lo, b.hi);
}

VertexMirrorMap pairUp(const VertexBvh& bvh, std::span<const glm::vec3> positions, const MirrorPlane& plane,
                       float exactDistance, float nearestDistance)
{
    VertexMirrorMap m;
    m.plane = plane;
    m.partner.assign(positions.size(), kNoMirror);
    for (std::size_t v = 0; v < positions.size(); ++v) {
        // On-plane first: a seam duplicate at the same spot must not win over the vertex itself.
        if (std::abs(plane.signedDistance(positions[v])) <= exactDistance) {
            m.partner[v] = static_cast<std::uint32_t>(v);
            ++m.exact;
            continue;
        }
        const auto hit = bvh.nearest(plane.reflect(positions[v]), nearestDistance);
        if (!hit) {
            ++m.unpaired;
            continue;
        }
        m.partner[v] = hit->vertex;
        ++(hit->distance <= exactDistance ? m.exact : m.nearest);
    }
    return m;
}

} // namespace

VertexMirrorMap VertexMirrorMap::build(std::span<const glm::vec3> positions, const MirrorPlane& plane,
                                       const VertexMirrorSettings& settings)
{
    VertexBvh bvh;
    bvh.build(positions);
    return build(bvh, positions, plane, settings);
}

VertexMirrorMap VertexMirrorMap::build(const VertexBvh& bvh, std::span<const glm::vec3> positions,
                                       const MirrorPlane& plane, const VertexMirrorSettings& settings)
{
    const float d = diagonal(positions);
    return pairUp(bvh, positions, plane, settings.exactTolerance * d,
                  std::max(settings.nearestTolerance, settings.exactTolerance) * d);
}

int VertexMirrorMap::bestAxis(std::span<const glm::vec3> positions, const VertexMirrorSettings& settings)
{
    VertexBvh bvh;
    bvh.build(positions);
    const float exact = settings.exactTolerance * diagonal(positions);
    int best = 0;
    std::size_t bestExact = 0;
    for (int axis = 0; axis < 3; ++axis) {
        // Counting exact pairs only needs the exact radius: the fallback search stays short.
        const std::size_t n = pairUp(bvh, positions, MirrorPlane::axis(axis), exact, exact).exact;
        if (axis == 0 || n > bestExact) {
            best = axis;
            bestExact = n;
        }
    }
    return best;
}

} // namespace marrow::mesh
