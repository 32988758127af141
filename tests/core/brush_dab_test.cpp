// SPDX-License-Identifier: MIT
#include "core/mesh/brush_dab.h"

#include "random_mesh.h"

#include <glm/gtc/matrix_transform.hpp>
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>

namespace marrow::mesh {
namespace {

TEST(JobValidity, BrushDabJob)
{
    const std::vector<glm::vec3> p = {{0.f, 0.f, 0.f}, {1.f, 0.f, 0.f}};
    const std::vector<glm::vec3> n = {{0.f, 0.f, 1.f}, {0.f, 0.f, 1.f}};
    VertexBvh bvh;
    bvh.build(p);
    std::vector<std::uint32_t> vertices = {77};  // sentinel: must stay when the job is invalid
    std::vector<float> distances = {7.f};
    BrushDabJob valid;
    valid.vertices = &bvh;
    valid.radius = 1.f;
    valid.circle.radius = 5.f;
    valid.circle.viewport = {100.f, 100.f};
    valid.outVertices = &vertices;
    valid.outDistances = &distances;
    ASSERT_FALSE(valid.validate().has_value());

    std::vector<BrushDabJob> invalid;
    auto add = [&](auto change) {
        BrushDabJob j = valid;
        change(j);
        invalid.push_back(j);
    };
    add([](BrushDabJob& j) { j.vertices = nullptr; });
    add([](BrushDabJob& j) { j.outVertices = nullptr; });
    add([](BrushDabJob& j) { j.outDistances = nullptr; });
    add([](BrushDabJob& j) { j.radius = 0.f; });
    add([](BrushDabJob& j) { j.radius = -1.f; });
    add([](BrushDabJob& j) { j.radius = std::numeric_limits<float>::infinity(); });
    add([](BrushDabJob& j) { j.center.x = std::numeric_limits<float>::quiet_NaN(); });
    add([](BrushDabJob& j) { j.shape = DabShape::Projected; j.circle.radius = 0.f; });
    add([](BrushDabJob& j) { j.shape = DabShape::Projected; j.circle.viewport = {0.f, 100.f}; });
    add([](BrushDabJob& j) { j.frontFacesOnly = true; });  // no normals
    add([&](BrushDabJob& j) { j.frontFacesOnly = true; j.normals = std::span(n).first(1); });
    add([&](BrushDabJob& j) { j.frontFacesOnly = true; j.normals = n; j.camera = glm::vec4(0.f, 0.f, 1.f, .5f); });
    add([&](BrushDabJob& j) { j.frontFacesOnly = true; j.normals = n; j.camera = glm::vec4(0.f); });
    for (std::size_t i = 0; i < invalid.size(); ++i) {
        EXPECT_TRUE(invalid[i].validate().has_value()) << "case " << i;
        EXPECT_FALSE(invalid[i].run()) << "case " << i;
        EXPECT_EQ(vertices, std::vector<std::uint32_t>{77}) << "case " << i;
        EXPECT_EQ(distances, std::vector<float>{7.f}) << "case " << i;
    }
    // The projected shape does not need a sphere radius, nor the sphere a screen circle.
    BrushDabJob projected = valid;
    projected.shape = DabShape::Projected;
    projected.radius = 0.f;
    EXPECT_FALSE(projected.validate().has_value());
    BrushDabJob sphere = valid;
    sphere.circle.radius = 0.f;
    EXPECT_FALSE(sphere.validate().has_value());
    EXPECT_TRUE(valid.run());
}

// Four vertices on the X axis; the sphere of radius 2 at the origin.
TEST(BrushDabJob, SphereDistancesAndFrontFaces)
{
    const std::vector<glm::vec3> p = {{0.f, 0.f, 0.f}, {1.f, 0.f, 0.f}, {-1.5f, 0.f, 0.f}, {3.f, 0.f, 0.f}};
    const std::vector<glm::vec3> n = {{0.f, 0.f, 1.f}, {0.f, 0.f, -1.f}, {0.f, 1.f, 0.f}, {0.f, 0.f, 1.f}};
    VertexBvh bvh;
    bvh.build(p);
    std::vector<std::uint32_t> vertices;
    std::vector<float> distances;
    BrushDabJob job;
    job.vertices = &bvh;
    job.radius = 2.f;
    job.outVertices = &vertices;
    job.outDistances = &distances;
    auto result = [&] {
        std::map<std::uint32_t, float> m;
        for (std::size_t i = 0; i < vertices.size(); ++i)
            m[vertices[i]] = distances[i];
        return m;
    };
    ASSERT_TRUE(job.run());
    EXPECT_EQ(result(), (std::map<std::uint32_t, float>{{0, 0.f}, {1, .5f}, {2, .75f}}));
    // Camera at +Z 10: vertex 1 faces away, vertex 2 is seen edge-on (left out).
    job.frontFacesOnly = true;
    job.normals = n;
    job.camera = glm::vec4(0.f, 0.f, 10.f, 1.f);
    ASSERT_TRUE(job.run());
    EXPECT_EQ(result(), (std::map<std::uint32_t, float>{{0, 0.f}}));
    // Orthographic camera looking down -Y (towards the camera is +Y): only vertex 2 faces it.
    job.camera = glm::vec4(0.f, 1.f, 0.f, 0.f);
    ASSERT_TRUE(job.run());
    EXPECT_EQ(result(), (std::map<std::uint32_t, float>{{2, .75f}}));
}

TEST(BrushDabJob, ProjectedDistancesInPixels)
{
    // Identity camera on a 200 x 200 viewport: world (x, y) lands at pixel (100 + 100x, 100 - 100y).
    const std::vector<glm::vec3> p = {{0.f, 0.f, 0.f}, {.1f, 0.f, .5f}, {0.f, -.2f, -.5f}, {.3f, .3f, 0.f}};
    VertexBvh bvh;
    bvh.build(p);
    std::vector<std::uint32_t> vertices;
    std::vector<float> distances;
    BrushDabJob job;
    job.shape = DabShape::Projected;
    job.vertices = &bvh;
    job.circle.viewport = {200.f, 200.f};
    job.circle.center = {100.f, 100.f};
    job.circle.radius = 40.f;
    job.outVertices = &vertices;
    job.outDistances = &distances;
    ASSERT_TRUE(job.run());
    std::map<std::uint32_t, float> got;
    for (std::size_t i = 0; i < vertices.size(); ++i)
        got[vertices[i]] = distances[i];
    ASSERT_EQ(got.size(), 3u);  // (.3, .3) is 42.4 px away
    EXPECT_FLOAT_EQ(got[0], 0.f);
    EXPECT_FLOAT_EQ(got[1], .25f);  // 10 px of 40, depth ignored
    EXPECT_FLOAT_EQ(got[2], .5f);   // 20 px
}

// Every shape and front-face setting on random meshes against a scan of every vertex.
TEST(BrushDabJob, EqualsBruteForceScan)
{
    std::vector<std::uint32_t> vertices;
    std::vector<float> distances;
    std::size_t found = 0, culled = 0;
    for (unsigned seed = 1; seed <= 3; ++seed) {
        const test::RandomMesh m = test::randomMesh(seed, 30, 40, 100);
        VertexBvh bvh;
        bvh.build(m.positions);
        std::mt19937 rng(seed);
        std::uniform_real_distribution<float> u(-1.f, 1.f);
        for (int i = 0; i < 40; ++i) {
            const glm::vec3 eye = 4.f * glm::normalize(glm::vec3(u(rng), u(rng), u(rng)) + glm::vec3(1e-3f));
            const glm::mat4 vp = glm::perspective(.8f, 4.f / 3.f, .1f, 50.f) * glm::lookAt(eye, glm::vec3(0.f), {0.f, 1.f, 0.f});
            for (int shape = 0; shape < 2; ++shape)
                for (int front = 0; front < 2; ++front) {
                    BrushDabJob job;
                    job.shape = shape == 0 ? DabShape::Sphere : DabShape::Projected;
                    job.vertices = &bvh;
                    job.center = 1.1f * glm::vec3(u(rng), u(rng), u(rng));
                    job.radius = .2f + .3f * (u(rng) + 1.f);
                    job.circle.viewProjection = vp;
                    job.circle.viewport = {800.f, 600.f};
                    job.circle.center = {400.f + 150.f * u(rng), 300.f + 150.f * u(rng)};
                    job.circle.radius = 20.f + 40.f * (u(rng) + 1.f);
                    job.frontFacesOnly = front == 1;
                    job.normals = m.normals;
                    job.camera = glm::vec4(eye, 1.f);
                    job.outVertices = &vertices;
                    job.outDistances = &distances;
                    ASSERT_TRUE(job.run());
                    std::map<std::uint32_t, float> expected;
                    for (std::uint32_t v = 0; v < m.positions.size(); ++v) {
                        const glm::vec3& q = m.positions[v];
                        float d;
                        if (shape == 0) {
                            d = glm::length(q - job.center) / job.radius;
                        } else {
                            const auto s = job.circle.project(q);
                            if (!s)
                                continue;
                            d = glm::length(*s - job.circle.center) / job.circle.radius;
                        }
                        if (d > 1.f)
                            continue;
                        if (job.frontFacesOnly && !(glm::dot(m.normals[v], eye - q) > 0.f)) {
                            ++culled;
                            continue;
                        }
                        expected[v] = d;
                    }
                    ASSERT_EQ(vertices.size(), expected.size()) << "seed " << seed << " dab " << i << " shape " << shape;
                    for (std::size_t k = 0; k < vertices.size(); ++k) {
                        ASSERT_TRUE(expected.count(vertices[k])) << "vertex " << vertices[k];
                        EXPECT_NEAR(distances[k], expected[vertices[k]], 1e-5f);
                    }
                    found += vertices.size();
                }
        }
    }
    EXPECT_GT(found, 5000u);
    EXPECT_GT(culled, 1000u) << "front faces only must drop back-facing vertices";
}

} // namespace
} // namespace marrow::mesh
