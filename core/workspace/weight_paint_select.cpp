// SPDX-License-Identifier: MIT
// WeightPaintSession's vertex selection queries: select linked (L) and what
// a box select may take (the vertices nothing hides).
#include "core/document/document.h"
#include "core/mesh/vertex_selection.h"
#include "core/workspace/mesh_visibility.h"
#include "core/workspace/weight_paint_session.h"

#include <glm/geometric.hpp>

#include <algorithm>

namespace marrow::ws {

std::vector<std::uint8_t> WeightPaintSession::linkedVertices(model::MeshId mesh, std::uint32_t vertex)
{
    MeshCache* cache = cacheFor(mesh);
    if (!cache || !cache->surface.built())
        return {};
    const mesh::VertexWeld& welded = weldOf(mesh, *cache);
    const std::size_t count = m_document->rig().meshes[static_cast<std::size_t>(mesh)].vertexCount();
    if (vertex >= count)
        return {};
    const std::uint32_t seed[] = {vertex};
    if (welded.trivial())
        return mesh::linkedVertices(count, cache->surface.adjacency(), nullptr, seed);
    return mesh::linkedVertices(count, cache->weldedAdjacency, &welded, seed);
}

std::vector<std::uint32_t> WeightPaintSession::unoccluded(model::MeshId mesh, std::span<const std::uint32_t> vertices,
                                                          const RayTo& rayTo)
{
    std::vector<std::uint32_t> out;
    const mesh::PaintSurface* own = surface(mesh);
    if (!own || !rayTo)
        return out;
    // The shown surfaces that may hide a vertex: every skinned mesh not hidden.
    std::vector<const mesh::PaintSurface*> blockers;
    for (std::size_t m = 0; m < m_document->rig().meshes.size(); ++m) {
        const auto id = static_cast<model::MeshId>(m);
        if (m_visibility && m_visibility->isHidden(id) && id != mesh)
            continue;
        if (const mesh::PaintSurface* s = surface(id))
            blockers.push_back(s);
    }
    const auto positions = own->positions();
    glm::vec3 lo(0.f), hi(0.f);
    if (!positions.empty()) {
        lo = hi = positions[0];
        for (const glm::vec3& p : positions) {
            lo = glm::min(lo, p);
            hi = glm::max(hi, p);
        }
    }
    // A hit this close before the vertex is its own surface (its faces meet at it).
    const float tolerance = 2e-3f * glm::length(hi - lo);
    for (const std::uint32_t v : vertices) {
        if (v >= positions.size())
            continue;
        const mesh::Ray ray = rayTo(positions[v]);
        const float along = glm::dot(positions[v] - ray.origin, ray.direction);
        bool hidden = false;
        for (const mesh::PaintSurface* s : blockers) {
            const auto hit = s->pick(ray);
            if (hit && hit->distance < along - tolerance) {
                hidden = true;
                break;
            }
        }
        if (!hidden)
            out.push_back(v);
    }
    return out;
}

} // namespace marrow::ws
