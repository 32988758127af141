// SPDX-License-Identifier: MIT
#include "core/mesh/cpu_skinning_job.h"
#include "glm_expect.h"
#include "tiny_rigs.h"

#include <string>
#include <vector>

using namespace marrow;
using marrow::test::axisAngle;
using marrow::test::columns;

namespace {
const glm::vec3 kSentinel(-7.f, -7.f, -7.f);

glm::mat4 translation(glm::vec3 t)
{
    return columns({1, 0, 0}, {0, 1, 0}, {0, 0, 1}, t);
}

glm::mat4 scaling(glm::vec3 s)
{
    return columns({s.x, 0, 0}, {0, s.y, 0}, {0, 0, s.z}, {0, 0, 0});
}

// Owns the inputs of one skinning run so each test only states what differs.
struct Skin {
    int stride = 4;
    std::vector<glm::vec3> positions, normals;
    std::vector<std::uint16_t> joints;
    std::vector<float> weights;
    std::vector<glm::mat4> palette;
    std::vector<math::ScaledDualQuat> dqs;
    std::vector<glm::vec3> outPositions, outNormals;

    // pivots: each joint's bind position (the scale map's fixed point); origins when empty.
    void setPalette(std::vector<glm::mat4> p, const std::vector<glm::vec3>& pivots = {})
    {
        palette = std::move(p);
        dqs.clear();
        for (std::size_t k = 0; k < palette.size(); ++k)
            dqs.push_back(math::splitSkinningMatrix(palette[k], pivots.empty() ? glm::vec3(0.f) : pivots[k]));
    }

    mesh::CpuSkinningJob job(mesh::SkinningMethod method)
    {
        outPositions.assign(positions.size(), kSentinel);
        outNormals.assign(normals.size(), kSentinel);
        mesh::CpuSkinningJob j;
        j.method = method;
        j.stride = stride;
        j.positions = positions;
        j.normals = normals;
        j.joints = joints;
        j.weights = weights;
        j.palette = palette;
        j.dualQuats = dqs;
        j.outPositions = outPositions;
        j.outNormals = outNormals;
        return j;
    }
};

// One vertex at (1,0,0): .75 on joint 1 (rotate 90 about Z), .25 on joint 0 (move +X).
Skin quarterThreeQuarters()
{
    Skin s;
    s.positions = {{1, 0, 0}};
    s.normals = {{0, 0, 1}};
    s.joints = {1, 0, 0, 0};
    s.weights = {.75f, .25f, 0.f, 0.f};
    s.setPalette({translation({1, 0, 0}), glm::mat4_cast(axisAngle({0, 0, 1}, 90.f))});
    return s;
}
} // namespace

