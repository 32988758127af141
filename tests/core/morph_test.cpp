// SPDX-License-Identifier: MIT
// Morph targets: the weights a track gives (glTF's STEP, LINEAR and
// CUBICSPLINE), displacements applied before skinning, and the pose
// pipeline's weights (defaults, a clip's keys, a blend toward another clip).
#include "core/anim/morph_track.h"
#include "core/model/pose_pipeline.h"
#include "glm_expect.h"
#include "tiny_rigs.h"

#include <gtest/gtest.h>

#include <limits>
#include <vector>

using namespace marrow;

namespace {

anim::MorphTrack twoTargets(anim::Interpolation mode)
{
    anim::MorphTrack t;
    t.interpolation = mode;
    t.times = {1.f, 3.f};
    if (mode == anim::Interpolation::CubicSpline)  // in, value, out per key
        t.values = {0.f, 0.f, 0.2f, 0.4f, 0.5f, 0.f, /* key 1 */ -0.5f, 0.f, 1.f, 0.8f, 0.f, 0.f};
    else
        t.values = {0.2f, 0.4f, 1.f, 0.8f};
    return t;
}

std::vector<float> at(const anim::MorphTrack& t, float time)
{
    std::vector<float> w(2, -1.f);
    anim::sampleMorphTrack(t, time, w);
    return w;
}

// The four-vertex skin with a morph target that lifts every vertex by 1 in Z.
model::Rig morphedRig(float defaultWeight)
{
    model::Rig rig = test::fourVertexSkinRig();
    mesh::Mesh& m = rig.meshes[0];
    m.morphTargets.push_back({"Lift", std::vector<glm::vec3>(m.vertexCount(), glm::vec3(0, 0, 1)), {}});
    m.morphWeights = {defaultWeight};
    return rig;
}

anim::Clip clipKeyingLift(const std::string& name, std::vector<float> times, std::vector<float> weights)
{
    anim::Clip c;
    c.name = name;
    c.morphTracks.push_back({0, anim::Interpolation::Linear, std::move(times), std::move(weights)});
    c.updateDuration();
    return c;
}

} // namespace

TEST(MorphTrack, LinearStepAndCubicFollowTheGltfSampler)
{
    const anim::MorphTrack linear = twoTargets(anim::Interpolation::Linear);
    EXPECT_EQ(linear.targetCount(), 2u);
    EXPECT_FALSE(linear.validate(2));
    EXPECT_EQ(at(linear, 0.f), (std::vector<float>{0.2f, 0.4f})) << "clamped before the first key";
    EXPECT_EQ(at(linear, 9.f), (std::vector<float>{1.f, 0.8f})) << "clamped after the last";
    const std::vector<float> mid = at(linear, 2.f);
    EXPECT_NEAR(mid[0], 0.6f, 1e-6f);
    EXPECT_NEAR(mid[1], 0.6f, 1e-6f);
    EXPECT_EQ(at(twoTargets(anim::Interpolation::Step), 2.9f), (std::vector<float>{0.2f, 0.4f}));
    // Hermite at s = 1/2 over dt = 2: (p0 + p1)/2 + dt/8 (m0 - m1).
    const anim::MorphTrack cubic = twoTargets(anim::Interpolation::CubicSpline);
    EXPECT_FALSE(cubic.validate(2));
    EXPECT_EQ(cubic.targetCount(), 2u);
    const std::vector<float> c = at(cubic, 2.f);
    EXPECT_NEAR(c[0], 0.5f * (0.2f + 1.f) + 2.f / 8.f * (0.5f - -0.5f), 1e-6f);
    EXPECT_NEAR(c[1], 0.5f * (0.4f + 0.8f), 1e-6f);
    EXPECT_EQ(at(cubic, 3.f), (std::vector<float>{1.f, 0.8f}));
}

TEST(MorphTrack, ValidateNamesWhatIsWrong)
{
    anim::MorphTrack t = twoTargets(anim::Interpolation::Linear);
    EXPECT_TRUE(t.validate(3)) << "3 weights per key expected, 2 given";
    t.times = {3.f, 1.f};
    ASSERT_TRUE(t.validate(2));
    EXPECT_NE(t.validate(2)->find("decrease"), std::string::npos);
    t = twoTargets(anim::Interpolation::Linear);
    t.values[1] = std::numeric_limits<float>::quiet_NaN();
    EXPECT_TRUE(t.validate(2));
}

