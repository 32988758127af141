// SPDX-License-Identifier: MIT
#include "core/mesh/paint_surface.h"

#include <glm/geometric.hpp>

namespace marrow::mesh {

void PaintSurface::update(std::span<const std::uint32_t> indices, std::span<const glm::vec3> posed)
{
    m_normalsValid = false;
    if (posed.empty()) {
        reset();
        return;
    }
    m_positions.assign(posed.begin(), posed.end());
    if (built() && posed.size() == m_vertexCount && indices.size() == m_indices.size()) {
        m_vertices.refit(m_positions);
        m_triangles.refit();
        return;
    }
    m_indices.assign(indices.begin(), indices.end());
    m_vertexCount = posed.size();
    m_vertices.build(m_positions);
    m_triangles.build(m_vertices, m_indices);
    m_adjacency.build(m_vertexCount, m_indices);  // indices are validated with the mesh
}

void PaintSurface::reset()
{
    m_indices.clear();
    m_positions.clear();
    m_normals.clear();
    m_normalsValid = false;
    m_vertices = VertexBvh();
    m_triangles = TriangleBvh();
    m_adjacency = VertexAdjacency();
    m_vertexCount = 0;
}

std::optional<RayHit> PaintSurface::pick(const Ray& ray) const
{
    if (!built())
        return std::nullopt;
    return m_triangles.pick(ray);
}

glm::vec3 PaintSurface::pointOf(const RayHit& hit) const
{
    const std::size_t f = 3 * static_cast<std::size_t>(hit.triangle);
    if (f + 2 >= m_indices.size())
        return glm::vec3(0.f);
    return hit.barycentric.x * m_positions[m_indices[f]] + hit.barycentric.y * m_positions[m_indices[f + 1]]
         + hit.barycentric.z * m_positions[m_indices[f + 2]];
}

std::optional<std::uint32_t> PaintSurface::nearestVertex(const glm::vec3& point) const
{
    if (!built())
        return std::nullopt;
    const auto n = m_vertices.nearest(point);
    return n ? std::optional<std::uint32_t>(n->vertex) : std::nullopt;
}

std::span<const glm::vec3> PaintSurface::normals() const
{
    if (m_normalsValid)
        return m_normals;
    m_normals.assign(m_positions.size(), glm::vec3(0.f));
    for (std::size_t f = 0; f + 2 < m_indices.size(); f += 3) {
        const std::uint32_t a = m_indices[f], b = m_indices[f + 1], c = m_indices[f + 2];
        // The cross product's length is twice the area: area weighting for free.
        const glm::vec3 n = glm::cross(m_positions[b] - m_positions[a], m_positions[c] - m_positions[a]);
        m_normals[a] += n;
        m_normals[b] += n;
        m_normals[c] += n;
    }
    for (glm::vec3& n : m_normals) {
        const float len = glm::length(n);
        n = len > 0.f ? n / len : glm::vec3(0.f);
    }
    m_normalsValid = true;
    return m_normals;
}

} // namespace marrow::mesh