TEST(JobValidity, CpuSkinningJob)
{
    using mesh::SkinningMethod;
    struct Case {
        const char* why;
        void (*breakIt)(Skin&, mesh::CpuSkinningJob&);
    };
    const Case cases[] = {
        {"stride 3", [](Skin&, mesh::CpuSkinningJob& j) { j.stride = 3; }},
        {"stride 0", [](Skin&, mesh::CpuSkinningJob& j) { j.stride = 0; }},
        {"stride 8 with stride-4 rows", [](Skin&, mesh::CpuSkinningJob& j) { j.stride = 8; }},
        {"joints short", [](Skin&, mesh::CpuSkinningJob& j) { j.joints = j.joints.first(3); }},
        {"weights short", [](Skin&, mesh::CpuSkinningJob& j) { j.weights = j.weights.first(3); }},
        {"joints and weights both short", [](Skin&, mesh::CpuSkinningJob& j) {
             j.joints = j.joints.first(0);
             j.weights = j.weights.first(0);
         }},
        {"outPositions short", [](Skin&, mesh::CpuSkinningJob& j) { j.outPositions = j.outPositions.first(0); }},
        {"normals short", [](Skin&, mesh::CpuSkinningJob& j) { j.normals = j.normals.first(0); }},
        {"outNormals missing", [](Skin&, mesh::CpuSkinningJob& j) { j.outNormals = {}; }},
        {"outNormals without normals", [](Skin&, mesh::CpuSkinningJob& j) { j.normals = {}; }},
        {"linear without palette", [](Skin&, mesh::CpuSkinningJob& j) { j.palette = {}; }},
        {"dual quaternion without dualQuats", [](Skin&, mesh::CpuSkinningJob& j) {
             j.method = SkinningMethod::DualQuaternion;
             j.dualQuats = {};
         }},
    };
    for (const Case& c : cases) {
        Skin s = quarterThreeQuarters();
        mesh::CpuSkinningJob job = s.job(SkinningMethod::Linear);
        c.breakIt(s, job);
        EXPECT_TRUE(job.validate()) << c.why;
        EXPECT_FALSE(job.run()) << c.why;
        EXPECT_EQ(s.outPositions[0], kSentinel) << c.why;
        EXPECT_EQ(s.outNormals[0], kSentinel) << c.why;
    }
    // The valid forms: with or without normals; DQS needs no palette, LBS no dual quats.
    Skin s = quarterThreeQuarters();
    EXPECT_FALSE(s.job(SkinningMethod::Linear).validate());
    mesh::CpuSkinningJob noNormals = s.job(SkinningMethod::Linear);
    noNormals.normals = {};
    noNormals.outNormals = {};
    EXPECT_FALSE(noNormals.validate());
    mesh::CpuSkinningJob dqOnly = s.job(SkinningMethod::DualQuaternion);
    dqOnly.palette = {};
    EXPECT_FALSE(dqOnly.validate());
    mesh::CpuSkinningJob lbsOnly = s.job(SkinningMethod::Linear);
    lbsOnly.dualQuats = {};
    EXPECT_FALSE(lbsOnly.validate());
    EXPECT_TRUE(mesh::CpuSkinningJob{}.run());
}

TEST(CpuSkinningJob, LinearBlendOfTwoKnownMatrices)
{
    // .25 * T(1,0,0)(1,0,0) + .75 * R90z(1,0,0) = .25 (2,0,0) + .75 (0,1,0).
    Skin s = quarterThreeQuarters();
    ASSERT_TRUE(s.job(mesh::SkinningMethod::Linear).run());
    EXPECT_VEC3_NEAR(s.outPositions[0], glm::vec3(.5f, .75f, 0), 1e-6f);
    // Both matrices keep +Z: the normal stays +Z.
    EXPECT_VEC3_NEAR(s.outNormals[0], glm::vec3(0, 0, 1), 1e-6f);
}

TEST(CpuSkinningJob, NormalsStayPerpendicularUnderNonUniformScale)
{
    // A surface with tangent (1,1,0) and normal (1,-1,0), scaled by (2,1,1):
    // the tangent becomes (2,1,0) and the normal (1,-2,0)/sqrt(5).
    const float r = std::sqrt(.5f);
    Skin s;
    s.positions = {{0, 0, 0}, {1, 1, 0}};
    s.normals = {{r, -r, 0}, {r, -r, 0}};
    s.joints = {0, 0, 0, 0, /**/ 0, 1, 0, 0};
    // Vertex 1 blends S(2,1,1) and S(1,3,1) half and half: diag(1.5, 2, 1),
    // tangent (1.5, 2, 0), normal along (1/1.5, -1/2, 0) = (4,-3,0)/5.
    s.weights = {1.f, 0.f, 0.f, 0.f, /**/ .5f, .5f, 0.f, 0.f};
    s.setPalette({scaling({2, 1, 1}), scaling({1, 3, 1})});
    ASSERT_TRUE(s.job(mesh::SkinningMethod::Linear).run());
    const float inv5 = 1.f / std::sqrt(5.f);
    EXPECT_VEC3_NEAR(s.outNormals[0], glm::vec3(inv5, -2.f * inv5, 0), 1e-6f);
    EXPECT_NEAR(glm::dot(s.outNormals[0], glm::vec3(2, 1, 0)), 0.f, 1e-6f);
    EXPECT_VEC3_NEAR(s.outNormals[1], glm::vec3(.8f, -.6f, 0), 1e-6f);
    EXPECT_NEAR(glm::dot(s.outNormals[1], glm::vec3(1.5f, 2, 0)), 0.f, 1e-6f);
    EXPECT_VEC3_NEAR(s.outPositions[1], glm::vec3(1.5f, 2, 0), 1e-6f);
}

