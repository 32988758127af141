// SPDX-License-Identifier: MIT
#pragma once
#include "core/mesh/triangle_bvh.h"
#include "core/mesh/vertex_adjacency.h"
#include "core/mesh/vertex_bvh.h"

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace marrow::mesh {

// One mesh as the weight brush sees it in the current pose: the posed
// positions in a VertexBvh (which vertices a dab covers), the posed faces in
// a TriangleBvh (what the cursor's ray hits), the edge adjacency (Smooth)
// and posed vertex normals (front faces only). The first update() builds
// everything; later ones with the same vertex and index counts only refit
// the trees, which is the whole cost a pose change adds to painting.
// Normals are computed on first request after an update (a stroke needs
// them once, at its press; hovering never does).
// Not copyable or movable: the TriangleBvh points into the VertexBvh.
class PaintSurface {
public:
    PaintSurface() = default;
    PaintSurface(const PaintSurface&) = delete;
    PaintSurface& operator=(const PaintSurface&) = delete;

    // `indices`: the mesh's triangles; `posed`: its positions in the pose.
    // A new vertex or index count rebuilds, otherwise the trees are refitted
    // (the caller resets() when the topology changed at equal counts).
    void update(std::span<const std::uint32_t> indices, std::span<const glm::vec3> posed);
    void reset();
    bool built() const { return m_vertexCount > 0; }

    // The nearest front- or back-facing hit of the ray, or nullopt.
    std::optional<RayHit> pick(const Ray& ray) const;
    // The posed position of a hit (barycentric over the face's corners).
    glm::vec3 pointOf(const RayHit& hit) const;
    // The vertex nearest a posed point, or nullopt on an empty surface.
    std::optional<std::uint32_t> nearestVertex(const glm::vec3& point) const;

    std::span<const glm::vec3> positions() const { return m_positions; }
    // Area-weighted posed vertex normals, unit length (zero for a vertex on no face).
    std::span<const glm::vec3> normals() const;
    const VertexBvh& vertices() const { return m_vertices; }
    const VertexAdjacency& adjacency() const { return m_adjacency; }

private:
    std::vector<std::uint32_t> m_indices;
    std::vector<glm::vec3> m_positions;
    mutable std::vector<glm::vec3> m_normals;
    mutable bool m_normalsValid = false;
    VertexBvh m_vertices;
    TriangleBvh m_triangles;
    VertexAdjacency m_adjacency;
    std::size_t m_vertexCount = 0;
};

} // namespace marrow::mesh
