// SPDX-License-Identifier: MIT
// Vertex selection for masking (issue 20): L selects one shell and every
// welded copy with it; box select takes what projects inside the rectangle
// and is eligible; invert.
#include "core/mesh/vertex_selection.h"

#include <gtest/gtest.h>

namespace marrow {
namespace {

// Two shells: a quad 0-1-2-3 and a triangle 4-5-6; vertex 7 copies vertex 2
// (a seam) and closes the quad's second triangle.
struct TwoShells {
    std::vector<glm::vec3> positions{{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}, {5, 0, 0}, {6, 0, 0}, {5, 1, 0},
                                     {1, 1, 0}};
    std::vector<std::uint32_t> indices{0, 1, 2, 0, 7, 3, 4, 5, 6};
    mesh::VertexWeld weld = mesh::VertexWeld::build(positions);
    mesh::VertexAdjacency adjacency;
    TwoShells() { EXPECT_FALSE(adjacency.build(positions.size(), weld.weldIndices(indices))); }
};

TEST(VertexSelection, LinkedSelectsOneShellWithItsSeamCopies)
{
    const TwoShells s;
    const std::uint32_t seed[] = {3};
    const auto quad = mesh::linkedVertices(s.positions.size(), s.adjacency, &s.weld, seed);
    EXPECT_EQ(quad, (std::vector<std::uint8_t>{1, 1, 1, 1, 0, 0, 0, 1}));
    const std::uint32_t other[] = {5};
    EXPECT_EQ(mesh::selectedCount(mesh::linkedVertices(s.positions.size(), s.adjacency, &s.weld, other)), 3u);
    const std::uint32_t copy[] = {7};  // seeding from a copy finds the shell too
    EXPECT_EQ(mesh::linkedVertices(s.positions.size(), s.adjacency, &s.weld, copy), quad);
}

TEST(VertexSelection, BoxSelectTakesTheEligibleInsideEitherCornerOrder)
{
    const std::vector<glm::vec2> projected{{10, 10}, {50, 10}, {50, 50}, {200, 200}};
    EXPECT_EQ(mesh::verticesInRect(projected, {60, 60}, {0, 0}), (std::vector<std::uint32_t>{0, 1, 2}));
    const std::vector<std::uint8_t> facing{1, 0, 1, 1};
    EXPECT_EQ(mesh::verticesInRect(projected, {0, 0}, {60, 60}, facing), (std::vector<std::uint32_t>{0, 2}));
    std::vector<std::uint8_t> selection{1, 0, 1, 0};
    mesh::invertSelection(selection);
    EXPECT_EQ(selection, (std::vector<std::uint8_t>{0, 1, 0, 1}));
    const TwoShells s;
    std::vector<std::uint8_t> seam(s.positions.size(), 0);
    seam[2] = 1;
    mesh::selectCopies(seam, s.weld);
    EXPECT_EQ(seam[7], 1);
}

} // namespace
} // namespace marrow
