// SPDX-License-Identifier: MIT
// Transfer weights by closest point on the source's surface (issue 20):
// barycentric blends of the source triangle's rows, bones through the map
// (unmapped ones dropped), locks and the mask kept.
#include "core/skin/bulk_transfer.h"
#include "core/skin/weight_row.h"

#include <gtest/gtest.h>

namespace marrow {
namespace {

using skin::WeightRow;

// One source triangle: corners weighted to joints 0, 1 and 2 alone.
struct Source {
    std::vector<glm::vec3> positions{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    std::vector<std::uint32_t> indices{0, 1, 2};
    mesh::SkinWeights weights = skin::packRows({{{0, 1.f}}, {{1, 1.f}}, {{2, 1.f}}}, 4);
};

WeightRow sorted(const mesh::SkinWeights& w, std::size_t v)
{
    WeightRow r = skin::readRow(w, v);
    skin::sortRow(r);
    return r;
}

TEST(BulkTransfer, EachVertexTakesTheBlendAtItsClosestSurfacePoint)
{
    const Source s;
    // Above the centroid, and beyond corner 1 (clamped to it).
    const std::vector<glm::vec3> target{{1.f / 3, 1.f / 3, 0.5f}, {2.f, -1.f, 0.f}};
    const mesh::SkinWeights before = skin::packRows({{{3, 1.f}}, {{3, 1.f}}}, 4);
    const std::uint16_t map[] = {0, 1, 2};
    skin::BulkReport report;
    const mesh::SkinWeights out = skin::transferWeights(before, target, {}, s.weights, {s.positions, s.indices}, map,
                                                        &report);
    const WeightRow centre = sorted(out, 0);
    ASSERT_EQ(centre.size(), 3u);
    for (const skin::Influence& i : centre)
        EXPECT_NEAR(i.weight, 1.f / 3, 1e-5f);
    EXPECT_EQ(sorted(out, 1), (WeightRow{{1, 1.f}}));
    EXPECT_EQ(report.rowsChanged, 2u);
}

TEST(BulkTransfer, UnmappedBonesDropAndLocksAndTheMaskHold)
{
    const Source s;
    const std::vector<glm::vec3> target{{0.5f, 0.f, 0.f}, {0.f, 0.5f, 0.f}};
    const mesh::SkinWeights before = skin::packRows({{{3, 0.5f}, {0, 0.5f}}, {{3, 1.f}}}, 4);
    const std::uint16_t map[] = {0, skin::kNoJoint, 2};  // joint 1 has no twin in the target's skin
    skin::WeightScope scope;
    scope.locked = {0, 0, 0, 1};  // joint 3 keeps its 0.5 on vertex 0
    scope.vertices = {1, 0};
    const mesh::SkinWeights out = skin::transferWeights(before, target, scope, s.weights, {s.positions, s.indices},
                                                        map);
    // Vertex 0 (midway between corners 0 and 1): joint 1 dropped, joint 0 fills the unlocked half.
    EXPECT_EQ(sorted(out, 0), (WeightRow{{0, 0.5f}, {3, 0.5f}}));
    EXPECT_EQ(sorted(out, 1), sorted(before, 1)) << "outside the mask";
}

} // namespace
} // namespace marrow
