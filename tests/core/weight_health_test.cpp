// SPDX-License-Identifier: MIT
// Weight health (issue 23): influence counts, the symmetry error on a
// symmetric mesh (zero) and on one perturbed vertex (the perturbation, on it
// and its twin), and the summary's counts and bone lists.
#include "core/model/auto_weights.h"
#include "core/model/weight_health.h"
#include "tiny_rigs.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace marrow;

namespace {

// root at the origin, arm_L at +1 and arm_R at -1 on X; a strip of five
// vertices along X weighted mirror-symmetrically, with the root's one above.
model::Rig symmetricRig()
{
    model::Rig rig;
    rig.skeleton.names = {"root", "arm_L", "arm_R"};
    rig.skeleton.parents = {anim::kNoParent, 0, 0};
    rig.skeleton.rest = {test::trs({0.f, 0.f, 0.f}), test::trs({1.f, 0.f, 0.f}), test::trs({-1.f, 0.f, 0.f})};
    model::Skin skin;
    skin.joints = {0, 1, 2};
    skin.inverseBind = {glm::mat4(1.f), glm::translate(glm::mat4(1.f), glm::vec3(-1.f, 0.f, 0.f)),
                        glm::translate(glm::mat4(1.f), glm::vec3(1.f, 0.f, 0.f))};
    rig.skins.push_back(skin);
    mesh::Mesh m;
    m.name = "strip";
    m.node = 0;
    m.skin = 0;
    m.positions = {{-1.5f, 0.f, 0.f}, {-.5f, 0.f, 0.f}, {0.f, 1.f, 0.f}, {.5f, 0.f, 0.f}, {1.5f, 0.f, 0.f}};
    m.normals.assign(5, glm::vec3(0.f, 0.f, 1.f));
    m.indices = {0, 1, 2, 2, 3, 4};
    m.weights.stride = 4;
    m.weights.joints = {2, 0, 0, 0, /**/ 0, 2, 0, 0, /**/ 0, 0, 0, 0, /**/ 0, 1, 0, 0, /**/ 1, 0, 0, 0};
    m.weights.weights = {1.f, 0, 0, 0, /**/ .6f, .4f, 0, 0, /**/ 1.f, 0, 0, 0, /**/ .6f, .4f, 0, 0, /**/ 1.f, 0, 0, 0};
    rig.meshes.push_back(m);
    EXPECT_FALSE(rig.validate());
    return rig;
}

} // namespace

TEST(WeightHealth, InfluenceCountsCountPositiveWeights)
{
    EXPECT_EQ(model::influenceCounts(test::fourVertexSkinRig().meshes[0].weights),
              (std::vector<std::uint8_t>{1, 2, 2, 1}));
}

TEST(WeightHealth, SymmetryErrorIsZeroOnASymmetricMeshAndThePerturbationOnAPerturbedOne)
{
    model::Rig rig = symmetricRig();
    std::vector<float> errors = model::symmetryErrors(rig, 0);
    ASSERT_EQ(errors.size(), 5u);
    for (float e : errors)
        EXPECT_NEAR(e, 0.f, 1e-6f);
    // Vertex 3 (+0.5): root .5, arm_L .5 instead of .6 / .4; its twin, vertex 1, keeps .6 / .4.
    rig.meshes[0].weights.weights[12] = .5f;
    rig.meshes[0].weights.weights[13] = .5f;
    errors = model::symmetryErrors(rig, 0);
    EXPECT_NEAR(errors[3], .1f, 1e-6f);
    EXPECT_NEAR(errors[1], .1f, 1e-6f) << "the twin sees the same difference";
    EXPECT_NEAR(errors[0], 0.f, 1e-6f);
    EXPECT_NEAR(errors[2], 0.f, 1e-6f) << "on the plane, its own mirror";

    const model::WeightHealth health =
        model::checkWeightHealth(rig, model::deformMask(rig, {}), {.maxInfluences = 1, .symmetryTolerance = .05f});
    ASSERT_EQ(health.perMesh.size(), 1u);
    EXPECT_EQ(health.perMesh[0].asymmetric, (std::vector<std::uint32_t>{1, 3}));
    EXPECT_EQ(health.perMesh[0].overInfluences, (std::vector<std::uint32_t>{1, 3}));
    EXPECT_NEAR(health.perMesh[0].largestSymmetryError, .1f, 1e-6f);
    EXPECT_EQ(health.perMesh[0].mostInfluences, 2);
    EXPECT_EQ(health.weightless(), 0u);
    EXPECT_EQ(health.unnormalised(), 0u);
}

TEST(WeightHealth, TheSummaryFindsWeightlessUnnormalisedAndBonesOutOfStep)
{
    model::Rig rig = symmetricRig();
    rig.meshes[0].weights.weights[4] = .7f;   // vertex 1 sums to 1.1
    rig.meshes[0].weights.weights[16] = 0.f;  // vertex 4 has no weight: arm_L now weights nothing
    std::vector<std::uint8_t> deform = model::deformMask(rig, {});
    deform[2] = 0;  // arm_R flagged non-deforming, yet weighted
    const model::WeightHealth health = model::checkWeightHealth(rig, deform, {.symmetry = false});
    EXPECT_EQ(health.perMesh[0].weightless, (std::vector<std::uint32_t>{4}));
    EXPECT_EQ(health.perMesh[0].unnormalised, (std::vector<std::uint32_t>{1}));
    EXPECT_EQ(health.nonDeformingWithWeights, (std::vector<anim::JointIndex>{2}));
    EXPECT_TRUE(health.perMesh[0].asymmetric.empty()) << "symmetry off";
    model::Rig unweighted = symmetricRig();
    unweighted.meshes[0].weights.weights[16] = 0.f;
    unweighted.meshes[0].weights.weights[12] = 1.f;  // vertex 3 all root
    unweighted.meshes[0].weights.weights[13] = 0.f;
    const model::WeightHealth none = model::checkWeightHealth(unweighted, model::deformMask(symmetricRig(), {}), {});
    EXPECT_EQ(none.deformingWithoutWeights, (std::vector<anim::JointIndex>{1})) << "arm_L deforms but weights nothing";
}
