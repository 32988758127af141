// SPDX-License-Identifier: MIT
// At rest, a skinned Assimp model must reproduce its input mesh: for models
// whose file rest pose is the bind pose, world(joint) * inverseBind equals the
// mesh node's world matrix, so every skinned vertex lands at world(node) * p.
#include "core/io/model_import.h"
#include "core/model/pose_pipeline.h"
#include "shared_models.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace marrow::io {
namespace {

class AssimpBindPose : public ::testing::TestWithParam<const char*> {};

// Largest distance between the rest-pose skinned vertex and world(node) * p,
// relative to the model's extent.
double restPoseDeviation(const model::Rig& rig)
{
    model::PosePipeline pipeline(rig);
    EXPECT_TRUE(pipeline.evaluate(model::PoseRequest{}));
    double worst = 0.0, extent = 1e-6;
    for (std::size_t i = 0; i < rig.meshes.size(); ++i) {
        const mesh::Mesh& m = rig.meshes[i];
        if (!m.skinned())
            continue;
        std::vector<glm::vec3> posed(m.vertexCount());
        EXPECT_TRUE(pipeline.skinMesh(i, mesh::SkinningMethod::Linear, posed, {}));
        const glm::mat4& node = pipeline.worlds()[static_cast<std::size_t>(m.node)];
        for (std::size_t v = 0; v < posed.size(); ++v) {
            const glm::vec3 expected = glm::vec3(node * glm::vec4(m.positions[v], 1.f));
            worst = std::max(worst, static_cast<double>(glm::length(posed[v] - expected)));
            extent = std::max(extent, static_cast<double>(glm::length(expected)));
        }
    }
    return worst / extent;
}

TEST_P(AssimpBindPose, RestPoseReproducesTheInputMesh)
{
    const std::string path = test::model(GetParam());
    const ImportResult r = importModel(path);
    ASSERT_TRUE(r.ok) << r.error;
    const double deviation = restPoseDeviation(r.rig);
    std::printf("  %s: rest-pose deviation %.3g of the model's extent\n", GetParam(), deviation);
    EXPECT_LT(deviation, 1e-3);
}

// The other skinned samples (pab/skeleton.fbx, animation_with_skeleton.fbx,
// seymour.dae, astro_max.dae, anim_test.x, BCN_Epileptic.X) store a rest pose
// that differs from their bind pose, so this does not hold for them.
INSTANTIATE_TEST_SUITE_P(Shared, AssimpBindPose,
                         ::testing::Values("assimp/models/FBX/huesitos.fbx", "assimp/models/MD5/SimpleCube.md5mesh",
                                           "assimp/models-nonbsd/MD5/Bob.md5mesh", "ozz-animation/fbx/pab/arnaud.fbx",
                                           "assimp/models/Collada/library_animation_clips.dae",
                                           "assimp/models-nonbsd/MD5/BoarMan.md5mesh"),
                         [](const ::testing::TestParamInfo<const char*>& param) {
                             std::string name("m");
                             name.append(std::to_string(param.index));
                             return name;
                         });

// A skinned inverse bind at rest is world(joint)^-1 * world(mesh node) for every joint.
TEST(AssimpBindPose, WorldTimesInverseBindIsTheMeshNodeAtRest)
{
    const ImportResult r = importModel(test::model("assimp/models/MD5/SimpleCube.md5mesh"));
    ASSERT_TRUE(r.ok) << r.error;
    model::PosePipeline pipeline(r.rig);
    ASSERT_TRUE(pipeline.evaluate(model::PoseRequest{}));
    for (const mesh::Mesh& m : r.rig.meshes) {
        if (!m.skinned())
            continue;
        const model::Skin& skin = r.rig.skins[static_cast<std::size_t>(m.skin)];
        const glm::mat4& node = pipeline.worlds()[static_cast<std::size_t>(m.node)];
        for (std::size_t k = 0; k < skin.joints.size(); ++k) {
            const glm::mat4 product = pipeline.worlds()[static_cast<std::size_t>(skin.joints[k])] * skin.inverseBind[k];
            for (int c = 0; c < 4; ++c)
                for (int row = 0; row < 4; ++row)
                    EXPECT_NEAR(product[c][row], node[c][row], 1e-3f) << "joint " << k;
        }
    }
}

} // namespace
} // namespace marrow::io