TEST(CpuSkinningJob, NormalsUnderMirrorPointOutward)
{
    // A mirror in X flips an X-facing normal (inverse transpose of diag(-1,1,1)).
    Skin s;
    s.positions = {{1, 0, 0}};
    s.normals = {{1, 0, 0}};
    s.joints = {0, 0, 0, 0};
    s.weights = {1.f, 0.f, 0.f, 0.f};
    s.setPalette({scaling({-1, 1, 1})});
    ASSERT_TRUE(s.job(mesh::SkinningMethod::Linear).run());
    EXPECT_VEC3_NEAR(s.outPositions[0], glm::vec3(-1, 0, 0), 0.f);
    EXPECT_VEC3_NEAR(s.outNormals[0], glm::vec3(-1, 0, 0), 1e-6f);
}

TEST(CpuSkinningJob, LinearEqualsDualQuaternionForPureTranslations)
{
    Skin s;
    s.positions = {{0, 0, 0}, {1, 2, 3}, {-4, .5f, 2}};
    s.normals = {{0, 1, 0}, {1, 0, 0}, {0, 0, -1}};
    s.joints = {0, 0, 0, 0, /**/ 1, 0, 0, 0, /**/ 2, 1, 0, 0};
    s.weights = {1.f, 0.f, 0.f, 0.f, /**/ .7f, .3f, 0.f, 0.f, /**/ .5f, .3f, .2f, 0.f};
    s.setPalette({translation({1, 2, 3}), translation({-1, 0, 5}), translation({0, -3, 0})});
    ASSERT_TRUE(s.job(mesh::SkinningMethod::Linear).run());
    const std::vector<glm::vec3> lbs = s.outPositions, lbsN = s.outNormals;
    ASSERT_TRUE(s.job(mesh::SkinningMethod::DualQuaternion).run());
    for (std::size_t v = 0; v < 3; ++v) {
        EXPECT_VEC3_NEAR(s.outPositions[v], lbs[v], 1e-5f);
        EXPECT_VEC3_NEAR(s.outNormals[v], lbsN[v], 1e-6f);
        EXPECT_VEC3_NEAR(s.outNormals[v], s.normals[v], 1e-6f);
    }
    // Hand value for vertex 1: (1,2,3) + .7 (-1,0,5) + .3 (1,2,3).
    EXPECT_VEC3_NEAR(lbs[1], glm::vec3(.6f, 2.6f, 7.4f), 1e-5f);
}

TEST(CpuSkinningJob, DualQuaternionKeepsLengthWhereLinearShrinks)
{
    // Half on the identity, half on 90 degrees about X, at distance 1 from the
    // axis: LBS averages (0,1,0) and (0,0,1) to (0,.5,.5), length sqrt(.5);
    // DQS rotates 45 degrees to (0, sqrt(.5), sqrt(.5)), length 1.
    Skin s;
    s.positions = {{0, 1, 0}};
    s.joints = {0, 1, 0, 0};
    s.weights = {.5f, .5f, 0.f, 0.f};
    s.setPalette({glm::mat4(1.f), glm::mat4_cast(axisAngle({1, 0, 0}, 90.f))});
    ASSERT_TRUE(s.job(mesh::SkinningMethod::Linear).run());
    EXPECT_VEC3_NEAR(s.outPositions[0], glm::vec3(0, .5f, .5f), 1e-6f);
    EXPECT_NEAR(glm::length(s.outPositions[0]), std::sqrt(.5f), 1e-6f);
    ASSERT_TRUE(s.job(mesh::SkinningMethod::DualQuaternion).run());
    const float h = std::sqrt(.5f);
    EXPECT_VEC3_NEAR(s.outPositions[0], glm::vec3(0, h, h), 1e-6f);
    EXPECT_NEAR(glm::length(s.outPositions[0]), 1.f, 1e-6f);
}

