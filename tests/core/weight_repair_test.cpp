// SPDX-License-Identifier: MIT
#include "core/model/weight_repair.h"
#include "tiny_rigs.h"

#include <gtest/gtest.h>

using namespace marrow;

TEST(WeightRepair, BindsRowsToTheMeshNodeWithIdentityInverseBind)
{
    model::Rig rig = test::fourVertexSkinRig();
    // Row 1 lost its weights.
    std::fill_n(rig.meshes[0].weights.weights.begin() + 4, 4, 0.f);
    std::fill_n(rig.meshes[0].weights.joints.begin() + 4, 4, std::uint16_t{0});
    ASSERT_TRUE(rig.validate());
    // The mesh node (0) is a skin joint, but with a non-identity inverse bind: a new slot.
    EXPECT_EQ(model::bindRowsToMeshNode(rig, 0, {1, 99}), 1u);
    ASSERT_EQ(rig.skins[0].joints.size(), 3u);
    EXPECT_EQ(rig.skins[0].joints[2], 0);
    EXPECT_EQ(rig.skins[0].inverseBind[2], glm::mat4(1.f));
    const auto j = rig.meshes[0].weights.jointRow(1);
    const auto w = rig.meshes[0].weights.weightRow(1);
    EXPECT_EQ(std::vector<std::uint16_t>(j.begin(), j.end()), (std::vector<std::uint16_t>{2, 0, 0, 0}));
    EXPECT_EQ(std::vector<float>(w.begin(), w.end()), (std::vector<float>{1.f, 0.f, 0.f, 0.f}));
    EXPECT_FALSE(rig.validate());
    // A second repair reuses the slot.
    EXPECT_EQ(model::bindRowsToMeshNode(rig, 0, {0}), 1u);
    EXPECT_EQ(rig.skins[0].joints.size(), 3u);
    EXPECT_EQ(rig.meshes[0].weights.jointRow(0)[0], 2);
}

TEST(WeightRepair, NothingToDo)
{
    model::Rig rig = test::fourVertexSkinRig();
    const model::Rig before = rig;
    EXPECT_EQ(model::bindRowsToMeshNode(rig, 5, {0}), 0u);   // no such mesh
    EXPECT_EQ(model::bindRowsToMeshNode(rig, 0, {}), 0u);    // no rows
    rig.meshes[0].skin = -1;
    EXPECT_EQ(model::bindRowsToMeshNode(rig, 0, {0}), 0u);   // rigid mesh
    rig.meshes[0].skin = 0;
    EXPECT_EQ(rig, before);
}
