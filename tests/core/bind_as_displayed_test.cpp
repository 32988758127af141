// SPDX-License-Identifier: MIT
// Issue 35: a bind keeps the mesh where it is. A static mesh on a node with
// a non-uniform scale and a translation, under a parent with its own
// transform, bound to a skeleton added at the root: the bind pose (Rest
// Position) and the rest pose both draw it exactly as it was displayed, for
// every way of weighting it; a bind as earlier builds made it is found by
// bindPoseDrift and Rebind at Rest fixes it without moving the rest pose.
#include "scaled_static_rig.h"

#include "core/model/bind_pose_drift.h"
#include "core/model/rebind_at_rest.h"

#include <gtest/gtest.h>

#include <glm/geometric.hpp>

#include <iostream>

using namespace marrow;

namespace {

constexpr float kTolerance = 1e-5f;  // of the mesh's bounding-box diagonal

model::Rig bound(const model::Rig& rig, model::BindWeights how)
{
    std::string error;
    const auto b = model::bindMesh(rig, 0, how, {}, error);
    EXPECT_TRUE(b) << error;
    model::Rig out = rig;
    if (b) {
        EXPECT_TRUE(model::applyBinding(out, 0, *b));
    }
    EXPECT_FALSE(out.validate());
    return out;
}

float worstNormalTurn(const std::vector<glm::vec3>& a, const std::vector<glm::vec3>& b)
{
    float worst = 0.f;
    for (std::size_t v = 0; v < a.size() && v < b.size(); ++v)
        worst = std::max(worst, glm::length(a[v] - b[v]));
    return a.size() == b.size() ? worst : 1e30f;
}

// Per triangle: whether its winding's normal agrees with its corners' normals.
std::vector<bool> facing(const std::vector<glm::vec3>& p, const std::vector<glm::vec3>& n,
                         const std::vector<std::uint32_t>& indices)
{
    std::vector<bool> out;
    for (std::size_t t = 0; t + 2 < indices.size(); t += 3) {
        const glm::vec3 a = p[indices[t]], b = p[indices[t + 1]], c = p[indices[t + 2]];
        out.push_back(glm::dot(glm::cross(b - a, c - a), n[indices[t]] + n[indices[t + 1]] + n[indices[t + 2]]) > 0.f);
    }
    return out;
}

} // namespace

TEST(BindAsDisplayed, BindPoseAndRestPoseDrawTheMeshWhereItWasDisplayed)
{
    const model::Rig rig = test::scaledStaticRig();
    const test::PosedMeshes displayed = test::posedMeshes(rig);
    ASSERT_EQ(displayed.positions.size(), 1u);
    for (const auto how : {model::BindWeights::Empty, model::BindWeights::NearestBone, model::BindWeights::Automatic}) {
        SCOPED_TRACE(static_cast<int>(how));
        const model::Rig b = bound(rig, how);
        ASSERT_TRUE(b.meshes[0].skinned());
        // The skeleton's joints (and for Empty the mesh's node), never the scene root above the mesh.
        std::vector<anim::JointIndex> joints = {2, 3, 4};
        if (how == model::BindWeights::Empty)
            joints.push_back(1);
        EXPECT_EQ(b.skins[0].joints, joints);
        const test::PosedMeshes bindPose = test::bindPosedMeshes(b);
        const test::PosedMeshes restPose = test::posedMeshes(b);
        const float bindDrift = test::relativeDistance(displayed.positions[0], bindPose.positions[0]);
        const float restDrift = test::relativeDistance(displayed.positions[0], restPose.positions[0]);
        EXPECT_LT(bindDrift, kTolerance) << "Rest Position draws the mesh where it was displayed";
        EXPECT_LT(restDrift, kTolerance) << "the rest pose draws it there too";
        EXPECT_LT(worstNormalTurn(displayed.normals[0], bindPose.normals[0]), 1e-4f);
        // Each joint's bind world (inverse of its inverse bind) is its rest world.
        const std::vector<glm::mat4> worlds = model::restWorlds(b.skeleton);
        for (std::size_t k = 0; k < b.skins[0].joints.size(); ++k) {
            const glm::mat4 bindWorld = glm::inverse(b.skins[0].inverseBind[k]);
            const glm::mat4& rest = worlds[static_cast<std::size_t>(b.skins[0].joints[k])];
            for (int c = 0; c < 4; ++c)
                EXPECT_LT(glm::length(bindWorld[c] - rest[c]), 1e-5f) << "joint " << k << " column " << c;
        }
        for (const model::BindPoseDrift& d : model::bindPoseDrift(b))
            EXPECT_LT(d.relative, kTolerance);
        std::cout << "[ figures  ] bind " << static_cast<int>(how) << ": bind pose " << bindDrift << ", rest pose "
                  << restDrift << " of the diagonal from the displayed mesh\n";
    }
}

