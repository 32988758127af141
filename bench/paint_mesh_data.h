// SPDX-License-Identifier: MIT
#pragma once
// The weight-painting benchmarks' mesh: a 1,000,000-vertex skinned tube (1000
// x 1000 vertices, 2M faces, 16 joints in bands along it, 4 influences),
// posed by a bending chain, with both BVHs built on the bind pose and
// refitted to the pose, rays at random posed vertices, and a camera. Radii
// are calibrated so a dab covers about kTargetVertices. Built once.
#include "core/mesh/brush_dab.h"
#include "core/mesh/cpu_skinning_job.h"
#include "core/mesh/triangle_bvh.h"

#include <cstdint>
#include <vector>

namespace marrow::bench {

constexpr int kRows = 1000, kCols = 1000, kJoints = 16, kStride = 4;
constexpr std::size_t kTargetVertices = 2000;

struct PaintData {
    std::vector<glm::vec3> bind, bindNormals, posed, posedNormals;
    std::vector<std::uint32_t> indices;
    std::vector<std::uint16_t> joints;
    std::vector<float> weights;
    std::vector<glm::mat4> palette;
    mesh::TriangleBvh triangles;
    mesh::VertexBvh vertices;
    std::vector<mesh::Ray> rays;       // aimed at random vertices of the posed mesh, from 3 units out
    std::vector<mesh::Ray> eyeRays;    // from the camera to random posed vertices facing it
    std::vector<glm::vec2> eyePixels;  // where those vertices project
    glm::mat4 viewProjection{1.f};
    glm::vec3 eye{0.f};
    float sphereRadius = .1f;  // calibrated to ~kTargetVertices
    float pixelRadius = 20.f;  // calibrated to ~kTargetVertices

    mesh::CpuSkinningJob skinJob(bool normals);
};

PaintData& paintData();

} // namespace marrow::bench
