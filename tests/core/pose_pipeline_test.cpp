// SPDX-License-Identifier: MIT
#include "core/model/pose_pipeline.h"
#include "glm_expect.h"
#include "tiny_rigs.h"

#include <vector>

using namespace marrow;
using marrow::test::columns;

namespace {
// The 4-vertex skin plus a rigid mesh hanging from the elbow.
model::Rig rigWithRigidMesh()
{
    model::Rig rig = test::fourVertexSkinRig();
    mesh::Mesh rigid;
    rigid.name = "hand";
    rigid.node = 1;
    rigid.positions = {{1, 0, 0}, {0, 0, 0}, {0, 1, 0}};
    rigid.normals = {{1, 0, 0}, {0, 0, 1}, {0, 1, 0}};
    rigid.indices = {0, 1, 2};
    rig.meshes.push_back(rigid);
    return rig;
}

const glm::quat kIdentity(1.f, 0.f, 0.f, 0.f);
const glm::quat kZ45(0.92387953f, 0.f, 0.f, 0.38268343f);
} // namespace

TEST(PosePipeline, RestPoseRequest)
{
    const model::Rig rig = rigWithRigidMesh();
    ASSERT_FALSE(rig.validate());
    model::PosePipeline p(rig);
    ASSERT_TRUE(p.evaluate(model::PoseRequest{}));
    EXPECT_EQ(std::vector<math::Transform>(p.locals().begin(), p.locals().end()), rig.skeleton.rest);
    EXPECT_MAT4_NEAR(p.worlds()[0], columns({1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {0, 1, 0}), 0.f);
    EXPECT_MAT4_NEAR(p.worlds()[1], columns({1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {2, 1, 0}), 0.f);
    // Bound in the rest pose: the palette is the identity and the mesh is unmoved.
    EXPECT_MAT4_NEAR(p.palette(0)[0], glm::mat4(1.f), 0.f);
    EXPECT_MAT4_NEAR(p.palette(0)[1], glm::mat4(1.f), 0.f);
    std::vector<glm::vec3> pos(4), nrm(4);
    ASSERT_TRUE(p.skinMesh(0, mesh::SkinningMethod::Linear, pos, nrm));
    for (std::size_t v = 0; v < 4; ++v) {
        EXPECT_VEC3_NEAR(pos[v], rig.meshes[0].positions[v], 1e-6f);
        EXPECT_VEC3_NEAR(nrm[v], rig.meshes[0].normals[v], 1e-6f);
    }
}

TEST(PosePipeline, OneClip)
{
    const model::Rig rig = rigWithRigidMesh();
    model::PosePipeline p(rig);
    // "bend" at 1 s: the elbow turns 90 degrees about Z.
    ASSERT_TRUE(p.evaluate({0, 1.0}));
    EXPECT_MAT4_NEAR(p.worlds()[1], columns({0, 1, 0}, {-1, 0, 0}, {0, 0, 1}, {2, 1, 0}), 1e-6f);
    // palette[1] = world * T(-2,-1,0): translation R90z(-2,-1,0) + (2,1,0) = (3,-1,0).
    EXPECT_MAT4_NEAR(p.palette(0)[1], columns({0, 1, 0}, {-1, 0, 0}, {0, 0, 1}, {3, -1, 0}), 1e-6f);
    EXPECT_QUAT_EQUIV(p.dualQuats(0)[1].rigid.real, glm::quat(std::sqrt(.5f), 0, 0, std::sqrt(.5f)), 1e-6f);
    std::vector<glm::vec3> pos(4), nrm(4);
    ASSERT_TRUE(p.skinMesh(0, mesh::SkinningMethod::Linear, pos, nrm));
    // v0 on the shoulder stays; v2 sits on the elbow's pivot; v3 swings to +Y
    // of the elbow; v1 is .75 (1,1,0) + .25 (2,0,0).
    EXPECT_VEC3_NEAR(pos[0], glm::vec3(0, 1, 0), 1e-6f);
    EXPECT_VEC3_NEAR(pos[1], glm::vec3(1.25f, .75f, 0), 1e-6f);
    EXPECT_VEC3_NEAR(pos[2], glm::vec3(2, 1, 0), 1e-6f);
    EXPECT_VEC3_NEAR(pos[3], glm::vec3(2, 2, 0), 1e-6f);
    // DQS agrees on the vertices with a single influence.
    std::vector<glm::vec3> dq(4);
    ASSERT_TRUE(p.skinMesh(0, mesh::SkinningMethod::DualQuaternion, dq, {}));
    EXPECT_VEC3_NEAR(dq[0], pos[0], 1e-6f);
    EXPECT_VEC3_NEAR(dq[3], pos[3], 1e-5f);
    // Halfway through the clip: 45 degrees.
    ASSERT_TRUE(p.evaluate({0, .5}));
    EXPECT_QUAT_EQUIV(p.locals()[1].rotation, kZ45, 1e-6f);
}

TEST(PosePipeline, BlendFollowsTheJointRule)
{
    const model::Rig rig = rigWithRigidMesh();
    model::PosePipeline p(rig);
    // bend at 1 s (elbow 90 degrees) blended half with lift at 2 s (shoulder
    // up to (0,3,0), elbow held at identity).
    model::PoseRequest r;
    r.clip = 0;
    r.time = 1.0;
    r.blendClip = 1;
    r.blendTime = 2.0;
    r.weight = .5f;
    ASSERT_TRUE(p.evaluate(r));
    // The shoulder is animated only in lift: it takes lift's value whole.
    EXPECT_VEC3_NEAR(p.locals()[0].translation, glm::vec3(0, 3, 0), 1e-6f);
    // The elbow is animated in both: slerp halfway.
    EXPECT_QUAT_EQUIV(p.locals()[1].rotation, kZ45, 1e-6f);
    EXPECT_VEC3_NEAR(glm::vec3(p.worlds()[1][3]), glm::vec3(2, 3, 0), 1e-6f);
    // Weight 0: the elbow is bend's, the shoulder still lift's.
    r.weight = 0.f;
    ASSERT_TRUE(p.evaluate(r));
    EXPECT_VEC3_NEAR(p.locals()[0].translation, glm::vec3(0, 3, 0), 1e-6f);
    EXPECT_QUAT_EQUIV(p.locals()[1].rotation, glm::quat(std::sqrt(.5f), 0, 0, std::sqrt(.5f)), 1e-6f);
    // Weight 1: the elbow is lift's identity.
    r.weight = 1.f;
    ASSERT_TRUE(p.evaluate(r));
    EXPECT_QUAT_EQUIV(p.locals()[1].rotation, kIdentity, 1e-6f);
}

TEST(PosePipeline, OutOfRangeRequestReturnsFalseAndKeepsState)
{
    const model::Rig rig = rigWithRigidMesh();
    model::PosePipeline p(rig);
    ASSERT_TRUE(p.evaluate({0, 1.0}));
    const std::vector<glm::mat4> before(p.worlds().begin(), p.worlds().end());
    model::PoseRequest bad[4];
    bad[0].clip = 2;
    bad[1].clip = 0;
    bad[1].blendClip = 2;
    bad[2].clip = -1;
    bad[2].blendClip = 0;  // a blend needs a first clip
    bad[3].clip = 1000;
    for (const model::PoseRequest& r : bad) {
        EXPECT_FALSE(p.evaluate(r));
        EXPECT_EQ(std::vector<glm::mat4>(p.worlds().begin(), p.worlds().end()), before);
    }
}

TEST(PosePipeline, SkinMeshOnRigidMeshAppliesTheNodesWorldMatrix)
{
    const model::Rig rig = rigWithRigidMesh();
    model::PosePipeline p(rig);
    ASSERT_TRUE(p.evaluate({0, 1.0}));
    // Elbow world: R90z then T(2,1,0).
    std::vector<glm::vec3> pos(3), nrm(3);
    ASSERT_TRUE(p.skinMesh(1, mesh::SkinningMethod::Linear, pos, nrm));
    EXPECT_VEC3_NEAR(pos[0], glm::vec3(2, 2, 0), 1e-6f);
    EXPECT_VEC3_NEAR(pos[1], glm::vec3(2, 1, 0), 1e-6f);
    EXPECT_VEC3_NEAR(pos[2], glm::vec3(1, 1, 0), 1e-6f);
    EXPECT_VEC3_NEAR(nrm[0], glm::vec3(0, 1, 0), 1e-6f);
    EXPECT_VEC3_NEAR(nrm[1], glm::vec3(0, 0, 1), 1e-6f);
    EXPECT_VEC3_NEAR(nrm[2], glm::vec3(-1, 0, 0), 1e-6f);
}

TEST(PosePipeline, SkinMeshRejectsBadArguments)
{
    const model::Rig rig = rigWithRigidMesh();
    model::PosePipeline p(rig);
    std::vector<glm::vec3> pos4(4, glm::vec3(-7.f)), pos3(3), nrm2(2);
    EXPECT_FALSE(p.skinMesh(2, mesh::SkinningMethod::Linear, pos4, {}));
    EXPECT_FALSE(p.skinMesh(0, mesh::SkinningMethod::Linear, pos3, {}));
    EXPECT_FALSE(p.skinMesh(1, mesh::SkinningMethod::Linear, pos4, {}));
    EXPECT_FALSE(p.skinMesh(0, mesh::SkinningMethod::Linear, pos4, nrm2));
    EXPECT_EQ(pos4[0], glm::vec3(-7.f));
}

// An override replaces the sampled local of its joint (an unkeyed pose edit),
// and the world matrices below it follow; other joints keep the clip.
TEST(PosePipeline, OverridesReplaceTheSampledLocal)
{
    const model::Rig rig = rigWithRigidMesh();
    model::PosePipeline p(rig);
    math::Transform raised = rig.skeleton.rest[1];
    raised.rotation = kZ45;
    const model::JointOverride overrides[] = {{1, raised}, {99, raised}};  // 99: out of range, ignored
    model::PoseRequest r;
    r.clip = 0;
    r.time = 1.0;  // "bend" would turn the elbow 90 degrees here
    r.overrides = overrides;
    ASSERT_TRUE(p.evaluate(r));
    EXPECT_EQ(p.locals()[1], raised);
    const float c = std::sqrt(.5f);
    EXPECT_MAT4_NEAR(p.worlds()[1], columns({c, c, 0}, {-c, c, 0}, {0, 0, 1}, {2, 1, 0}), 1e-6f);
    // Without overrides the same request gives the clip's 90 degrees again.
    r.overrides = {};
    ASSERT_TRUE(p.evaluate(r));
    EXPECT_MAT4_NEAR(p.worlds()[1], columns({0, 1, 0}, {-1, 0, 0}, {0, 0, 1}, {2, 1, 0}), 1e-6f);
}
