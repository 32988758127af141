// SPDX-License-Identifier: MIT
// Mirror weights across a plane (issue 20): exact twins on a symmetric
// mesh (symmetry error 0), the closest point of the source surface where a
// vertex has no twin, bones through the mirror table, the mask; and the
// closest-point queries it rides on.
#include "core/mesh/surface_locator.h"
#include "core/skin/bulk_mirror.h"
#include "core/skin/weight_row.h"

#include <gtest/gtest.h>

#include <glm/geometric.hpp>

#include <random>

namespace marrow {
namespace {

using skin::WeightRow;

// A 5 x 3 grid in the XY plane, x in -2..2, y in 0..2, two triangles per cell.
struct Grid {
    std::vector<glm::vec3> positions;
    std::vector<std::uint32_t> indices;
    Grid()
    {
        for (int y = 0; y <= 2; ++y)
            for (int x = -2; x <= 2; ++x)
                positions.emplace_back(static_cast<float>(x), static_cast<float>(y), 0.f);
        for (std::uint32_t y = 0; y < 2; ++y)
            for (std::uint32_t x = 0; x < 4; ++x) {
                const std::uint32_t a = y * 5 + x, b = a + 1, c = a + 5, d = c + 1;
                indices.insert(indices.end(), {a, b, d, a, d, c});
            }
    }
    std::size_t at(int x, int y) const { return static_cast<std::size_t>(y * 5 + x + 2); }
};

// Joint 0 = left arm (+X), 1 = right arm, 2 = spine; the -X half holds junk.
mesh::SkinWeights lopsided(const Grid& g)
{
    std::vector<WeightRow> rows;
    for (const glm::vec3& p : g.positions) {
        if (p.x > 0.f)
            rows.push_back({{0, p.x / 2.f}, {2, 1.f - p.x / 2.f}});
        else if (p.x < 0.f)
            rows.push_back({{0, 0.3f}, {2, 0.7f}});
        else
            rows.push_back({{2, 1.f}});
    }
    return skin::packRows(rows, 4);
}

const std::uint16_t kSwap[] = {1, 0, 2};

WeightRow sorted(const mesh::SkinWeights& w, std::size_t v)
{
    WeightRow r = skin::readRow(w, v);
    skin::sortRow(r);
    return r;
}

TEST(BulkMirror, ASymmetricMeshMirrorsExactlyWithBonesSwapped)
{
    const Grid g;
    skin::BulkReport report;
    const mesh::SkinWeights out = skin::mirrorWeights(lopsided(g), {}, {g.positions, g.indices},
                                                      mesh::MirrorPlane::axis(0), true, kSwap, &report);
    EXPECT_EQ(report.surfaceFallbacks, 0u);
    EXPECT_EQ(report.rowsChanged, 6u);  // the -X columns, x = -1 and -2, three rows each
    for (int y = 0; y <= 2; ++y)
        for (int x = 1; x <= 2; ++x) {
            WeightRow expected = sorted(out, g.at(x, y));
            for (skin::Influence& i : expected)
                i.joint = kSwap[i.joint];
            skin::sortRow(expected);
            EXPECT_EQ(sorted(out, g.at(-x, y)), expected) << "symmetry error at x = " << -x;
            EXPECT_EQ(sorted(out, g.at(x, y)), sorted(lopsided(g), g.at(x, y))) << "the source side stays";
        }
    EXPECT_EQ(sorted(out, g.at(0, 1)), (WeightRow{{2, 1.f}})) << "the plane stays";
    // -x copies the other way: the +X half takes the junk, mirrored.
    const mesh::SkinWeights back = skin::mirrorWeights(lopsided(g), {}, {g.positions, g.indices},
                                                       mesh::MirrorPlane::axis(0), false, kSwap);
    EXPECT_EQ(sorted(back, g.at(2, 0)), (WeightRow{{2, 0.7f}, {1, 0.3f}}));
}

TEST(BulkMirror, AVertexWithoutATwinTakesTheClosestSurfacePoint)
{
    Grid g;
    g.positions[g.at(-1, 1)].y = 1.5f;  // no vertex at (1, 1.5): the surface between (1, 1) and (1, 2)
    skin::BulkReport report;
    const mesh::SkinWeights out = skin::mirrorWeights(lopsided(g), {}, {g.positions, g.indices},
                                                      mesh::MirrorPlane::axis(0), true, kSwap, &report);
    EXPECT_EQ(report.surfaceFallbacks, 1u);
    // Both (1, 1) and (1, 2) hold {0: 0.5, 2: 0.5}: halfway between them is the same row, swapped.
    const WeightRow row = sorted(out, g.at(-1, 1));
    ASSERT_EQ(row.size(), 2u);
    EXPECT_EQ(row[0].joint, 1);
    EXPECT_NEAR(row[0].weight, 0.5f, 1e-6f);
    EXPECT_NEAR(skin::rowSum(row), 1.f, 1e-6f);
}

TEST(BulkMirror, OnlyTheMaskChangesAndLockedBonesStay)
{
    const Grid g;
    skin::WeightScope scope;
    scope.vertices.assign(g.positions.size(), 0);
    scope.vertices[g.at(-2, 0)] = 1;
    const mesh::SkinWeights in = lopsided(g);
    const mesh::SkinWeights out = skin::mirrorWeights(in, scope, {g.positions, g.indices},
                                                      mesh::MirrorPlane::axis(0), true, kSwap);
    for (std::size_t v = 0; v < g.positions.size(); ++v) {
        if (v != g.at(-2, 0)) {
            EXPECT_EQ(sorted(out, v), sorted(in, v)) << v;
        }
    }
    EXPECT_EQ(sorted(out, g.at(-2, 0)), (WeightRow{{1, 1.f}}));
    skin::WeightScope locked;
    locked.locked = {0, 0, 1};  // the spine keeps 0.7 on the -X side; the mirrored arm fills 0.3
    const mesh::SkinWeights l = skin::mirrorWeights(in, locked, {g.positions, g.indices},
                                                    mesh::MirrorPlane::axis(0), true, kSwap);
    EXPECT_EQ(sorted(l, g.at(-2, 0)), (WeightRow{{2, 0.7f}, {1, 0.3f}}));
}

TEST(SurfaceLocator, MatchesABruteForceSearch)
{
    const Grid g;
    mesh::SurfaceLocator locator;
    locator.build(g.positions, g.indices);
    std::mt19937 random(7);
    std::uniform_real_distribution<float> coord(-3.f, 3.f);
    for (int i = 0; i < 200; ++i) {
        const glm::vec3 p(coord(random), coord(random), coord(random));
        float best = 1e9f;
        for (std::size_t f = 0; f < g.indices.size() / 3; ++f) {
            const glm::vec3 &a = g.positions[g.indices[3 * f]], &b = g.positions[g.indices[3 * f + 1]],
                            &c = g.positions[g.indices[3 * f + 2]];
            const glm::vec3 bary = mesh::closestBarycentric(p, a, b, c);
            best = std::min(best, glm::length(bary.x * a + bary.y * b + bary.z * c - p));
        }
        const auto hit = locator.closest(p);
        ASSERT_TRUE(hit);
        EXPECT_NEAR(hit->distance, best, 1e-5f);
        EXPECT_NEAR(hit->barycentric.x + hit->barycentric.y + hit->barycentric.z, 1.f, 1e-5f);
    }
    // Regions of one triangle: a corner, an edge, the face.
    const glm::vec3 a(0, 0, 0), b(1, 0, 0), c(0, 1, 0);
    EXPECT_EQ(mesh::closestBarycentric({-1, -1, 0}, a, b, c), glm::vec3(1, 0, 0));
    EXPECT_EQ(mesh::closestBarycentric({0.5f, -1, 0}, a, b, c), glm::vec3(0.5f, 0.5f, 0));
    const glm::vec3 inside = mesh::closestBarycentric({0.25f, 0.25f, 3}, a, b, c);
    EXPECT_NEAR(inside.y, 0.25f, 1e-6f);
    EXPECT_NEAR(inside.z, 0.25f, 1e-6f);
}

} // namespace
} // namespace marrow
