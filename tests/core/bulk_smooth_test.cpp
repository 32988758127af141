// SPDX-License-Identifier: MIT
// Smooth, Weight Hammer, Invert, Flood and Paste with exact expected rows
// (issue 20), on a square of two triangles: 0-1-2 and 0-2-3, so vertices 0
// and 2 have three neighbours and 1 and 3 two.
#include "core/skin/bulk_edit.h"
#include "core/skin/bulk_smooth.h"
#include "core/skin/weight_row.h"

#include <gtest/gtest.h>

namespace marrow {
namespace {

using skin::WeightRow;

void expectSmoothedRow(const mesh::SkinWeights& w, std::size_t v, const WeightRow& expected)
{
    WeightRow got = skin::readRow(w, v);
    skin::sortRow(got);
    ASSERT_EQ(got.size(), expected.size()) << "vertex " << v;
    for (std::size_t k = 0; k < got.size(); ++k) {
        EXPECT_EQ(got[k].joint, expected[k].joint) << "vertex " << v << " slot " << k;
        EXPECT_NEAR(got[k].weight, expected[k].weight, 1e-6f) << "vertex " << v << " slot " << k;
    }
}

struct Square {
    mesh::VertexAdjacency adjacency;
    // Alternating bones: 0 on vertices 0 and 2, 1 on 1 and 3.
    mesh::SkinWeights weights = skin::packRows({{{0, 1.f}}, {{1, 1.f}}, {{0, 1.f}}, {{1, 1.f}}}, 4);
    Square()
    {
        const std::uint32_t tris[] = {0, 1, 2, 0, 2, 3};
        EXPECT_FALSE(adjacency.build(4, tris));
    }
};

TEST(BulkSmooth, OneJacobiIterationMixesEachVertexWithItsNeighboursMean)
{
    Square s;
    skin::BulkReport report;
    const mesh::SkinWeights out = skin::smoothWeights(s.weights, {}, {s.adjacency}, 1, 0.5f, &report);
    // Vertex 0: bone 0 = 0.5 + 0.5 x mean(0, 1, 0) = 2/3; bone 1 = 0.5 x mean(1, 0, 1) = 1/3.
    expectSmoothedRow(out, 0, {{0, 2.f / 3}, {1, 1.f / 3}});
    expectSmoothedRow(out, 1, {{0, 0.5f}, {1, 0.5f}});  // bone 0: 0.5 x mean(1, 1); bone 1: 0.5 x 1
    expectSmoothedRow(out, 2, {{0, 2.f / 3}, {1, 1.f / 3}});
    expectSmoothedRow(out, 3, {{0, 0.5f}, {1, 0.5f}});
    EXPECT_EQ(report.rowsChanged, 4u);
    skin::WeightScope masked;
    masked.vertices = {0, 1, 0, 0};
    const mesh::SkinWeights one = skin::smoothWeights(s.weights, masked, {s.adjacency}, 3, 0.5f);
    expectSmoothedRow(one, 0, {{0, 1.f}});
    expectSmoothedRow(one, 2, {{0, 1.f}});
    // Vertex 1 alone, three times against fixed neighbours: bone 1 halves each time, 1/8 left.
    expectSmoothedRow(one, 1, {{0, 0.875f}, {1, 0.125f}});
}

TEST(BulkSmooth, LockedBonesAndTheLimitHold)
{
    Square s;
    s.weights = skin::packRows({{{0, 0.5f}, {2, 0.5f}}, {{1, 1.f}}, {{0, 1.f}}, {{1, 1.f}}}, 4);
    skin::WeightScope scope;
    scope.locked = {0, 0, 1};  // joint 2 keeps its 0.5 on vertex 0
    scope.maxInfluences = 2;
    const mesh::SkinWeights out = skin::smoothWeights(s.weights, scope, {s.adjacency}, 1, 0.5f);
    const WeightRow v0 = skin::readRow(out, 0);
    EXPECT_EQ(skin::weightOf(v0, 2), 0.5f);
    EXPECT_LE(v0.size(), 2u);
    EXPECT_NEAR(skin::rowSum(v0), 1.f, 1e-6f);
}

TEST(BulkSmooth, WeldedCopiesGetOneRow)
{
    // Vertex 4 is a copy of vertex 2 (a UV seam): triangle 0-2-3 uses it instead.
    mesh::VertexAdjacency adjacency;
    const std::vector<glm::vec3> positions = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}, {1, 1, 0}};
    const mesh::VertexWeld weld = mesh::VertexWeld::build(positions);
    const std::uint32_t tris[] = {0, 1, 2, 0, 4, 3};
    const std::vector<std::uint32_t> welded = weld.weldIndices(tris);
    ASSERT_FALSE(adjacency.build(5, welded));
    const mesh::SkinWeights w = skin::packRows({{{0, 1.f}}, {{1, 1.f}}, {{0, 1.f}}, {{1, 1.f}}, {{0, 1.f}}}, 4);
    const mesh::SkinWeights out = skin::smoothWeights(w, {}, {adjacency, &weld}, 2, 0.5f);
    expectSmoothedRow(out, 4, skin::readRow(out, 2));
    expectSmoothedRow(out, 0, skin::readRow(skin::smoothWeights(skin::packRows({{{0, 1.f}}, {{1, 1.f}}, {{0, 1.f}},
                                                                         {{1, 1.f}}}, 4),
                                                        {}, {Square().adjacency}, 2, 0.5f),
                                    0));
}

