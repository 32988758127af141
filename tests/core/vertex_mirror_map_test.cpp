// SPDX-License-Identifier: MIT
#include "core/mesh/vertex_mirror_map.h"

#include "core/mesh/bounds_tree.h"

#include <glm/geometric.hpp>
#include <gtest/gtest.h>

#include <random>
#include <vector>

namespace marrow::mesh {
namespace {

// Across X = 0 (diagonal of the box below: sqrt(4 + 4 + 0) * ... about 2.83):
// 0 <-> 1 exactly, 2 on the plane, 3 has a near twin 4 (off by 1e-3 of the
// diagonal), 5 has nothing nearby.
const std::vector<glm::vec3> kPoints = {
    {1.f, 0.f, 0.f}, {-1.f, 0.f, 0.f}, {0.f, 1.f, 0.f}, {.5f, -1.f, 0.f}, {-.5f, -1.f + 2.83e-3f, 0.f}, {1.f, 1.f, 0.f},
};

TEST(VertexMirrorMap, ExactNearestSelfAndUnpaired)
{
    const VertexMirrorMap m = VertexMirrorMap::build(kPoints, MirrorPlane::axis(0));
    EXPECT_EQ(m.partner, (std::vector<std::uint32_t>{1, 0, 2, 4, 3, kNoMirror}));
    EXPECT_EQ(m.exact, 3u);
    EXPECT_EQ(m.nearest, 2u);
    EXPECT_EQ(m.unpaired, 1u);
    // A looser exact tolerance turns the near pair into exact ones; a tighter nearest one leaves them unpaired.
    VertexMirrorSettings loose;
    loose.exactTolerance = 2e-3f;
    EXPECT_EQ(VertexMirrorMap::build(kPoints, MirrorPlane::axis(0), loose).exact, 5u);
    VertexMirrorSettings tight;
    tight.nearestTolerance = 1e-4f;
    const VertexMirrorMap t = VertexMirrorMap::build(kPoints, MirrorPlane::axis(0), tight);
    EXPECT_EQ(t.unpaired, 3u);
    EXPECT_EQ(t.partner[3], kNoMirror);
}

TEST(VertexMirrorMap, SeamDuplicatesOnThePlaneMapToThemselves)
{
    const std::vector<glm::vec3> p = {{0.f, 1.f, 0.f}, {0.f, 1.f, 0.f}, {1.f, 0.f, 0.f}, {-1.f, 0.f, 0.f}};
    const VertexMirrorMap m = VertexMirrorMap::build(p, MirrorPlane::axis(0));
    EXPECT_EQ(m.partner, (std::vector<std::uint32_t>{0, 1, 3, 2}));
}

// Random points made symmetric in Y, with an odd one out: Y wins, and every
// pair is exact except the odd one, checked against a brute-force search.
TEST(VertexMirrorMap, BestAxisAndBruteForce)
{
    std::mt19937 rng(3);
    std::uniform_real_distribution<float> u(-1.f, 1.f);
    std::vector<glm::vec3> p;
    for (int i = 0; i < 500; ++i) {
        const glm::vec3 q(u(rng), .05f + std::abs(u(rng)), u(rng));
        p.push_back(q);
        p.emplace_back(q.x, -q.y, q.z);
    }
    p.emplace_back(.3f, .4f, .5f);
    EXPECT_EQ(VertexMirrorMap::bestAxis(p), 1);
    const VertexMirrorMap m = VertexMirrorMap::build(p, MirrorPlane::axis(1));
    EXPECT_EQ(m.exact, 1000u);
    EXPECT_EQ(m.nearest + m.unpaired, 1u);
    for (std::size_t v = 0; v < 1000; ++v)
        EXPECT_EQ(m.partner[v], v ^ 1u);
    // The odd one: its nearest is whatever a scan says, if within 1e-2 of the diagonal.
    const glm::vec3 target(.3f, -.4f, .5f);
    std::uint32_t best = 0;
    for (std::uint32_t v = 1; v < p.size(); ++v)
        if (glm::distance(p[v], target) < glm::distance(p[best], target))
            best = v;
    Aabb box;
    for (const glm::vec3& q : p)
        box.grow(q);
    const bool near = glm::distance(p[best], target) <= 1e-2f * glm::distance(box.lo, box.hi);
    EXPECT_EQ(m.partner.back(), near ? best : kNoMirror);
}

} // namespace
} // namespace marrow::mesh
