// SPDX-License-Identifier: MIT
// Bone heat (issue 20) on meshes where the answer is known: a two-bone
// cylinder (monotone along its axis, blended at the joint, every row
// summing to 1), two disconnected shells and a duplicated seam (every
// vertex weighted, copies alike), and rigid islands.
#include "core/skin/bone_heat.h"

#include <gtest/gtest.h>

#include <glm/geometric.hpp>

#include <cmath>

namespace marrow {
namespace {

struct TestMesh {
    std::vector<glm::vec3> positions;
    std::vector<std::uint32_t> indices;
};

// A closed cylinder along +Y from y0 to y1 (capped), `rings` x `sides`.
void addCylinder(TestMesh& m, glm::vec3 base, float height, float radius, int rings, int sides)
{
    const auto first = static_cast<std::uint32_t>(m.positions.size());
    for (int r = 0; r <= rings; ++r)
        for (int s = 0; s < sides; ++s) {
            const float a = 6.2831853f * static_cast<float>(s) / static_cast<float>(sides);
            m.positions.push_back(base + glm::vec3(radius * std::cos(a), height * static_cast<float>(r) / static_cast<float>(rings),
                                                   radius * std::sin(a)));
        }
    const auto at = [&](int r, int s) { return first + static_cast<std::uint32_t>(r * sides + (s % sides)); };
    for (int r = 0; r < rings; ++r)
        for (int s = 0; s < sides; ++s)
            m.indices.insert(m.indices.end(), {at(r, s), at(r + 1, s), at(r + 1, s + 1), at(r, s), at(r + 1, s + 1), at(r, s + 1)});
    const auto bottom = static_cast<std::uint32_t>(m.positions.size());
    m.positions.push_back(base);
    const auto top = static_cast<std::uint32_t>(m.positions.size());
    m.positions.push_back(base + glm::vec3(0, height, 0));
    for (int s = 0; s < sides; ++s) {
        m.indices.insert(m.indices.end(), {bottom, at(0, s + 1), at(0, s)});
        m.indices.insert(m.indices.end(), {top, at(rings, s), at(rings, s + 1)});
    }
}

std::vector<skin::HeatSource> twoBones()
{
    return {{{{{0, 0, 0}, {0, 1, 0}}}}, {{{{0, 1, 0}, {0, 2, 0}}}}};
}

TEST(BoneHeat, ATwoBoneCylinderBlendsMonotonicallyAtItsJoint)
{
    TestMesh m;
    addCylinder(m, {0, 0, 0}, 2.f, 0.2f, 20, 12);
    skin::BoneHeatReport report;
    const auto rows = skin::boneHeatWeights(m.positions, m.indices, twoBones(), {}, &report);
    ASSERT_EQ(rows.size(), m.positions.size());
    EXPECT_EQ(report.noneVisible, 0u);
    EXPECT_EQ(report.emptyRows, 0u);
    // Per ring (side 0), the upper bone's weight never falls going up.
    float previous = -1.f;
    for (int r = 0; r <= 20; ++r) {
        const skin::WeightRow& row = rows[static_cast<std::size_t>(r * 12)];
        EXPECT_NEAR(skin::rowSum(row), 1.f, 1e-6f) << "ring " << r;
        const float upper = skin::weightOf(row, 1);
        EXPECT_GE(upper, previous - 1e-6f) << "ring " << r;
        previous = upper;
    }
    EXPECT_GT(skin::weightOf(rows[0], 0), 0.95f) << "the bottom follows the lower bone";
    EXPECT_GT(skin::weightOf(rows[20 * 12], 1), 0.95f) << "the top follows the upper bone";
    const skin::WeightRow& joint = rows[10 * 12];
    EXPECT_GT(skin::weightOf(joint, 0), 0.25f) << "blended at the joint";
    EXPECT_GT(skin::weightOf(joint, 1), 0.25f) << "blended at the joint";
}

TEST(BoneHeat, DisconnectedShellsAndADuplicatedSeamAreAllWeighted)
{
    TestMesh m;
    addCylinder(m, {0, 0, 0}, 2.f, 0.2f, 20, 12);
    addCylinder(m, {0.05f, 1.4f, 0.3f}, 0.2f, 0.05f, 2, 6);  // a floating shell (a button) off the surface
    // Duplicate ring 5 as a seam: its copies take the second half of its faces.
    const std::size_t seamFirst = m.positions.size();
    for (int s = 0; s < 12; ++s)
        m.positions.push_back(m.positions[static_cast<std::size_t>(5 * 12 + s)]);
    for (std::size_t i = 0; i < 20 * 12 * 6 / 2; ++i)
        if (m.indices[i] >= 5 * 12 && m.indices[i] < 6 * 12 && i % 2 == 0)
            m.indices[i] = static_cast<std::uint32_t>(seamFirst + (m.indices[i] - 5 * 12));
    skin::BoneHeatReport report;
    const auto rows = skin::boneHeatWeights(m.positions, m.indices, twoBones(), {}, &report);
    EXPECT_EQ(report.shells, 2u);
    EXPECT_EQ(report.solved, m.positions.size() - 12) << "the seam is welded for the solve";
    for (std::size_t v = 0; v < rows.size(); ++v) {
        ASSERT_FALSE(rows[v].empty()) << v;
        EXPECT_NEAR(skin::rowSum(rows[v]), 1.f, 1e-6f) << v;
    }
    for (int s = 0; s < 12; ++s)
        EXPECT_EQ(rows[seamFirst + static_cast<std::size_t>(s)], rows[static_cast<std::size_t>(5 * 12 + s)]);
    skin::BoneHeatOptions rigid;
    rigid.rigidIslands = true;
    const auto rigidRows = skin::boneHeatWeights(m.positions, m.indices, twoBones(), rigid, &report);
    EXPECT_EQ(report.rigidShells, 1u);
    for (std::size_t v = 21 * 12 + 2; v < seamFirst; ++v)
        EXPECT_EQ(rigidRows[v], (skin::WeightRow{{1, 1.f}})) << "the button follows the upper bone alone";
}

TEST(BoneHeat, TheLimitHoldsAndABoneOutsideTheMeshStillWeights)
{
    TestMesh m;
    addCylinder(m, {0, 0, 0}, 2.f, 0.2f, 20, 12);
    std::vector<skin::HeatSource> sources = twoBones();
    sources.push_back({{{{1, 1, 0}, {2, 1, 0}}}});  // outside the cylinder, to its side
    skin::BoneHeatOptions one;
    one.maxInfluences = 1;
    const auto rows = skin::boneHeatWeights(m.positions, m.indices, sources, one);
    for (const skin::WeightRow& row : rows) {
        ASSERT_EQ(row.size(), 1u);
        EXPECT_EQ(row[0].weight, 1.f);
    }
}

TEST(BoneHeat, ClosestOnSegment)
{
    EXPECT_EQ(skin::closestOnSegment({5, 1, 0}, {0, 0, 0}, {0, 2, 0}), glm::vec3(0, 1, 0));
    EXPECT_EQ(skin::closestOnSegment({0, -3, 0}, {0, 0, 0}, {0, 2, 0}), glm::vec3(0, 0, 0));
    EXPECT_EQ(skin::closestOnSegment({1, 1, 1}, {2, 2, 2}, {2, 2, 2}), glm::vec3(2, 2, 2));
}

} // namespace
} // namespace marrow