TEST(BulkHammer, ASelectedVertexTakesItsUnselectedNeighboursMean)
{
    Square s;
    skin::WeightScope scope;
    scope.vertices = {1, 0, 0, 0};
    const mesh::SkinWeights out = skin::hammerWeights(s.weights, scope, {s.adjacency});
    expectSmoothedRow(out, 0, {{1, 2.f / 3}, {0, 1.f / 3}});  // neighbours 1, 2, 3: bone 1 twice, bone 0 once
    expectSmoothedRow(out, 1, {{1, 1.f}});
    EXPECT_TRUE(skin::hammerWeights(s.weights, {}, {s.adjacency}) == s.weights) << "no mask: nothing unselected";
}

TEST(BulkEdit, InvertFloodAndPaste)
{
    const mesh::SkinWeights w = skin::packRows({{{0, 0.75f}, {1, 0.25f}}, {{1, 1.f}}, {{0, 1.f}}}, 4);
    skin::BulkReport report;
    const mesh::SkinWeights inverted = skin::invertBone(w, {}, 0, &report);
    expectSmoothedRow(inverted, 0, {{1, 0.75f}, {0, 0.25f}});
    expectSmoothedRow(inverted, 1, {{0, 1.f}});  // 0 -> 1: the others make room
    expectSmoothedRow(inverted, 2, {{0, 1.f}});  // 1 -> 0 with no other bone: left as it was
    EXPECT_EQ(report.rowsUnnormalisable, 1u);

    expectSmoothedRow(skin::floodBone(w, {}, 2, 0.4f), 0, {{0, 0.45f}, {2, 0.4f}, {1, 0.15f}});
    skin::WeightScope two;
    two.maxInfluences = 2;
    expectSmoothedRow(skin::floodBone(w, two, 2, 0.4f), 0, {{0, 0.6f}, {2, 0.4f}});
    skin::WeightScope locked;
    locked.locked = {1};
    EXPECT_TRUE(skin::floodBone(w, locked, 0, 0.2f) == w) << "a locked bone is not flooded";

    skin::WeightScope selection;
    selection.vertices = {0, 1, 0};
    const mesh::SkinWeights pasted = skin::pasteRow(w, selection, 0);
    expectSmoothedRow(pasted, 1, {{0, 0.75f}, {1, 0.25f}});
    expectSmoothedRow(pasted, 2, {{0, 1.f}});
}

} // namespace
} // namespace marrow
