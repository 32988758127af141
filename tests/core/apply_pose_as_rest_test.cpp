// SPDX-License-Identifier: MIT
// Apply Pose as Rest Pose (issue 22): the bent arm's pose becomes the rest
// pose and the mesh looks the same (within 1e-5), now at rest; the binds
// are the new rest's inverses (the palette at rest is the identity), a
// morph target's displacement follows the bend, and posing from the new
// rest still moves the vertices. A pose of the wrong size changes nothing.
#include "core/model/apply_pose_as_rest.h"
#include "core/model/pose_pipeline.h"
#include "glm_expect.h"
#include "tiny_rigs.h"

#include <gtest/gtest.h>

using namespace marrow;

namespace {

std::vector<glm::vec3> skinned(const model::Rig& rig, const model::PoseRequest& request)
{
    model::PosePipeline pipeline(rig);
    EXPECT_TRUE(pipeline.evaluate(request));
    std::vector<glm::vec3> out(rig.meshes[0].vertexCount());
    EXPECT_TRUE(pipeline.skinMesh(0, mesh::SkinningMethod::Linear, out, {}));
    return out;
}

} // namespace

TEST(ApplyPoseAsRest, TheBentArmBecomesTheRestAndLooksTheSame)
{
    model::Rig rig = test::fourVertexSkinRig();
    // A morph target lifting the last vertex along +Y.
    rig.meshes[0].morphTargets = {{"lift", std::vector<glm::vec3>(4, glm::vec3(0.f)), {}}};
    rig.meshes[0].morphTargets[0].positions[3] = {0.f, 0.5f, 0.f};
    rig.meshes[0].morphWeights = {0.f};
    ASSERT_FALSE(rig.validate());
    model::PoseRequest bent;
    bent.clip = rig.findClip("bend");
    bent.time = 0.5;  // the elbow at 45 degrees
    model::PosePipeline pipeline(rig);
    ASSERT_TRUE(pipeline.evaluate(bent));
    const std::vector<math::Transform> pose(pipeline.locals().begin(), pipeline.locals().end());
    const std::vector<glm::vec3> posed = skinned(rig, bent);
    const glm::mat4 elbowWorld = pipeline.worlds()[1];

    ASSERT_FALSE(model::applyPoseAsRest(rig, pose));
    ASSERT_FALSE(rig.validate());
    const std::vector<glm::vec3> atRest = skinned(rig, {});
    ASSERT_EQ(atRest.size(), posed.size());
    for (std::size_t v = 0; v < posed.size(); ++v) {
        EXPECT_VEC3_NEAR(atRest[v], posed[v], 1e-5f);
        EXPECT_VEC3_NEAR(rig.meshes[0].positions[v], posed[v], 1e-5f);  // bound in the pose
    }
    EXPECT_MAT4_NEAR(rig.skins[0].inverseBind[1], glm::inverse(elbowWorld), 1e-6f);
    // The lift follows the elbow's 45 degrees (the last vertex is all elbow).
    const glm::vec3 lift = rig.meshes[0].morphTargets[0].positions[3];
    EXPECT_VEC3_NEAR(lift, glm::vec3(glm::mat3(elbowWorld) * glm::vec3(0.f, 0.5f, 0.f)), 1e-5f);
    // Posing from the new rest still moves the arm.
    model::PoseRequest later;
    later.clip = bent.clip;
    later.time = 1.0;
    const std::vector<glm::vec3> moved = skinned(rig, later);
    EXPECT_GT(glm::length(moved[3] - atRest[3]), 0.1f);

    const model::Rig before = rig;
    EXPECT_TRUE(model::applyPoseAsRest(rig, std::vector<math::Transform>(1)));
    EXPECT_EQ(rig, before);
}