TEST(MorphTargets, DisplacementsAddWeightedAndNormalsOnlyFromTargetsThatHaveThem)
{
    const std::vector<glm::vec3> base = {{0, 0, 0}, {1, 0, 0}};
    std::vector<mesh::MorphTarget> targets = {{"a", {{0, 1, 0}, {0, 2, 0}}, {}}, {"b", {{1, 0, 0}, {0, 0, 0}}, {{0, 0, 1}, {0, 0, 1}}}};
    std::vector<glm::vec3> out(2);
    mesh::applyMorphTargets(base, targets, std::vector<float>{0.5f, 2.f}, false, out);
    EXPECT_EQ(out[0], glm::vec3(2, 0.5f, 0));
    EXPECT_EQ(out[1], glm::vec3(1, 1, 0));
    mesh::applyMorphTargets(base, targets, std::vector<float>{0.5f, 2.f}, true, out);
    EXPECT_EQ(out[0], glm::vec3(0, 0, 2)) << "only b has normal displacements";
    EXPECT_FALSE(mesh::validateMorphTargets(targets, std::vector<float>{0.f, 0.f}, 2));
    EXPECT_TRUE(mesh::validateMorphTargets(targets, std::vector<float>{0.f}, 2)) << "one weight per target";
    EXPECT_TRUE(mesh::validateMorphTargets(targets, std::vector<float>{0.f, 0.f}, 3)) << "one displacement per vertex";
}

TEST(MorphPose, TheDefaultWeightMorphsTheRestPoseBeforeSkinning)
{
    const model::Rig rig = morphedRig(0.25f);
    ASSERT_FALSE(rig.validate());
    model::PosePipeline p(rig);
    std::vector<glm::vec3> posed(rig.meshes[0].vertexCount());
    ASSERT_TRUE(p.skinMesh(0, mesh::SkinningMethod::Linear, posed, {}));
    for (std::size_t v = 0; v < posed.size(); ++v)  // bound in the rest pose: skinning moves nothing
        EXPECT_VEC3_NEAR(posed[v], rig.meshes[0].positions[v] + glm::vec3(0, 0, 0.25f), 1e-6f);
}

TEST(MorphPose, AClipsKeysReplaceTheDefaultsAndABlendLerpsTowardTheOtherClip)
{
    model::Rig rig = morphedRig(0.25f);
    rig.clips.clear();
    rig.clips.push_back(clipKeyingLift("lift", {0.f, 1.f}, {0.f, 1.f}));
    anim::Clip still;
    still.name = "still";
    still.tracks.push_back({});
    still.tracks.back().translation.times = {0.f};
    still.tracks.back().translation.values = {rig.skeleton.rest[0].translation};
    still.updateDuration();
    rig.clips.push_back(still);
    ASSERT_FALSE(rig.validate());
    model::PosePipeline p(rig);
    ASSERT_TRUE(p.evaluate({.clip = 0, .time = 0.5}));
    EXPECT_FLOAT_EQ(p.morphWeights(0)[0], 0.5f);
    ASSERT_TRUE(p.evaluate({.clip = 1, .time = 0.0}));
    EXPECT_FLOAT_EQ(p.morphWeights(0)[0], 0.25f) << "a clip that does not key the weights gives the defaults";
    ASSERT_TRUE(p.evaluate({.clip = 0, .time = 1.0, .blendClip = 1, .blendTime = 0.0, .weight = 0.5f}));
    EXPECT_FLOAT_EQ(p.morphWeights(0)[0], 0.625f);
    std::vector<glm::vec3> posed(rig.meshes[0].vertexCount());
    ASSERT_TRUE(p.skinMesh(0, mesh::SkinningMethod::Linear, posed, {}));
    EXPECT_NEAR(posed[0].z - rig.meshes[0].positions[0].z, 0.625f, 1e-5f);
    ASSERT_TRUE(p.evaluate({}));
    EXPECT_FLOAT_EQ(p.morphWeights(0)[0], 0.25f) << "the rest pose keeps the defaults";
}

TEST(MorphPose, RigValidationNamesABadTrack)
{
    model::Rig rig = morphedRig(0.f);
    rig.clips.push_back(clipKeyingLift("bad", {0.f, 1.f}, {0.f, 1.f, 2.f}));
    ASSERT_TRUE(rig.validate());
    EXPECT_NE(rig.validate()->find("morph"), std::string::npos);
    rig.clips.back() = clipKeyingLift("far", {0.f}, {0.f});
    rig.clips.back().morphTracks[0].mesh = 7;
    EXPECT_NE(rig.validate()->find("out of range"), std::string::npos);
}

TEST(MorphPose, ThePipelineFollowsARigWhoseContentsAreReplacedInPlace)
{
    // A document replaces its rig's contents (a reopened file of the same
    // shape): the pipeline keeps its reference to the rig, and the meshes'
    // buffer is a new one (ASan caught the old view of it).
    model::Rig rig = morphedRig(0.25f);
    model::PosePipeline p(rig);
    rig = morphedRig(0.5f);
    ASSERT_TRUE(p.evaluate({}));
    EXPECT_FLOAT_EQ(p.morphWeights(0)[0], 0.5f);
    std::vector<glm::vec3> posed(rig.meshes[0].vertexCount());
    ASSERT_TRUE(p.skinMesh(0, mesh::SkinningMethod::Linear, posed, {}));
    EXPECT_NEAR(posed[0].z - rig.meshes[0].positions[0].z, 0.5f, 1e-5f);
}
