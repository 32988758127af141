// SPDX-License-Identifier: MIT
#include "core/anim/local_to_world_job.h"
#include "core/anim/skinning_palette_job.h"
#include "core/mesh/cpu_skinning_job.h"
#include "glm_expect.h"
#include "tiny_rigs.h"

#include <vector>

using namespace marrow;
using marrow::test::axisAngle;
using marrow::test::columns;
using marrow::test::trs;

namespace {
const glm::mat4 kSentinel(42.f);

// World matrices of the 3-joint chain, as worked out in tiny_rigs.h.
std::vector<glm::mat4> chainWorlds()
{
    return {columns({0, 1, 0}, {-1, 0, 0}, {0, 0, 1}, {1, 0, 0}), columns({0, 2, 0}, {-2, 0, 0}, {0, 0, 2}, {-1, 0, 0}),
            columns({0, 2, 0}, {-2, 0, 0}, {0, 0, 2}, {-1, 0, 6})};
}
} // namespace

TEST(JobValidity, SkinningPaletteJob)
{
    const std::vector<glm::mat4> worlds = chainWorlds();
    const std::vector<anim::JointIndex> joints = {2, 0};
    const std::vector<glm::mat4> ib2(2, glm::mat4(1.f)), ib1(1, glm::mat4(1.f));
    std::vector<glm::mat4> palette(2, kSentinel);
    std::vector<math::ScaledDualQuat> dqs(2), dqs1(1);
    const std::vector<anim::JointIndex> jointFar = {3, 0}, jointNegative = {0, -1};
    const anim::SkinningPaletteJob cases[] = {
        {worlds, joints, ib1, palette, {}},                        // inverseBind short
        {worlds, joints, ib2, std::span(palette).first(1), {}},    // palette short
        {worlds, joints, ib2, palette, dqs1},                      // dualQuats neither empty nor one per joint
        {worlds, jointFar, ib2, palette, dqs},                     // joint past the skeleton
        {worlds, jointNegative, ib2, palette, dqs},                // negative joint
        {std::span(worlds).first(2), joints, ib2, palette, {}},    // worlds too short for joint 2
    };
    for (const anim::SkinningPaletteJob& job : cases) {
        EXPECT_TRUE(job.validate());
        EXPECT_FALSE(job.run());
        EXPECT_EQ(palette[0], kSentinel);
        EXPECT_EQ(palette[1], kSentinel);
    }
    EXPECT_FALSE((anim::SkinningPaletteJob{worlds, joints, ib2, palette, {}}.validate()));
    EXPECT_FALSE((anim::SkinningPaletteJob{worlds, joints, ib2, palette, dqs}.validate()));
    EXPECT_TRUE((anim::SkinningPaletteJob{worlds, {}, {}, {}, {}}.run()));
}