TEST(CpuSkinningJob, DualQuaternionAlignsSignsOfEquivalentRotations)
{
    // q and -q are one rotation; blending them must not cancel.
    Skin s;
    s.positions = {{0, 1, 0}};
    s.normals = {{0, 0, 1}};
    s.joints = {0, 1, 0, 0};
    s.weights = {.5f, .5f, 0.f, 0.f};
    const glm::mat4 m = translation({0, 0, 2}) * glm::mat4_cast(axisAngle({1, 0, 0}, 90.f));
    s.setPalette({m, m});
    s.dqs[1].rigid.real = -s.dqs[1].rigid.real;
    s.dqs[1].rigid.dual = -s.dqs[1].rigid.dual;
    ASSERT_TRUE(s.job(mesh::SkinningMethod::DualQuaternion).run());
    EXPECT_VEC3_NEAR(s.outPositions[0], glm::vec3(0, 0, 3), 1e-6f);
    EXPECT_VEC3_NEAR(s.outNormals[0], glm::vec3(0, -1, 0), 1e-6f);
}

TEST(CpuSkinningJob, StrideEightUsesAllInfluences)
{
    // Five equal influences on T(1..5, 0, 0): the mean moves by 3 along X; the
    // second vertex uses only its first influence and its row's padding.
    Skin s;
    s.stride = 8;
    s.positions = {{0, 1, 0}, {0, 0, 1}};
    s.joints = {0, 1, 2, 3, 4, 0, 0, 0, /**/ 4, 0, 0, 0, 0, 0, 0, 0};
    s.weights = {.2f, .2f, .2f, .2f, .2f, 0.f, 0.f, 0.f, /**/ 1.f, 0.f, 0.f, 0.f, 0.f, 0.f, 0.f, 0.f};
    s.setPalette({translation({1, 0, 0}), translation({2, 0, 0}), translation({3, 0, 0}), translation({4, 0, 0}),
                  translation({5, 0, 0})});
    for (mesh::SkinningMethod method : {mesh::SkinningMethod::Linear, mesh::SkinningMethod::DualQuaternion}) {
        ASSERT_TRUE(s.job(method).run());
        EXPECT_VEC3_NEAR(s.outPositions[0], glm::vec3(3, 1, 0), 1e-5f);
        EXPECT_VEC3_NEAR(s.outPositions[1], glm::vec3(5, 0, 1), 1e-6f);
    }
}

TEST(CpuSkinningJob, JointPastThePaletteIsClampedToTheLast)
{
    Skin s;
    s.positions = {{0, 0, 0}};
    s.joints = {9, 0, 0, 0};
    s.weights = {1.f, 0.f, 0.f, 0.f};
    s.setPalette({translation({1, 0, 0}), translation({0, 2, 0})});
    for (mesh::SkinningMethod method : {mesh::SkinningMethod::Linear, mesh::SkinningMethod::DualQuaternion}) {
        ASSERT_TRUE(s.job(method).run());
        EXPECT_VEC3_NEAR(s.outPositions[0], glm::vec3(0, 2, 0), 1e-6f);
    }
}

