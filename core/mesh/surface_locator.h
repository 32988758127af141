// SPDX-License-Identifier: MIT
#pragma once
#include "core/mesh/bounds_tree.h"
#include "core/mesh/triangle_bvh.h"

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace marrow::mesh {

// The point of a triangle closest to p, as barycentric weights of its
// corners (summing to 1; Ericson's region test, exact on edges and corners).
glm::vec3 closestBarycentric(const glm::vec3& p, const glm::vec3& a, const glm::vec3& b, const glm::vec3& c);

// Where on a surface a point lands: the triangle closest to it and the
// closest point's barycentrics there.
struct SurfacePoint {
    std::uint32_t triangle = 0;  // index of the face (indices[3 * triangle ...])
    glm::vec3 barycentric{1.f, 0.f, 0.f};
    float distance = 0.f;
};

// Closest-point and ray queries against a fixed set of triangles (Maya's "closest
// point on surface" for weight transfer and mirror): a bounding-volume
// tree over the chosen faces, searched nearest box first and pruned by the
// best distance so far. Copies the positions it needs; owns its tree.
class SurfaceLocator {
public:
    // `faces`: which triangles take part (empty: all). Indices must be <
    // positions.size() (Mesh::validate checks).
    void build(std::span<const glm::vec3> positions, std::span<const std::uint32_t> indices,
               std::span<const std::uint32_t> faces = {});
    // nullopt when no face takes part.
    std::optional<SurfacePoint> closest(const glm::vec3& p) const;
    // The nearest face a ray hits with t in [0, maxDistance] (both sides;
    // RayHit::triangle is the original face index), or nullopt. Tight
    // static boxes: for many rays against a mesh that does not move (bone
    // heat's visibility); TriangleBvh serves posed picking.
    std::optional<RayHit> pick(const Ray& ray, float maxDistance) const;
    std::size_t faceCount() const { return m_faces.size(); }

private:
    std::vector<glm::vec3> m_corners;      // 3 per chosen face, in tree order
    std::vector<std::uint32_t> m_faces;    // original index of each chosen face, in tree order
    BoundsTree m_tree;
};

} // namespace marrow::mesh
