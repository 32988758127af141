// SPDX-License-Identifier: MIT
// Bind (issue 20): a static mesh gets a skin whose rest pose reproduces it
// where it was drawn, weights by bone heat (the top of the leg on the hips,
// the bottom below the knee), by nearest bone (one influence) or empty (the
// mesh's own node); a skinned mesh is refused.
#include "static_mesh_rig.h"

#include "core/model/mesh_bind.h"

#include <gtest/gtest.h>

#include <algorithm>

using namespace marrow;

namespace {

// The rest pose's skinned position of a vertex of the bound mesh.
glm::vec3 restSkinned(const model::Rig& rig, const model::MeshBinding& b, std::size_t v)
{
    const std::vector<glm::mat4> worlds = model::restWorlds(rig.skeleton);
    glm::vec4 p(0.f);
    const auto joints = b.weights.jointRow(v);
    const auto weights = b.weights.weightRow(v);
    for (std::size_t i = 0; i < joints.size(); ++i)
        p += weights[i] * (worlds[static_cast<std::size_t>(b.skin.joints[joints[i]])] * b.skin.inverseBind[joints[i]]
                           * glm::vec4(b.geometry.positions[v], 1.f));
    return glm::vec3(p);
}

anim::JointIndex dominant(const model::MeshBinding& b, std::size_t v)
{
    const auto w = b.weights.weightRow(v);
    const auto k = static_cast<std::size_t>(std::max_element(w.begin(), w.end()) - w.begin());
    return b.skin.joints[b.weights.jointRow(v)[k]];
}

} // namespace

TEST(MeshBind, AutomaticWeightsBindTheTubeWhereItIsDrawnAlongTheLeg)
{
    const model::Rig rig = test::staticTubeRig();
    std::string error;
    const auto b = model::bindMesh(rig, 0, model::BindWeights::Automatic, {}, error);
    ASSERT_TRUE(b) << error;
    EXPECT_EQ(b->skin.joints, (std::vector<anim::JointIndex>{0, 1, 2})) << "the bones, not the mesh's holder node";
    ASSERT_FALSE(b->weights.validate(b->skin.joints.size()));
    const std::vector<glm::mat4> worlds = model::restWorlds(rig.skeleton);
    for (std::size_t v = 0; v < rig.meshes[0].vertexCount(); ++v) {
        const glm::vec3 drawn = glm::vec3(worlds[3] * glm::vec4(rig.meshes[0].positions[v], 1.f));
        const glm::vec3 skinned = restSkinned(rig, *b, v);
        EXPECT_NEAR(glm::length(skinned - drawn), 0.f, 1e-5f) << "vertex " << v;
        const float y = rig.meshes[0].positions[v].y;
        if (y > .85f) {
            EXPECT_EQ(dominant(*b, v), 0) << "the top of the leg follows the hips: vertex " << v;
        }
        if (y < .15f) {
            EXPECT_NE(dominant(*b, v), 0) << "the bottom follows the knee or foot: vertex " << v;
        }
    }
}

TEST(MeshBind, NearestBoneGivesOneInfluenceAndEmptyKeepsTheMeshOnItsNode)
{
    const model::Rig rig = test::staticTubeRig();
    std::string error;
    const auto nearest = model::bindMesh(rig, 0, model::BindWeights::NearestBone, {}, error);
    ASSERT_TRUE(nearest) << error;
    for (std::size_t v = 0; v < rig.meshes[0].vertexCount(); ++v) {
        EXPECT_EQ(nearest->weights.weightRow(v)[0], 1.f);
        EXPECT_EQ(nearest->weights.weightRow(v)[1], 0.f);
    }
    EXPECT_EQ(dominant(*nearest, 10 * 8), 0) << "a top vertex on the hips";
    EXPECT_NE(dominant(*nearest, 0), 0) << "a bottom vertex below the knee";

    const auto empty = model::bindMesh(rig, 0, model::BindWeights::Empty, {}, error);
    ASSERT_TRUE(empty) << error;
    EXPECT_EQ(empty->skin.joints.back(), 3) << "the holder joins the skin";
    for (std::size_t v = 0; v < rig.meshes[0].vertexCount(); ++v) {
        EXPECT_EQ(dominant(*empty, v), 3);
        EXPECT_NEAR(glm::length(restSkinned(rig, *empty, v) - (rig.meshes[0].positions[v] + glm::vec3(.2f, 0.f, 0.f))), 0.f, 1e-6f);
    }
    // Deform flags choose the bones: the knee alone.
    std::vector<std::uint8_t> deform(4, 0);
    deform[1] = 1;
    const auto kneeOnly = model::bindMesh(rig, 0, model::BindWeights::Automatic, deform, error);
    ASSERT_TRUE(kneeOnly) << error;
    EXPECT_EQ(kneeOnly->skin.joints, (std::vector<anim::JointIndex>{1}));
}

TEST(MeshBind, ASkinnedMeshOrAMissingOneIsRefusedWithAReason)
{
    model::Rig rig = test::staticTubeRig();
    std::string error;
    EXPECT_FALSE(model::bindMesh(rig, 5, model::BindWeights::Automatic, {}, error));
    EXPECT_FALSE(error.empty());
    const auto b = model::bindMesh(rig, 0, model::BindWeights::Automatic, {}, error);
    ASSERT_TRUE(b);
    ASSERT_TRUE(model::applyBinding(rig, 0, *b));
    error.clear();
    EXPECT_FALSE(model::bindMesh(rig, 0, model::BindWeights::Automatic, {}, error));
    EXPECT_NE(error.find("already"), std::string::npos) << error;
    EXPECT_FALSE(model::applyBinding(rig, 0, *b)) << "a skinned mesh takes no second binding";
    EXPECT_TRUE(model::carriedByBone(rig, 2));
    EXPECT_FALSE(model::carriedByBone(rig, 3));
}