TEST(BindAsDisplayed, AMirroringNodeKeepsTheFrontFacesInFront)
{
    const model::Rig rig = test::scaledStaticRig(true);
    const test::PosedMeshes displayed = test::posedMeshes(rig);
    const std::vector<bool> before = facing(rig.meshes[0].positions, rig.meshes[0].normals, rig.meshes[0].indices);
    const model::Rig b = bound(rig, model::BindWeights::NearestBone);
    const test::PosedMeshes bindPose = test::bindPosedMeshes(b);
    EXPECT_LT(test::relativeDistance(displayed.positions[0], bindPose.positions[0]), kTolerance);
    EXPECT_EQ(facing(b.meshes[0].positions, b.meshes[0].normals, b.meshes[0].indices), before)
        << "the windings are reversed with the mirror, so each face still faces its normals";
}

TEST(BindAsDisplayed, AnEarlierBuildsBindDriftsAndRebindAtRestFixesIt)
{
    const model::Rig rig = test::scaledStaticRig();
    const test::PosedMeshes displayed = test::posedMeshes(rig);
    std::string error;
    const auto b = model::bindMesh(rig, 0, model::BindWeights::NearestBone, {}, error);
    ASSERT_TRUE(b) << error;
    model::Rig old = rig;
    ASSERT_TRUE(model::applyBinding(old, 0, test::earlierBuildsBinding(rig, 0, *b)));
    ASSERT_FALSE(old.validate());
    // The bug: the rest pose is right, the bind pose is not.
    const float oldRest = test::relativeDistance(displayed.positions[0], test::posedMeshes(old).positions[0]);
    const float oldBind = test::relativeDistance(displayed.positions[0], test::bindPosedMeshes(old).positions[0]);
    EXPECT_LT(oldRest, kTolerance);
    EXPECT_GT(oldBind, .1f) << "the earlier bind put Rest Position far from the displayed mesh";
    const std::vector<model::BindPoseDrift> drift = model::bindPoseDrift(old);
    ASSERT_EQ(drift.size(), 1u);
    EXPECT_EQ(drift[0].skin, 0);
    EXPECT_EQ(drift[0].mesh, 0u);
    EXPECT_NEAR(drift[0].relative, oldBind, 1e-4f) << "the drift is the bind pose's distance from the rest pose";

    model::Rig fixed = old;
    EXPECT_EQ(model::rebindAtRest(fixed), 1u);
    ASSERT_FALSE(fixed.validate());
    EXPECT_EQ(fixed.meshes[0].weights, old.meshes[0].weights) << "the weights are kept";
    const float newRest = test::relativeDistance(displayed.positions[0], test::posedMeshes(fixed).positions[0]);
    const float newBind = test::relativeDistance(displayed.positions[0], test::bindPosedMeshes(fixed).positions[0]);
    EXPECT_LT(newRest, kTolerance) << "the rest pose did not move";
    EXPECT_LT(newBind, kTolerance) << "and the bind pose is now where the mesh was displayed";
    EXPECT_LT(model::bindPoseDrift(fixed)[0].relative, kTolerance);
    // A clip's pose is unchanged too: the palette times the new geometry is the old.
    model::PoseRequest bent;
    const std::vector<model::JointOverride> knee = {
        {3, test::trs(fixed.skeleton.rest[3].translation, test::axisAngle({1.f, 0.f, 0.f}, 40.f))}};
    bent.overrides = knee;
    EXPECT_LT(test::relativeDistance(test::posedMeshes(old, bent).positions[0], test::posedMeshes(fixed, bent).positions[0]),
              kTolerance);
    EXPECT_EQ(model::rebindAtRest(fixed), 0u) << "nothing left to rebind";
    std::cout << "[ figures  ] earlier build: Rest Position " << oldBind << " of the diagonal from the displayed mesh; "
              << "after Rebind at Rest " << newBind << "\n";
}