TEST(SkinningPaletteJob, PaletteIsWorldTimesInverseBind)
{
    // Skin joints in their own order: skin joint 0 is skeleton joint 2.
    const std::vector<glm::mat4> worlds = chainWorlds();
    const std::vector<anim::JointIndex> joints = {2, 0};
    const std::vector<glm::mat4> inverseBind = {columns({1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {1, 0, 0}),
                                                columns({.5f, 0, 0}, {0, .5f, 0}, {0, 0, .5f}, {0, 0, 0})};
    std::vector<glm::mat4> palette(2);
    ASSERT_TRUE((anim::SkinningPaletteJob{worlds, joints, inverseBind, palette, {}}.run()));
    // ankle * T(1,0,0): the translation gains the ankle's X column (0,2,0).
    EXPECT_MAT4_NEAR(palette[0], columns({0, 2, 0}, {-2, 0, 0}, {0, 0, 2}, {-1, 2, 6}), 1e-6f);
    // hip * S(.5): rotation columns halved.
    EXPECT_MAT4_NEAR(palette[1], columns({0, .5f, 0}, {-.5f, 0, 0}, {0, 0, .5f}, {1, 0, 0}), 1e-6f);
}

TEST(SkinningPaletteJob, DualQuatsAreFilledFromThePalette)
{
    const std::vector<glm::mat4> worlds = chainWorlds();
    const std::vector<anim::JointIndex> joints = {2, 0};
    const std::vector<glm::mat4> inverseBind = {columns({.5f, 0, 0}, {0, .5f, 0}, {0, 0, .5f}, {1, 0, 0}), glm::mat4(1.f)};
    std::vector<glm::mat4> palette(2);
    std::vector<math::ScaledDualQuat> dqs(2);
    ASSERT_TRUE((anim::SkinningPaletteJob{worlds, joints, inverseBind, palette, dqs}.run()));
    // Both palettes rotate 90 degrees about Z (the ankle's scale 2 cancels the inverse bind's .5).
    const float h = std::sqrt(.5f);
    EXPECT_QUAT_EQUIV(dqs[0].rigid.real, glm::quat(h, 0, 0, h), 1e-6f);
    EXPECT_QUAT_EQUIV(dqs[1].rigid.real, glm::quat(h, 0, 0, h), 1e-6f);
    // Rigid joints: the scale map is exactly the identity.
    EXPECT_EQ(dqs[0].scale, glm::mat4(1.f));
    EXPECT_EQ(dqs[1].scale, glm::mat4(1.f));
    // palette[0] = ankle * S(.5) T(2,0,0) -> rigid R90z with translation (-1,0,6) + (0,2,0).
    EXPECT_VEC3_NEAR(math::transformPoint(dqs[0].rigid, {1, 0, 0}), glm::vec3(-1, 3, 6), 1e-5f);
    EXPECT_VEC3_NEAR(math::transformPoint(dqs[1].rigid, {1, 0, 0}), glm::vec3(1, 1, 0), 1e-6f);
}

TEST(SkinningPaletteJob, DualQuatsScaleAboutTheBindPosition)
{
    // The knee (world 2 * R90z at (-1,0,0)) bound at c = (3,0,0) without
    // scale: the scale map is 2x about c, and the rigid part takes c to the
    // knee's world position.
    const std::vector<glm::mat4> worlds = chainWorlds();
    const std::vector<anim::JointIndex> joints = {1};
    const glm::vec3 c(3, 0, 0);
    const std::vector<glm::mat4> inverseBind = {columns({1, 0, 0}, {0, 1, 0}, {0, 0, 1}, -c)};
    std::vector<glm::mat4> palette(1);
    std::vector<math::ScaledDualQuat> dqs(1);
    ASSERT_TRUE((anim::SkinningPaletteJob{worlds, joints, inverseBind, palette, dqs}.run()));
    EXPECT_MAT4_NEAR(dqs[0].scale, columns({2, 0, 0}, {0, 2, 0}, {0, 0, 2}, -c), 1e-6f);
    EXPECT_VEC3_NEAR(math::transformPoint(dqs[0].rigid, c), glm::vec3(-1, 0, 0), 1e-6f);
    for (const glm::vec3 p : {glm::vec3(0, 0, 0), glm::vec3(1, 2, 3), glm::vec3(3, 0, 0)}) {
        const glm::vec3 split = math::transformPoint(dqs[0].rigid, glm::vec3(dqs[0].scale * glm::vec4(p, 1.f)));
        EXPECT_VEC3_NEAR(split, glm::vec3(palette[0] * glm::vec4(p, 1.f)), 1e-5f);
    }
}

TEST(SkinningPaletteJob, BindPoseGivesIdentityPaletteAndUnchangedMesh)
{
    // A rest pose with real rotation and translation, bound where it stands.
    model::Rig rig = test::fourVertexSkinRig();
    rig.skeleton.rest[0] = trs({.5f, 1, -2}, axisAngle({0, 1, 0}, 30.f));
    rig.skeleton.rest[1] = trs({2, 0, 0}, axisAngle({1, 1, 0}, -70.f));
    std::vector<glm::mat4> worlds(2);
    ASSERT_TRUE((anim::LocalToWorldJob{rig.skeleton.parents, rig.skeleton.rest, glm::mat4(1.f), worlds}.run()));
    const std::vector<glm::mat4> inverseBind = {glm::inverse(worlds[0]), glm::inverse(worlds[1])};
    const std::vector<anim::JointIndex> joints = {0, 1};
    std::vector<glm::mat4> palette(2);
    std::vector<math::ScaledDualQuat> dqs(2);
    ASSERT_TRUE((anim::SkinningPaletteJob{worlds, joints, inverseBind, palette, dqs}.run()));
    EXPECT_MAT4_NEAR(palette[0], glm::mat4(1.f), 1e-6f);
    EXPECT_MAT4_NEAR(palette[1], glm::mat4(1.f), 1e-6f);

    const mesh::Mesh& m = rig.meshes[0];
    for (mesh::SkinningMethod method : {mesh::SkinningMethod::Linear, mesh::SkinningMethod::DualQuaternion}) {
        std::vector<glm::vec3> pos(4), nrm(4);
        mesh::CpuSkinningJob job;
        job.method = method;
        job.positions = m.positions;
        job.normals = m.normals;
        job.joints = m.weights.joints;
        job.weights = m.weights.weights;
        job.palette = palette;
        job.dualQuats = dqs;
        job.outPositions = pos;
        job.outNormals = nrm;
        ASSERT_TRUE(job.run());
        for (std::size_t v = 0; v < 4; ++v) {
            EXPECT_VEC3_NEAR(pos[v], m.positions[v], 1e-6f);
            EXPECT_VEC3_NEAR(nrm[v], m.normals[v], 1e-6f);
        }
    }
}
