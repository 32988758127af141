// SPDX-License-Identifier: MIT
#include "core/model/mirror_map.h"

#include "core/anim/local_to_world_job.h"
#include "tiny_rigs.h"

#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/quaternion.hpp>
#include <gtest/gtest.h>

#include <vector>

namespace marrow::model {
namespace {

const glm::quat kRotation = test::axisAngle({.3f, 1.f, -.2f}, 37.f);
const glm::vec3 kOffset(4.f, -2.f, 7.f);

// A rig symmetric across its root's local X = 0 plane, with the root rotated
// and moved, so the plane in bind space is neither X = 0 nor through the origin.
// Joint 0 "root" is a plain node; 1..11 are skin joints. Named pairs: 2/3, 4/5,
// 6/7; 8/9 mirror by position only; "Lower" (10) sits just off the plane and
// "Rear" (11) on it. The mesh: mirrored vertex pairs and a few on the plane.
Rig symmetricRig(bool namedPairs = true)
{
    struct J {
        const char* name;
        anim::JointIndex parent;
        glm::vec3 t;
    };
    const std::vector<J> joints = {
        {"root", anim::kNoParent, kOffset},  {"spine", 0, {0.f, 1.f, 0.f}},
        {"hand.L", 1, {1.f, .5f, .2f}},      {"hand.R", 1, {-1.f, .5f, .2f}},
        {"arm_joint_L_1", 1, {.6f, .3f, 0.f}}, {"arm_joint_R_1", 1, {-.6f, .3f, 0.f}},
        {"LeftLeg", 0, {.3f, -1.f, .1f}},    {"RightLeg", 0, {-.3f, -1.f, .1f}},
        {"joint8", 0, {.4f, .2f, -.5f}},     {"joint9", 0, {-.4f, .2f, -.5f}},
        {"Lower", 1, {.05f, -.3f, .3f}},     {"Rear", 1, {0.f, .2f, -.4f}},
    };
    Rig rig;
    for (std::size_t i = 0; i < joints.size(); ++i) {
        const std::string name = namedPairs ? joints[i].name : "node_" + std::to_string(i);
        rig.skeleton.names.push_back(name);
        rig.skeleton.parents.push_back(joints[i].parent);
        rig.skeleton.rest.push_back(test::trs(joints[i].t, i == 0 ? kRotation : glm::quat(1.f, 0.f, 0.f, 0.f)));
    }
    std::vector<glm::mat4> worlds(joints.size());
    anim::LocalToWorldJob{rig.skeleton.parents, rig.skeleton.rest, glm::mat4(1.f), worlds}.run();
    Skin skin;
    for (std::size_t j = 1; j < joints.size(); ++j) {
        skin.joints.push_back(static_cast<anim::JointIndex>(j));
        skin.inverseBind.push_back(glm::inverse(worlds[j]));
    }
    rig.skins.push_back(skin);
    mesh::Mesh m;
    m.skin = 0;
    const glm::mat4 root = worlds[0];
    for (int i = 0; i < 20; ++i) {
        const glm::vec3 q(.1f + .05f * static_cast<float>(i), std::sin(static_cast<float>(i)), std::cos(1.7f * static_cast<float>(i)));
        m.positions.push_back(glm::vec3(root * glm::vec4(q, 1.f)));
        m.positions.push_back(glm::vec3(root * glm::vec4(-q.x, q.y, q.z, 1.f)));
    }
    for (int i = 0; i < 3; ++i)
        m.positions.push_back(glm::vec3(root * glm::vec4(0.f, static_cast<float>(i), .5f, 1.f)));
    rig.meshes.push_back(m);
    return rig;
}

TEST(MirrorMap, JointBindPositionsComeFromInverseBinds)
{
    Rig rig = symmetricRig();
    // Move joint 2's inverse bind: its bind position follows, not its rest pose.
    rig.skins[0].inverseBind[1] = glm::inverse(glm::translate(glm::mat4(1.f), glm::vec3(9.f, 8.f, 7.f)));
    const std::vector<glm::vec3> p = jointBindPositions(rig, 0);
    ASSERT_EQ(p.size(), 12u);
    EXPECT_EQ(p[0], kOffset);  // the root is no skin joint: its rest world position
    EXPECT_NEAR(glm::distance(p[2], glm::vec3(9.f, 8.f, 7.f)), 0.f, 1e-5f);
}

TEST(MirrorMap, FitsTheRotatedOffsetPlaneFromNamedPairs)
{
    const Rig rig = symmetricRig();
    const MirrorMap m = MirrorMap::build(rig, 0);
    EXPECT_EQ(m.source, MirrorPlaneMode::FitJoints);
    const glm::vec3 n = kRotation * glm::vec3(1.f, 0.f, 0.f);
    EXPECT_NEAR(glm::dot(m.plane.normal, n), 1.f, 1e-5f);  // towards hand.L, the first pair's left
    EXPECT_NEAR(m.plane.offset, glm::dot(n, kOffset), 1e-4f);
    EXPECT_EQ(m.joints, (std::vector<anim::JointIndex>{0, 1, 3, 2, 5, 4, 7, 6, 9, 8, 10, 11}));
    EXPECT_EQ(m.namedJointPairs, 6u);
    EXPECT_EQ(m.nearestJoints, 6u);
    ASSERT_EQ(m.vertices.partner.size(), 43u);
    EXPECT_EQ(m.vertices.exact, 43u);
    for (std::uint32_t v = 0; v < 40; ++v)
        EXPECT_EQ(m.vertices.partner[v], v ^ 1u);
    for (std::uint32_t v = 40; v < 43; ++v)
        EXPECT_EQ(m.vertices.partner[v], v);
    // The mesh's local X = 0 plane is the wrong one for this rig: almost nothing pairs exactly.
    MirrorSettings axisX;
    axisX.mode = MirrorPlaneMode::AxisX;
    const MirrorMap x = MirrorMap::build(rig, 0, axisX);
    EXPECT_EQ(x.source, MirrorPlaneMode::AxisX);
    EXPECT_EQ(x.plane.normal, glm::vec3(1.f, 0.f, 0.f));
    EXPECT_LT(x.vertices.exact, 5u);
}

TEST(MirrorMap, UnnamedJointsPairByPositionAcrossTheAutoAxis)
{
    // The same rig unrotated and unnamed: no pair to fit, so Auto picks X, and joints pair by position.
    Rig rig = symmetricRig(false);
    rig.skeleton.rest[0] = test::trs(glm::vec3(0.f));
    std::vector<glm::mat4> worlds(rig.skeleton.size());
    anim::LocalToWorldJob{rig.skeleton.parents, rig.skeleton.rest, glm::mat4(1.f), worlds}.run();
    for (std::size_t k = 0; k < rig.skins[0].joints.size(); ++k)
        rig.skins[0].inverseBind[k] = glm::inverse(worlds[static_cast<std::size_t>(rig.skins[0].joints[k])]);
    const glm::mat4 undo = glm::inverse(test::columns(kRotation * glm::vec3(1, 0, 0), kRotation * glm::vec3(0, 1, 0),
                                                      kRotation * glm::vec3(0, 0, 1), kOffset));
    for (glm::vec3& p : rig.meshes[0].positions)
        p = glm::vec3(undo * glm::vec4(p, 1.f));
    const MirrorMap m = MirrorMap::build(rig, 0);
    EXPECT_EQ(m.source, MirrorPlaneMode::Auto);
    EXPECT_EQ(m.plane.normal, glm::vec3(1.f, 0.f, 0.f));
    EXPECT_EQ(m.plane.offset, 0.f);
    EXPECT_EQ(m.joints, (std::vector<anim::JointIndex>{0, 1, 3, 2, 5, 4, 7, 6, 9, 8, 10, 11}));
    EXPECT_EQ(m.namedJointPairs, 0u);
    EXPECT_GE(m.vertices.exact, 43u - 3u);  // the round trip through the rotation may cost a few ulps
    EXPECT_EQ(m.vertices.unpaired, 0u);
}

} // namespace
} // namespace marrow::model
