// SPDX-License-Identifier: MIT
// model::ImportChanges: the figures the Changed on Import view draws, the
// vertices the Health row selects, and the range check the codec and the
// document apply.
#include "core/model/import_changes.h"

#include <gtest/gtest.h>

using namespace marrow;

namespace {

model::ImportChanges sample()
{
    model::ImportChanges c;
    c.meshes.resize(2);
    c.meshes[1].renormalised = {0, 3};
    c.meshes[1].trimmed = {3, 4};
    c.meshes[1].boundToNode = {6};
    return c;
}

// Meshes of these vertex counts.
std::vector<mesh::Mesh> meshes(std::initializer_list<std::size_t> vertexCounts)
{
    std::vector<mesh::Mesh> out;
    for (std::size_t n : vertexCounts)
        out.emplace_back().positions.resize(n);
    return out;
}

} // namespace

TEST(ImportChanges, FiguresRankBoundOverTrimmedOverRenormalised)
{
    const model::ImportChanges c = sample();
    EXPECT_EQ(c.count(), 5u);
    EXPECT_EQ(model::importChangeFigures(c, 1, 7),
              (std::vector<float>{model::kRenormalised, 0.f, 0.f, model::kTrimmed, model::kTrimmed, 0.f,
                                  model::kBoundToNode}))
        << "vertex 3, renormalised and trimmed, shows as trimmed";
    EXPECT_EQ(model::importChangeFigures(c, 0, 3), std::vector<float>(3, model::kUnchanged)) << "a rigid mesh";
    EXPECT_EQ(model::importChangeFigures(c, 5, 2), std::vector<float>(2, model::kUnchanged)) << "past the list";
}

TEST(ImportChanges, ChangedVerticesAreSortedAndUnique)
{
    EXPECT_EQ(model::changedVertices(sample(), 1), (std::vector<std::uint32_t>{0, 3, 4, 6}));
    EXPECT_TRUE(model::changedVertices(sample(), 0).empty());
    EXPECT_TRUE(model::changedVertices(sample(), 9).empty());
}

TEST(ImportChanges, FitsOnlyWhenEveryIndexIsInRange)
{
    const model::ImportChanges c = sample();
    EXPECT_TRUE(c.fits(meshes({0, 7})));
    EXPECT_TRUE(c.fits(meshes({0, 7, 100}))) << "later meshes without changes";
    EXPECT_FALSE(c.fits(meshes({0, 6}))) << "vertex 6 of a 6-vertex mesh";
    EXPECT_FALSE(c.fits(meshes({7}))) << "a second mesh the rig lacks";
    EXPECT_TRUE(model::ImportChanges{}.fits({}));
}
