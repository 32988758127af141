// SPDX-License-Identifier: MIT
#include "core/mesh/vertex_bvh.h"

#include "random_mesh.h"

#include <glm/gtc/matrix_transform.hpp>
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

namespace marrow::mesh {
namespace {

std::vector<std::uint32_t> sorted(std::vector<std::uint32_t> v)
{
    std::sort(v.begin(), v.end());
    return v;
}

TEST(VertexBvh, EmptyFindsNothing)
{
    VertexBvh bvh;
    bvh.build({});
    int visits = 0;
    bvh.visitSphere(glm::vec3(0.f), 10.f, [&](std::uint32_t, const glm::vec3&, float) { ++visits; });
    EXPECT_EQ(visits, 0);
    EXPECT_FALSE(bvh.nearest(glm::vec3(0.f)).has_value());
}

TEST(VertexBvh, SphereExactValues)
{
    const std::vector<glm::vec3> p = {{0.f, 0.f, 0.f}, {1.f, 0.f, 0.f}, {0.f, 2.f, 0.f}, {3.f, 4.f, 0.f}};
    VertexBvh bvh;
    bvh.build(p);
    std::vector<std::uint32_t> found;
    std::vector<float> dist(4, -1.f);
    bvh.visitSphere(glm::vec3(0.f), 2.f, [&](std::uint32_t v, const glm::vec3& q, float d) {
        EXPECT_EQ(q, p[v]);
        found.push_back(v);
        dist[v] = d;
    });
    EXPECT_EQ(sorted(found), (std::vector<std::uint32_t>{0, 1, 2}));  // the rim counts
    EXPECT_EQ(dist[0], 0.f);
    EXPECT_EQ(dist[1], 1.f);
    EXPECT_EQ(dist[2], 2.f);
    const auto n = bvh.nearest({3.f, 3.f, 0.f});
    ASSERT_TRUE(n.has_value());
    EXPECT_EQ(n->vertex, 3u);
    EXPECT_EQ(n->distance, 1.f);
    EXPECT_FALSE(bvh.nearest({3.f, 3.f, 0.f}, .5f).has_value());
}

TEST(ScreenCircle, ProjectsToTopLeftPixels)
{
    ScreenCircle c;
    c.viewport = {100.f, 50.f};
    // Identity view-projection: NDC is world x, y.
    EXPECT_EQ(c.project({0.f, 0.f, 0.f}), glm::vec2(50.f, 25.f));
    EXPECT_EQ(c.project({1.f, 1.f, 0.f}), glm::vec2(100.f, 0.f));
    EXPECT_EQ(c.project({-1.f, -1.f, .5f}), glm::vec2(0.f, 50.f));
    c.viewProjection = glm::perspective(1.f, 2.f, .1f, 10.f);
    EXPECT_FALSE(c.project({0.f, 0.f, 1.f}).has_value());  // behind the camera (it looks down -Z)
    EXPECT_EQ(c.project({0.f, 0.f, -1.f}), glm::vec2(50.f, 25.f));
}

struct Camera {
    glm::mat4 viewProjection;
    glm::vec3 eye;
};

Camera randomCamera(std::mt19937& rng, bool inside)
{
    std::uniform_real_distribution<float> u(-1.f, 1.f);
    // Inside: the eye among the vertices, so node boxes straddle the camera plane.
    const glm::vec3 eye = inside ? .5f * glm::vec3(u(rng), u(rng), u(rng))
                                 : 4.f * glm::normalize(glm::vec3(u(rng), u(rng), u(rng)) + glm::vec3(1e-3f));
    const glm::mat4 view = glm::lookAt(eye, .3f * glm::vec3(u(rng), u(rng), u(rng)), glm::vec3(0.f, 1.f, 0.f));
    return {glm::perspective(.9f, 1.5f, .05f, 100.f) * view, eye};
}

// Sphere, screen and nearest queries on random meshes, before and after a refit.
TEST(VertexBvh, QueriesEqualBruteForce)
{
    for (unsigned seed = 1; seed <= 4; ++seed) {
        const test::RandomMesh m = test::randomMesh(seed, 30, 40, 200);
        VertexBvh bvh;
        bvh.build(m.positions);
        ASSERT_EQ(bvh.vertexCount(), m.positions.size());
        const std::vector<glm::vec3> posed = test::jiggle(m.positions, seed + 7, .1f);
        std::mt19937 rng(seed);
        std::uniform_real_distribution<float> u(-1.f, 1.f);
        std::size_t total = 0;
        for (int pose = 0; pose < 2; ++pose) {
            const std::vector<glm::vec3>& p = pose == 0 ? m.positions : posed;
            if (pose == 1)
                bvh.refit(p);
            for (int i = 0; i < 60; ++i) {
                const glm::vec3 c = 1.2f * glm::vec3(u(rng), u(rng), u(rng));
                const float r = .1f + .4f * (u(rng) + 1.f);
                std::vector<std::uint32_t> expected, got;
                for (std::uint32_t v = 0; v < p.size(); ++v)
                    if (glm::dot(p[v] - c, p[v] - c) <= r * r)
                        expected.push_back(v);
                bvh.visitSphere(c, r, [&](std::uint32_t v, const glm::vec3&, float) { got.push_back(v); });
                EXPECT_EQ(sorted(got), expected) << "sphere, seed " << seed << " query " << i;
                total += expected.size();

                const Camera cam = randomCamera(rng, i % 3 == 0);
                ScreenCircle circle;
                circle.viewProjection = cam.viewProjection;
                circle.viewport = {640.f, 480.f};
                circle.center = {320.f + 300.f * u(rng), 240.f + 200.f * u(rng)};
                circle.radius = 10.f + 60.f * (u(rng) + 1.f);
                expected.clear();
                got.clear();
                for (std::uint32_t v = 0; v < p.size(); ++v) {
                    const auto s = circle.project(p[v]);
                    if (s && glm::dot(*s - circle.center, *s - circle.center) <= circle.radius * circle.radius)
                        expected.push_back(v);
                }
                bvh.visitScreen(circle, [&](std::uint32_t v, const glm::vec3&, float) { got.push_back(v); });
                EXPECT_EQ(sorted(got), expected) << "screen, seed " << seed << " query " << i;
                total += expected.size();

                std::uint32_t bestV = 0;
                float best = std::numeric_limits<float>::max();
                for (std::uint32_t v = 0; v < p.size(); ++v)
                    if (glm::distance(p[v], c) < best) {
                        best = glm::distance(p[v], c);
                        bestV = v;
                    }
                const auto n = bvh.nearest(c);
                ASSERT_TRUE(n.has_value());
                EXPECT_EQ(n->vertex, bestV);
            }
        }
        EXPECT_GT(total, 2000u) << "queries must find vertices for the comparison to mean something";
    }
}

} // namespace
} // namespace marrow::mesh
