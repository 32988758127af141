// SPDX-License-Identifier: MIT
// Bone segments for bone heat (issue 20): by default a bone reaches each of
// its children (a hip bone both thighs and the spine); with Blender's
// segments it is one segment towards their centroid, as long as the nearest
// child is far, and a leaf continues its parent's segment (the bone
// Blender's glTF importer makes, so weights come out as Blender's).
#include "tiny_rigs.h"

#include "core/model/auto_weights.h"

#include <glm/geometric.hpp>
#include <gtest/gtest.h>

using namespace marrow;

namespace {

// hips (0, 1, 0) with children spine (+0.4 up), thigh_L (0.2, -0.1) and
// thigh_R (-0.2, -0.1); thigh_L has a leaf knee_L 0.4 below it. One skin of
// every joint, bound at rest, and a single triangle weighted to the hips
// (so every joint is a bone and the hips deform).
model::Rig hipRig()
{
    model::Rig rig;
    rig.skeleton.names = {"hips", "spine", "thigh_L", "thigh_R", "knee_L"};
    rig.skeleton.parents = {anim::kNoParent, 0, 0, 0, 2};
    rig.skeleton.rest = {test::trs({0.f, 1.f, 0.f}), test::trs({0.f, .4f, 0.f}), test::trs({.2f, -.1f, 0.f}),
                         test::trs({-.2f, -.1f, 0.f}), test::trs({0.f, -.4f, 0.f})};
    const std::vector<glm::vec3> at = {{0.f, 1.f, 0.f}, {0.f, 1.4f, 0.f}, {.2f, .9f, 0.f}, {-.2f, .9f, 0.f}, {.2f, .5f, 0.f}};
    model::Skin skin;
    for (std::size_t j = 0; j < at.size(); ++j) {
        skin.joints.push_back(static_cast<anim::JointIndex>(j));
        skin.inverseBind.push_back(glm::mat4(1.f));
        skin.inverseBind.back()[3] = glm::vec4(-at[j], 1.f);
    }
    rig.skins.push_back(skin);
    mesh::Mesh m;
    m.name = "patch";
    m.skin = 0;
    m.positions = {{0.f, 1.f, .1f}, {.1f, 1.f, .1f}, {0.f, 1.1f, .1f}};
    m.indices = {0, 1, 2};
    m.weights.stride = 4;
    for (int v = 0; v < 3; ++v) {
        m.weights.joints.insert(m.weights.joints.end(), {0, 0, 0, 0});
        m.weights.weights.insert(m.weights.weights.end(), {1.f, 0.f, 0.f, 0.f});
    }
    rig.meshes.push_back(m);
    return rig;
}

void expectNear(glm::vec3 a, glm::vec3 b, const char* what)
{
    EXPECT_LT(glm::length(a - b), 1e-5f) << what << ": (" << a.x << ", " << a.y << ", " << a.z << ") vs (" << b.x
                                         << ", " << b.y << ", " << b.z << ")";
}

} // namespace

TEST(BoneSegments, EachChildGivesTheHipsASegmentToEveryChild)
{
    const model::Rig rig = hipRig();
    const std::vector<std::uint8_t> deform(5, 1);
    std::vector<std::uint16_t> skinJoints;
    const auto sources = model::boneHeatSources(rig, 0, deform, skinJoints, model::BoneSegments::EachChild);
    ASSERT_EQ(sources.size(), 5u);
    ASSERT_EQ(sources[0].segments.size(), 3u) << "the hips reach the spine and both thighs";
    expectNear(sources[0].segments[1].tail, {.2f, .9f, 0.f}, "hips to thigh_L");
    // The leaf knee_L continues thigh_L -> knee_L for the same length.
    ASSERT_EQ(sources[4].segments.size(), 1u);
    expectNear(sources[4].segments[0].tail, {.2f, .1f, 0.f}, "knee_L's tail");
}

TEST(BoneSegments, BlenderGivesOneSegmentToTheChildrenCentroidAndLeavesContinueIt)
{
    const model::Rig rig = hipRig();
    const std::vector<std::uint8_t> deform(5, 1);
    std::vector<std::uint16_t> skinJoints;
    const auto sources = model::boneHeatSources(rig, 0, deform, skinJoints, model::BoneSegments::Blender);
    ASSERT_EQ(sources.size(), 5u);
    ASSERT_EQ(sources[0].segments.size(), 1u);
    // Children offsets (0, .4), (.2, -.1), (-.2, -.1): centroid straight up;
    // the nearest child is a thigh, sqrt(.05) away.
    const float nearest = std::sqrt(.05f);
    expectNear(sources[0].segments[0].head, {0.f, 1.f, 0.f}, "hips' head");
    expectNear(sources[0].segments[0].tail, {0.f, 1.f + nearest, 0.f}, "hips' tail");
    // thigh_L has one child: its segment ends on it.
    expectNear(sources[2].segments[0].tail, {.2f, .5f, 0.f}, "thigh_L's tail");
    // The leaf spine continues the hips' segment (up, the same length).
    expectNear(sources[1].segments[0].tail, {0.f, 1.4f + nearest, 0.f}, "spine's tail");
    // The leaf thigh_R continues the hips' segment too, not hips -> thigh_R.
    expectNear(sources[3].segments[0].tail, {-.2f, .9f + nearest, 0.f}, "thigh_R's tail");
}

TEST(BoneSegments, BlenderSegmentsMoveThePelvisFromTheHipsToTheThighs)
{
    model::Rig rig = hipRig();
    // A vertex between the hips and thigh_L, on the hips -> thigh_L line.
    rig.meshes[0].positions = {{.14f, .93f, 0.f}, {.15f, .93f, .005f}, {.14f, .94f, .005f}};
    model::AutoWeightOptions options;
    options.deform.assign(5, 1);
    options.scope.maxInfluences = 4;
    const auto dominant = [](const model::AutoWeightResult& r) { return r.weights.jointRow(0)[0]; };
    const model::AutoWeightResult each = model::autoWeights(rig, 0, options);
    options.segments = model::BoneSegments::Blender;
    const model::AutoWeightResult blender = model::autoWeights(rig, 0, options);
    EXPECT_EQ(dominant(each), 0) << "on the hips -> thigh_L segment: the hips";
    EXPECT_EQ(dominant(blender), 2) << "the hips point up: thigh_L is nearest";
}
