// SPDX-License-Identifier: MIT
#include "core/mesh/vertex_adjacency.h"

#include <gtest/gtest.h>

#include <random>
#include <set>
#include <vector>

using namespace marrow;
using Ids = std::vector<std::uint32_t>;

namespace {
Ids list(std::span<const std::uint32_t> s)
{
    return Ids(s.begin(), s.end());
}

// Brute force: every triangle's ordered vertex pairs into a set per vertex.
std::vector<std::set<std::uint32_t>> scanEdges(std::size_t vertexCount, const Ids& tris)
{
    std::vector<std::set<std::uint32_t>> out(vertexCount);
    for (std::size_t t = 0; t + 2 < tris.size(); t += 3)
        for (int a = 0; a < 3; ++a)
            for (int b = 0; b < 3; ++b)
                if (tris[t + a] != tris[t + b])
                    out[tris[t + a]].insert(tris[t + b]);
    return out;
}
} // namespace

TEST(JobValidity, VertexAdjacency)
{
    mesh::VertexAdjacency adj;
    ASSERT_FALSE(adj.build(3, Ids{0, 1, 2}));
    ASSERT_EQ(adj.vertexCount(), 3u);

    const auto notTriangles = adj.build(3, Ids{0, 1});
    ASSERT_TRUE(notTriangles);
    EXPECT_EQ(*notTriangles, "triangle indices are not a multiple of 3");
    EXPECT_EQ(adj.vertexCount(), 0u);  // a failed build leaves it empty

    ASSERT_FALSE(adj.build(3, Ids{0, 1, 2}));
    const auto outOfRange = adj.build(3, Ids{0, 1, 2, 2, 1, 3});
    ASSERT_TRUE(outOfRange);
    EXPECT_EQ(*outOfRange, "triangle index 3 at 5 is out of range (3 vertices)");
    EXPECT_EQ(adj.vertexCount(), 0u);
    EXPECT_EQ(adj.edgeCount(), 0u);
}

TEST(VertexAdjacency, QuadOfTwoTriangles)
{
    // 3---2
    // | / |
    // 0---1
    mesh::VertexAdjacency adj;
    ASSERT_FALSE(adj.build(4, Ids{0, 1, 2, 0, 2, 3}));
    EXPECT_EQ(list(adj.offsets()), (Ids{0, 3, 5, 8, 10}));
    EXPECT_EQ(list(adj.neighbours(0)), (Ids{1, 2, 3}));
    EXPECT_EQ(list(adj.neighbours(1)), (Ids{0, 2}));
    EXPECT_EQ(list(adj.neighbours(2)), (Ids{0, 1, 3}));
    EXPECT_EQ(list(adj.neighbours(3)), (Ids{0, 2}));
    EXPECT_EQ(adj.edgeCount(), 5u);  // four sides and the shared diagonal once
}

TEST(VertexAdjacency, IsolatedVerticesRepeatsAndDegenerateFaces)
{
    mesh::VertexAdjacency adj;
    // Vertex 4 is in no face; face 0 appears twice, once wound the other way;
    // face (1, 1, 3) is degenerate and adds only the edge 1-3; (2, 2, 2) adds nothing.
    ASSERT_FALSE(adj.build(5, Ids{0, 1, 2, 2, 1, 0, 1, 1, 3, 2, 2, 2}));
    EXPECT_EQ(list(adj.neighbours(0)), (Ids{1, 2}));
    EXPECT_EQ(list(adj.neighbours(1)), (Ids{0, 2, 3}));
    EXPECT_EQ(list(adj.neighbours(2)), (Ids{0, 1}));
    EXPECT_EQ(list(adj.neighbours(3)), (Ids{1}));
    EXPECT_TRUE(adj.neighbours(4).empty());
    EXPECT_EQ(adj.edgeCount(), 4u);

    ASSERT_FALSE(adj.build(3, Ids{}));
    EXPECT_EQ(list(adj.offsets()), (Ids{0, 0, 0, 0}));
}

TEST(VertexAdjacency, EqualsABruteForceEdgeScan)
{
    std::mt19937 rng(8);
    for (int round = 0; round < 20; ++round) {
        const std::size_t vertexCount = 1 + rng() % 40;
        std::uniform_int_distribution<std::uint32_t> pick(0, static_cast<std::uint32_t>(vertexCount - 1));
        Ids tris(3 * (rng() % 80));
        for (auto& i : tris)
            i = pick(rng);
        mesh::VertexAdjacency adj;
        ASSERT_FALSE(adj.build(vertexCount, tris));
        const auto expected = scanEdges(vertexCount, tris);
        std::size_t directed = 0;
        for (std::size_t v = 0; v < vertexCount; ++v) {
            EXPECT_EQ(list(adj.neighbours(v)), Ids(expected[v].begin(), expected[v].end()))
                << "round " << round << " vertex " << v;
            directed += expected[v].size();
        }
        EXPECT_EQ(adj.edgeCount() * 2, directed);
    }
}