namespace {
// Skinning matrices with scale, shear, a mirror and a flattened axis, each
// with rotation and translation (the first is spine3's scale in the sample).
std::vector<glm::mat4> scaledMatrices()
{
    const glm::mat4 r = glm::mat4_cast(axisAngle({1, 2, 3}, 50.f));
    const glm::mat4 shear = columns({1, 0, 0}, {.4f, 1, 0}, {0, 0, 1}, {0, 0, 0});
    return {
        translation({.5f, 1.3f, -.2f}) * r * scaling({1.16f, .96f, 1.18f}),
        translation({-2, 0, 1}) * r * shear * scaling({2, .5f, 1}),
        translation({0, 1, 0}) * r * scaling({-1, 1, 1}),  // mirrored: negative determinant
        translation({1, 0, 0}) * r * scaling({0, 1, 1}),   // flattened: zero scale
        translation({0, 0, 3}) * scaling(glm::vec3(3.f)),  // uniform
    };
}

const std::vector<glm::vec3> kPoints = {{0, 0, 0}, {1, 0, 0}, {0, 2, 0}, {-.5f, .3f, 1.5f}, {2, -1, .25f}};
const std::vector<glm::vec3> kNormals = {{0, 1, 0}, {1, 0, 0}, {0, 0, 1}, {.6f, 0, .8f}, {0, .8f, -.6f}};
// Bind positions away from the origin: the split must be exact about any pivot.
const std::vector<glm::vec3> kPivots = {{0, 1.3f, 0}, {1, -2, .5f}, {-3, 0, 2}, {.2f, .2f, .2f}, {0, 0, 0}};
} // namespace

TEST(CpuSkinningJob, DualQuaternionWithOneInfluenceIsExactlyTheSkinningMatrix)
{
    // Every point on one joint: DQS must give M p and LBS's normal, scale included.
    const std::vector<glm::mat4> mats = scaledMatrices();
    Skin s;
    for (std::size_t k = 0; k < mats.size(); ++k)
        for (std::size_t i = 0; i < kPoints.size(); ++i) {
            s.positions.push_back(kPoints[i]);
            s.normals.push_back(kNormals[i]);
            s.joints.insert(s.joints.end(), {static_cast<std::uint16_t>(k), 0, 0, 0});
            s.weights.insert(s.weights.end(), {1.f, 0.f, 0.f, 0.f});
        }
    s.setPalette(mats, kPivots);
    ASSERT_TRUE(s.job(mesh::SkinningMethod::Linear).run());
    const std::vector<glm::vec3> lbsNormals = s.outNormals;
    ASSERT_TRUE(s.job(mesh::SkinningMethod::DualQuaternion).run());
    for (std::size_t v = 0; v < s.positions.size(); ++v) {
        SCOPED_TRACE("joint " + std::to_string(v / kPoints.size()) + " vertex " + std::to_string(v));
        const glm::vec3 expected(mats[v / kPoints.size()] * glm::vec4(s.positions[v], 1.f));
        EXPECT_VEC3_NEAR(s.outPositions[v], expected, 2e-5f);
        EXPECT_VEC3_NEAR(s.outNormals[v], lbsNormals[v], 2e-5f);
    }
}

TEST(CpuSkinningJob, DualQuaternionEqualsLinearWhenInfluencesShareOneTransform)
{
    // Three joints with one matrix (a child not moving against its parent)
    // but different bind positions, weights .5/.3/.2: the blend is that matrix.
    for (const glm::mat4& m : scaledMatrices()) {
        Skin s;
        s.positions = kPoints;
        s.normals = kNormals;
        for (std::size_t v = 0; v < kPoints.size(); ++v) {
            s.joints.insert(s.joints.end(), {2, 0, 1, 0});
            s.weights.insert(s.weights.end(), {.5f, .3f, .2f, 0.f});
        }
        s.setPalette({m, m, m}, {kPivots[0], kPivots[1], kPivots[2]});
        ASSERT_TRUE(s.job(mesh::SkinningMethod::Linear).run());
        const std::vector<glm::vec3> lbs = s.outPositions, lbsNormals = s.outNormals;
        ASSERT_TRUE(s.job(mesh::SkinningMethod::DualQuaternion).run());
        for (std::size_t v = 0; v < kPoints.size(); ++v) {
            SCOPED_TRACE("vertex " + std::to_string(v));
            EXPECT_VEC3_NEAR(s.outPositions[v], lbs[v], 2e-5f);
            EXPECT_VEC3_NEAR(s.outNormals[v], lbsNormals[v], 2e-5f);
        }
    }
}
