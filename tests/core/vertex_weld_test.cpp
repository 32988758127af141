// SPDX-License-Identifier: MIT
#include "core/mesh/vertex_weld.h"

#include <gtest/gtest.h>

#include <vector>

using namespace marrow;

namespace {

// A flat-shaded unit cube as glTF writes it: 6 faces x 4 corners, every
// corner of the cube split into 3 vertices (one per face that meets there).
std::vector<glm::vec3> flatCube()
{
    std::vector<glm::vec3> p;
    for (int axis = 0; axis < 3; ++axis)
        for (float side : {0.f, 1.f})
            for (float a : {0.f, 1.f})
                for (float b : {0.f, 1.f}) {
                    glm::vec3 v(0.f);
                    v[axis] = side;
                    v[(axis + 1) % 3] = a;
                    v[(axis + 2) % 3] = b;
                    p.push_back(v);
                }
    return p;
}

} // namespace

TEST(VertexWeld, AFlatShadedCubeHasEightPaintVerticesOfThreeCopies)
{
    const auto p = flatCube();
    const auto w = mesh::VertexWeld::build(p);
    ASSERT_EQ(w.vertexCount(), 24u);
    EXPECT_EQ(w.groupCount(), 8u);
    EXPECT_FALSE(w.trivial());
    for (std::uint32_t v = 0; v < p.size(); ++v) {
        const std::uint32_t r = w.representative(v);
        EXPECT_LE(r, v);
        EXPECT_EQ(w.representative(r), r);
        EXPECT_EQ(p[r], p[v]) << "a representative stands at its copies' position";
        const auto copies = w.copiesOf(v);
        ASSERT_EQ(copies.size(), 3u) << "vertex " << v;
        EXPECT_EQ(copies.front(), r) << "the lowest index leads its group";
        EXPECT_TRUE(std::is_sorted(copies.begin(), copies.end()));
        for (std::uint32_t c : copies)
            EXPECT_EQ(p[c], p[v]);
    }
}

TEST(VertexWeld, JoinsWithinTheToleranceOfTheDiagonalAndNoFurther)
{
    // Diagonal 1: copies 1e-7 apart join at the default 1e-6, 1e-5 apart do not.
    const std::vector<glm::vec3> p = {{0.f, 0.f, 0.f}, {1.f, 0.f, 0.f}, {1e-7f, 0.f, 0.f}, {0.f, 1e-5f, 0.f}};
    const auto w = mesh::VertexWeld::build(p);
    EXPECT_EQ(w.representative(2), 0u);
    EXPECT_EQ(w.representative(3), 3u);
    EXPECT_EQ(w.groupCount(), 3u);
    EXPECT_EQ(mesh::VertexWeld::build(p, 1e-4f).representative(3), 0u) << "a looser tolerance joins it";
}

TEST(VertexWeld, DistinctPositionsAreTrivial)
{
    const std::vector<glm::vec3> p = {{0.f, 0.f, 0.f}, {1.f, 0.f, 0.f}, {0.f, 1.f, 0.f}};
    const auto w = mesh::VertexWeld::build(p);
    EXPECT_TRUE(w.trivial());
    EXPECT_TRUE(mesh::VertexWeld::build({}).trivial());
    EXPECT_EQ(w.copiesOf(1).size(), 1u);
}

TEST(VertexWeld, WeldIndicesConnectTheCopiesAcrossASeam)
{
    // Two triangles sharing an edge whose two vertices are split (a hard edge).
    const std::vector<glm::vec3> p = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 0, 0}, {0, 1, 0}, {1, 1, 0}};
    const std::vector<std::uint32_t> tris = {0, 1, 2, 3, 5, 4};
    const auto w = mesh::VertexWeld::build(p);
    EXPECT_EQ(w.weldIndices(tris), (std::vector<std::uint32_t>{0, 1, 2, 1, 5, 2}));
}
