// SPDX-License-Identifier: MIT
#pragma once
#include "core/mesh/vertex_bvh.h"

#include <cstdint>
#include <limits>
#include <optional>
#include <span>
#include <vector>

namespace marrow::mesh {

// A ray: origin plus direction (any non-zero length; hit distances are in
// units of that length, so a unit direction gives world distances).
struct Ray {
    glm::vec3 origin{0.f};
    glm::vec3 direction{0.f, 0.f, -1.f};
};

// The nearest triangle a ray hits.
struct RayHit {
    std::uint32_t triangle = 0;  // index of the face (indices[3 * triangle ...])
    glm::vec3 barycentric{0.f};  // weights of the face's three corners, summing to 1
    float distance = 0.f;        // ray parameter t >= 0: point = origin + t * direction
    bool frontFacing = false;    // the face's counter-clockwise side faces the ray's origin
    glm::vec3 point(const Ray& r) const { return r.origin + distance * r.direction; }
};

// Ray picking against posed triangles, riding on a VertexBvh: each face
// belongs to the vertex-tree leaf of its first corner, and a leaf's face box
// is the union of the vertex boxes of the leaves its faces' corners lie in
// (the neighbour lists are topology, found once in build()). A pose change
// then costs the VertexBvh refit plus a union over a few boxes per leaf,
// instead of a pass over every face: the boxes are looser than per-face
// ones, which costs a few more face tests per pick and never a wrong answer.
// Owns the face lists (corners as VertexBvh point slots), the neighbour
// lists and one box per tree node; reads the VertexBvh's points, which must
// outlive this and keep the topology it was built on. Both faces of a
// triangle are hit; degenerate faces never are.
class TriangleBvh {
public:
    // Full build over `vertices` (already built) and 3 indices per face,
    // each < vertices.vertexCount() (not checked here; Mesh::validate does).
    void build(const VertexBvh& vertices, std::span<const std::uint32_t> indices);
    // After vertices.refit() for a new pose: recomputes the face boxes,
    // O(tree nodes), no allocation.
    void refit();

    // Nearest hit with t in [0, maxDistance], or nullopt.
    std::optional<RayHit> pick(const Ray& ray, float maxDistance = std::numeric_limits<float>::max()) const;

    std::size_t triangleCount() const { return m_faceIds.size(); }

private:
    const VertexBvh* m_vertices = nullptr;
    std::vector<std::uint32_t> m_faceStart;  // per tree node + 1: its faces are [m_faceStart[n], m_faceStart[n + 1])
    std::vector<std::uint32_t> m_corners;    // 3 per face, grouped by leaf: slots into m_vertices->points()
    std::vector<std::uint32_t> m_faceIds;    // original face index of each grouped face
    std::vector<std::uint32_t> m_nearStart;  // per tree node + 1: its neighbour leaves are [m_nearStart[n], m_nearStart[n + 1])
    std::vector<std::uint32_t> m_near;       // leaf node indices
    std::vector<Aabb> m_boxes;               // per tree node: bounds of the faces below it
};

// Intersects one triangle (Moller-Trumbore, both sides). Returns t and the
// barycentrics of b and c, or nullopt when missed, parallel or degenerate.
struct TriangleHit {
    float t, u, v;
    bool frontFacing;
};
std::optional<TriangleHit> intersectTriangle(const Ray& ray, const glm::vec3& a, const glm::vec3& b, const glm::vec3& c);

} // namespace marrow::mesh
