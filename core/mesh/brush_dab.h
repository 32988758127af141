// SPDX-License-Identifier: MIT
#pragma once
#include "core/mesh/screen_circle.h"
#include "core/mesh/vertex_bvh.h"

#include <glm/vec4.hpp>

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace marrow::mesh {

// Which region a dab covers.
enum class DabShape : std::uint8_t {
    Sphere,     // a ball of `radius` around `center` in world space
    Projected,  // every vertex whose screen projection is inside `circle` (through the whole mesh)
};

// The vertices under one brush dab and each one's normalised distance from
// the dab's centre (0 at the centre, 1 on the edge), ready for a falloff
// curve. Reads the posed positions through a VertexBvh refitted to the
// current pose. Front faces only: a vertex counts when its posed normal
// points towards the camera, dot(normal, toCamera(p)) > 0, with
// toCamera(p) = camera.xyz - camera.w * p (vertices seen exactly edge-on are
// left out); vertex normals rather than faces, because the weights live on
// vertices and a vertex on a silhouette then belongs to the side it faces.
// Owns nothing. run() allocates nothing once the output vectors have
// capacity for the result (keep them across dabs).
struct BrushDabJob {
    DabShape shape = DabShape::Sphere;
    const VertexBvh* vertices = nullptr;  // required; refitted to the posed positions
    glm::vec3 center{0.f};                // Sphere: centre in world space (usually the picked point)
    float radius = 0.f;                   // Sphere: world radius, > 0 and finite
    ScreenCircle circle;                  // Projected: camera and circle; radius > 0, viewport > 0
    bool frontFacesOnly = false;          // true: skip vertices facing away from the camera
    std::span<const glm::vec3> normals;   // posed normals, one per vertex; required when frontFacesOnly
    glm::vec4 camera{0.f, 0.f, 0.f, 1.f}; // frontFacesOnly: (eye, 1) for a perspective camera, (direction towards the camera, 0) for an orthographic one
    std::vector<std::uint32_t>* outVertices = nullptr;  // required; cleared, then the vertices in tree order
    std::vector<float>* outDistances = nullptr;         // required; cleared, then one per vertex in [0, 1]

    std::optional<std::string> validate() const;
    bool run() const;  // false, outputs untouched, when invalid
};

} // namespace marrow::mesh
