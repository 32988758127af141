// SPDX-License-Identifier: MIT
#include "core/mesh/triangle_bvh.h"

#include "random_mesh.h"

#include <gtest/gtest.h>

#include <random>

namespace marrow::mesh {
namespace {

// Nearest hit by testing every face; ties keep the lower face index.
std::optional<RayHit> bruteForcePick(const Ray& ray, const std::vector<glm::vec3>& p, const std::vector<std::uint32_t>& idx)
{
    std::optional<RayHit> best;
    for (std::uint32_t f = 0; f < idx.size() / 3; ++f) {
        const auto h = intersectTriangle(ray, p[idx[3 * f]], p[idx[3 * f + 1]], p[idx[3 * f + 2]]);
        if (h && (!best || h->t < best->distance))
            best = RayHit{f, glm::vec3(1.f - h->u - h->v, h->u, h->v), h->t, h->frontFacing};
    }
    return best;
}

TEST(TriangleBvh, EmptyMissesEverything)
{
    TriangleBvh bvh;
    EXPECT_FALSE(bvh.pick(Ray{}).has_value());
    VertexBvh vertices;
    vertices.build({});
    bvh.build(vertices, {});
    EXPECT_EQ(bvh.triangleCount(), 0u);
    EXPECT_FALSE(bvh.pick(Ray{}).has_value());
}

TEST(TriangleBvh, OneTriangleExactHit)
{
    const std::vector<glm::vec3> p = {{0.f, 0.f, 0.f}, {1.f, 0.f, 0.f}, {0.f, 1.f, 0.f}};
    const std::vector<std::uint32_t> idx = {0, 1, 2};
    VertexBvh vertices;
    vertices.build(p);
    TriangleBvh bvh;
    bvh.build(vertices, idx);
    // From above (+Z): the counter-clockwise side faces the ray.
    const auto top = bvh.pick(Ray{{.25f, .5f, 2.f}, {0.f, 0.f, -1.f}});
    ASSERT_TRUE(top.has_value());
    EXPECT_EQ(top->triangle, 0u);
    EXPECT_FLOAT_EQ(top->distance, 2.f);
    EXPECT_FLOAT_EQ(top->barycentric.x, .25f);
    EXPECT_FLOAT_EQ(top->barycentric.y, .25f);
    EXPECT_FLOAT_EQ(top->barycentric.z, .5f);
    EXPECT_TRUE(top->frontFacing);
    // From below: hit, but back-facing; a direction of length 2 halves t.
    const auto bottom = bvh.pick(Ray{{.25f, .5f, -3.f}, {0.f, 0.f, 2.f}});
    ASSERT_TRUE(bottom.has_value());
    EXPECT_FLOAT_EQ(bottom->distance, 1.5f);
    EXPECT_FALSE(bottom->frontFacing);
    // Outside the face, pointing away, and beyond maxDistance: misses.
    EXPECT_FALSE(bvh.pick(Ray{{.75f, .75f, 1.f}, {0.f, 0.f, -1.f}}).has_value());
    EXPECT_FALSE(bvh.pick(Ray{{.25f, .25f, 1.f}, {0.f, 0.f, 1.f}}).has_value());
    EXPECT_FALSE(bvh.pick(Ray{{.25f, .25f, 2.f}, {0.f, 0.f, -1.f}}, 1.5f).has_value());
}

TEST(TriangleBvh, NearestOfTwoStackedFaces)
{
    // Face 1 at z = 1 is in front of face 0 at z = 0 for a ray coming down.
    const std::vector<glm::vec3> p = {{0.f, 0.f, 0.f}, {1.f, 0.f, 0.f}, {0.f, 1.f, 0.f},
                                      {0.f, 0.f, 1.f}, {1.f, 0.f, 1.f}, {0.f, 1.f, 1.f}};
    const std::vector<std::uint32_t> idx = {0, 1, 2, 3, 4, 5};
    VertexBvh vertices;
    vertices.build(p);
    TriangleBvh bvh;
    bvh.build(vertices, idx);
    const auto hit = bvh.pick(Ray{{.2f, .2f, 5.f}, {0.f, 0.f, -1.f}});
    ASSERT_TRUE(hit.has_value());
    EXPECT_EQ(hit->triangle, 1u);
    EXPECT_FLOAT_EQ(hit->distance, 4.f);
}

// Many random rays through random meshes, before and after a refit to a new pose.
TEST(TriangleBvh, PickEqualsBruteForce)
{
    for (unsigned seed = 1; seed <= 4; ++seed) {
        const test::RandomMesh m = test::randomMesh(seed);
        VertexBvh vertices;
        vertices.build(m.positions);
        TriangleBvh bvh;
        bvh.build(vertices, m.indices);
        ASSERT_EQ(bvh.triangleCount(), m.indices.size() / 3);
        const std::vector<glm::vec3> posed = test::jiggle(m.positions, seed + 100, .05f);
        std::mt19937 rng(seed);
        std::uniform_real_distribution<float> u(-1.f, 1.f);
        int hits = 0;
        for (int pose = 0; pose < 2; ++pose) {
            const std::vector<glm::vec3>& p = pose == 0 ? m.positions : posed;
            if (pose == 1) {
                vertices.refit(p);
                bvh.refit();
            }
            for (int i = 0; i < 400; ++i) {
                Ray ray;
                ray.origin = 3.f * glm::vec3(u(rng), u(rng), u(rng));
                ray.direction = .8f * glm::vec3(u(rng), u(rng), u(rng)) - ray.origin;  // towards the mesh
                // Some axis-aligned rays, which put zeros in the direction.
                if (i % 10 == 0)
                    ray.direction = glm::vec3(0.f, 0.f, ray.origin.z > 0.f ? -1.f : 1.f);
                const auto expected = bruteForcePick(ray, p, m.indices);
                const auto got = bvh.pick(ray);
                ASSERT_EQ(expected.has_value(), got.has_value()) << "seed " << seed << " ray " << i;
                if (!expected)
                    continue;
                ++hits;
                EXPECT_EQ(got->triangle, expected->triangle);
                EXPECT_EQ(got->distance, expected->distance);
                EXPECT_EQ(got->frontFacing, expected->frontFacing);
                EXPECT_EQ(got->barycentric, expected->barycentric);
            }
        }
        EXPECT_GT(hits, 400) << "most rays must hit for the comparison to mean something";
    }
}

} // namespace
} // namespace marrow::mesh
