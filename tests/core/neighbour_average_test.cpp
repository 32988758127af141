// SPDX-License-Identifier: MIT
#include "core/skin/neighbour_average.h"

#include <gtest/gtest.h>

using namespace marrow;

namespace {
// The quad 0-1-2-3 split along 0-2, plus vertex 4 on its own.
// Joint 1's weights: v0 .5, v1 .25, v2 1, v3 absent, v4 .75.
mesh::SkinWeights quadWeights()
{
    mesh::SkinWeights w;
    w.stride = 4;
    w.joints = {0, 1, 0, 0, /**/ 0, 1, 0, 0, /**/ 1, 0, 0, 0, /**/ 0, 0, 0, 0, /**/ 1, 2, 0, 0};
    w.weights = {.5f, .5f, 0, 0, /**/ .75f, .25f, 0, 0, /**/ 1, 0, 0, 0, /**/ 1, 0, 0, 0, /**/ .75f, .25f, 0, 0};
    return w;
}
} // namespace

TEST(NeighbourAverage, MeanOfEdgeNeighbours)
{
    mesh::VertexAdjacency adj;
    ASSERT_FALSE(adj.build(5, std::vector<std::uint32_t>{0, 1, 2, 0, 2, 3}));
    const mesh::SkinWeights w = quadWeights();
    EXPECT_FLOAT_EQ(skin::neighbourAverage(adj, w, 0, 1), (.25f + 1.f + 0.f) / 3.f);  // v1, v2, v3
    EXPECT_FLOAT_EQ(skin::neighbourAverage(adj, w, 1, 1), (.5f + 1.f) / 2.f);         // v0, v2
    EXPECT_FLOAT_EQ(skin::neighbourAverage(adj, w, 3, 1), (.5f + 1.f) / 2.f);         // v0, v2
    EXPECT_FLOAT_EQ(skin::neighbourAverage(adj, w, 3, 0), (.5f + 0.f) / 2.f);
    EXPECT_FLOAT_EQ(skin::neighbourAverage(adj, w, 2, 7), 0.f);  // no neighbour has joint 7
    // No neighbours: its own weight, so Smooth leaves it alone.
    EXPECT_FLOAT_EQ(skin::neighbourAverage(adj, w, 4, 1), .75f);
    // Wrong mesh or vertex: 0.
    EXPECT_FLOAT_EQ(skin::neighbourAverage(adj, w, 5, 1), 0.f);
    mesh::VertexAdjacency other;
    ASSERT_FALSE(other.build(4, std::vector<std::uint32_t>{0, 1, 2}));
    EXPECT_FLOAT_EQ(skin::neighbourAverage(other, w, 0, 1), 0.f);
}
