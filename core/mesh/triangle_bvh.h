// SPDX-License-Identifier: MIT
#pragma once
#include "core/mesh/bounds_tree.h"

#include <cstdint>
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

// Ray picking against posed triangles. Owns a BoundsTree over the faces
// (built once from a mesh's triangles, build()) and keeps the positions span
// given to the last build()/refit(), which must stay alive and unchanged
// until the next refit(). Both faces of a triangle are hit; degenerate faces
// never are. Invariant after build(): one tree item per face.
class TriangleBvh {
public:
    // Full build: tree topology from these positions, then boxes. Indices
    // hold 3 per face, each < positions.size() (not checked here; Mesh::validate does).
    void build(std::span<const glm::vec3> positions, std::span<const std::uint32_t> indices);
    // After a pose change: same faces, new positions (same count). Keeps the
    // topology and recomputes every box bottom-up, O(faces), no allocation.
    void refit(std::span<const glm::vec3> positions);

    // Nearest hit with t in [0, maxDistance], or nullopt.
    std::optional<RayHit> pick(const Ray& ray, float maxDistance = std::numeric_limits<float>::max()) const;

    std::size_t triangleCount() const { return m_indices.size() / 3; }

private:
    BoundsTree m_tree;
    std::span<const glm::vec3> m_positions;
    std::vector<std::uint32_t> m_indices;  // faces in tree order, 3 per face
    std::vector<std::uint32_t> m_faceIds;  // original face index per tree-order face
};

// Intersects one triangle (Moller-Trumbore, both sides). Returns t and the
// barycentrics of b and c, or nullopt when missed, parallel or degenerate.
struct TriangleHit {
    float t, u, v;
    bool frontFacing;
};
std::optional<TriangleHit> intersectTriangle(const Ray& ray, const glm::vec3& a, const glm::vec3& b, const glm::vec3& c);

} // namespace marrow::mesh
