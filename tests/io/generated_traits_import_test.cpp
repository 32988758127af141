// SPDX-License-Identifier: MIT
// The generated real-asset traits (issue 36; tools/make_sample_character.py
// --soldier and --static) are really in the files as the importer reads them:
// the soldier's props are separate meshes each wholly on one bone, its spear
// straight and longer than the body is tall, its flat-shaded body holds a
// buckle shell wholly on the hips, and its walk has keys between 24 fps
// frames while most lie on them; the static mesh's node is scaled
// non-uniformly and moved under a scaled parent, and binding it to its rig
// keeps it where it stood.
#include "core/io/model_import.h"
#include "core/math/transform.h"
#include "core/model/mesh_bind_rigs.h"
#include "generated_models.h"
#include "pose_worlds.h"

#include "rig_lookup.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <set>
#include <string>

namespace marrow {
namespace {

using test::jointNamed;
using test::meshNamed;

struct Box {
    glm::vec3 lo{1e30f}, hi{-1e30f};
    void add(glm::vec3 p)
    {
        lo = glm::min(lo, p);
        hi = glm::max(hi, p);
    }
    glm::vec3 size() const { return hi - lo; }
};

Box boxOf(const std::vector<glm::vec3>& points)
{
    Box b;
    for (glm::vec3 p : points)
        b.add(p);
    return b;
}

// The skeleton joints a skinned mesh's rows put any weight on.
std::set<int> influencingJoints(const model::Rig& rig, const mesh::Mesh& m)
{
    std::set<int> out;
    const model::Skin& skin = rig.skins[static_cast<std::size_t>(m.skin)];
    for (std::size_t v = 0; v < m.weights.vertexCount(); ++v)
        for (int k = 0; k < m.weights.stride; ++k)
            if (m.weights.weightRow(v)[static_cast<std::size_t>(k)] > 0.f)
                out.insert(skin.joints[m.weights.jointRow(v)[static_cast<std::size_t>(k)]]);
    return out;
}

class SoldierSample : public ::testing::Test {
protected:
    static void SetUpTestSuite()
    {
        s_result = new io::ImportResult(io::importModel(test::generatedModel("marrow_character_soldier.gltf")));
    }
    static void TearDownTestSuite()
    {
        delete s_result;
        s_result = nullptr;
    }
    void SetUp() override { ASSERT_TRUE(s_result->ok) << s_result->error; }
    const model::Rig& rig() const { return s_result->rig; }
    static io::ImportResult* s_result;
};
io::ImportResult* SoldierSample::s_result = nullptr;

TEST_F(SoldierSample, PropsAreSeparateMeshesEachWhollyOnOneBone)
{
    const std::pair<const char*, const char*> props[] = {{"Helmet", "Head"}, {"Shield", "LowerArm.L"}, {"Spear", "Hand.R"}};
    for (const auto& [prop, bone] : props) {
        const mesh::Mesh* m = meshNamed(rig(), prop);
        ASSERT_NE(m, nullptr) << prop;
        ASSERT_TRUE(m->skinned()) << prop;
        EXPECT_EQ(influencingJoints(rig(), *m), std::set<int>{jointNamed(rig(), bone)}) << prop << " on " << bone;
        for (std::size_t v = 0; v < m->weights.vertexCount(); ++v)
            ASSERT_FLOAT_EQ(m->weights.weightRow(v)[0], 1.f) << prop << " vertex " << v;
    }
    const mesh::Mesh* body = meshNamed(rig(), "Body");
    ASSERT_NE(body, nullptr);
    EXPECT_GE(influencingJoints(rig(), *body).size(), 20u) << "the body is smoothly skinned over the skeleton";
    std::size_t total = 0;
    for (const mesh::Mesh& m : rig().meshes)
        total += m.vertexCount();
    EXPECT_LE(total, 6000u) << "small enough for an operation matrix";
}

TEST_F(SoldierSample, ThePropsSitOnTheirBones)
{
    const std::vector<glm::mat4> rest = test::worldsOf(rig().skeleton, rig().skeleton.rest);
    const auto at = [&](const char* joint) { return glm::vec3(rest[static_cast<std::size_t>(jointNamed(rig(), joint))][3]); };
    const Box helmet = boxOf(meshNamed(rig(), "Helmet")->positions);
    const Box shield = boxOf(meshNamed(rig(), "Shield")->positions);
    EXPECT_GT(helmet.hi.y, at("Head").y + 0.15f) << "the helmet covers the head";
    EXPECT_LT(std::abs(0.5f * (helmet.lo.x + helmet.hi.x)), 1e-3f) << "centred on the head";
    const glm::vec3 forearm = at("LowerArm.L"), hand = at("Hand.L");
    EXPECT_GT(0.5f * (shield.lo.x + shield.hi.x), forearm.x);
    EXPECT_LT(0.5f * (shield.lo.x + shield.hi.x), hand.x) << "the shield is on the left forearm";
    EXPECT_GT(shield.size().x, 0.4f);
    EXPECT_LT(shield.size().z, 0.1f) << "a flat disc";
}

TEST_F(SoldierSample, TheSpearIsStraightLongAndThroughTheRightHand)
{
    const mesh::Mesh* spear = meshNamed(rig(), "Spear");
    const mesh::Mesh* body = meshNamed(rig(), "Body");
    ASSERT_NE(spear, nullptr);
    ASSERT_NE(body, nullptr);
    const float height = boxOf(body->positions).size().y;
    EXPECT_GT(height, 1.7f);
    EXPECT_LT(height, 1.9f);
    const Box b = boxOf(spear->positions);
    EXPECT_GE(b.size().z, 1.75f * height) << "about 1.8x the character's height, along +Z";
    // Straight: every vertex within its thickest part's radius of the axis line.
    const glm::vec2 axis(0.5f * (b.lo.x + b.hi.x), 0.5f * (b.lo.y + b.hi.y));
    for (glm::vec3 p : spear->positions)
        ASSERT_LT(glm::length(glm::vec2(p.x, p.y) - axis), 0.04f) << p.z;
    const std::vector<glm::mat4> rest = test::worldsOf(rig().skeleton, rig().skeleton.rest);
    const glm::vec3 hand(rest[static_cast<std::size_t>(jointNamed(rig(), "Hand.R"))][3]);
    EXPECT_LT(glm::length(glm::vec2(hand.x, hand.y) - axis), 0.1f) << "held in the right hand";
    EXPECT_LT(b.lo.z, hand.z);
    EXPECT_GT(b.hi.z, hand.z);
}

TEST_F(SoldierSample, TheBodyIsFlatShadedAndHoldsABuckleShellOnTheHips)
{
    const mesh::Mesh* body = meshNamed(rig(), "Body");
    ASSERT_NE(body, nullptr);
    EXPECT_EQ(body->vertexCount(), body->indices.size()) << "every triangle has its own three vertices";
    std::set<std::tuple<float, float, float>> distinct;
    for (glm::vec3 p : body->positions)
        distinct.insert({p.x, p.y, p.z});
    EXPECT_LT(distinct.size() * 3, body->vertexCount()) << "split: several vertices at each point";
    const int hips = jointNamed(rig(), "Hips");
    const model::Skin& skin = rig().skins[static_cast<std::size_t>(body->skin)];
    std::size_t buckle = 0;
    for (std::size_t v = 0; v < body->vertexCount(); ++v) {
        const bool wholeHips = body->weights.weightRow(v)[0] == 1.f && skin.joints[body->weights.jointRow(v)[0]] == hips;
        const glm::vec3 p = body->positions[v];
        if (wholeHips && p.z > 0.12f) {
            ++buckle;
            EXPECT_NEAR(p.y, 0.95f, 0.05f) << "at the belt";
            EXPECT_NEAR(p.x, 0.f, 0.05f);
        }
    }
    EXPECT_EQ(buckle, 36u) << "a box shell: 12 triangles, 3 vertices each";
}

TEST_F(SoldierSample, WalkHasKeysOffThe24FpsGridAndMostOnIt)
{
    ASSERT_EQ(rig().clips.size(), 2u);
    const auto keysOf = [&](const std::string& name, std::size_t& on, std::size_t& off) {
        const int c = rig().findClip(name);
        ASSERT_GE(c, 0) << name;
        on = off = 0;
        for (const anim::JointTrack& t : rig().clips[static_cast<std::size_t>(c)].tracks)
            for (float time : t.rotation.times) {
                const double frame = static_cast<double>(time) * 24.0;
                (std::abs(frame - std::round(frame)) < 1e-3 ? on : off) += 1;
            }
    };
    std::size_t on = 0, off = 0;
    keysOf("idle", on, off);
    EXPECT_GT(on, 0u);
    EXPECT_EQ(off, 0u) << "idle lies on the grid";
    keysOf("walk", on, off);
    EXPECT_GT(off, 0u) << "walk has keys between frames";
    EXPECT_GT(on, 9 * off) << "most of walk's keys lie on the grid";
    const anim::Clip& walk = rig().clips[static_cast<std::size_t>(rig().findClip("walk"))];
    const anim::JointTrack* hips = walk.findTrack(jointNamed(rig(), "Hips"));
    ASSERT_NE(hips, nullptr);
    const auto& times = hips->rotation.times;
    EXPECT_TRUE(std::any_of(times.begin(), times.end(), [](float t) { return std::abs(t - 0.51f) < 1e-6f; }));
}

TEST_F(SoldierSample, LeftAndRightBonesCarryDotLRNames)
{
    for (const char* name : {"UpperArm.L", "UpperArm.R", "LowerArm.L", "Hand.R", "UpperLeg.L", "Foot.R", "Hips", "Head"})
        EXPECT_GE(jointNamed(rig(), name), 0) << name;
}

// The static pair.
class StaticSample : public ::testing::Test {
protected:
    void SetUp() override
    {
        mesh = io::importModel(test::generatedModel("marrow_character_static.gltf"));
        rig = io::importModel(test::generatedModel("marrow_character_static_rig.gltf"));
        ASSERT_TRUE(mesh.ok) << mesh.error;
        ASSERT_TRUE(rig.ok) << rig.error;
        ASSERT_EQ(mesh.rig.meshes.size(), 1u);
    }
    // The static mesh's vertices where its node's rest world puts them.
    std::vector<glm::vec3> worldPositions(glm::mat4& node) const
    {
        const mesh::Mesh& m = mesh.rig.meshes[0];
        node = test::worldsOf(mesh.rig.skeleton, mesh.rig.skeleton.rest)[static_cast<std::size_t>(m.node)];
        std::vector<glm::vec3> out;
        for (glm::vec3 p : m.positions)
            out.emplace_back(node * glm::vec4(p, 1.f));
        return out;
    }
    io::ImportResult mesh, rig;
};

TEST_F(StaticSample, TheMeshNodeIsScaledNonUniformlyAndMovedUnderAScaledParent)
{
    const mesh::Mesh& m = mesh.rig.meshes[0];
    EXPECT_FALSE(m.skinned());
    const auto parent = mesh.rig.skeleton.parents[static_cast<std::size_t>(m.node)];
    ASSERT_NE(parent, anim::kNoParent);
    EXPECT_NE(mesh.rig.skeleton.rest[static_cast<std::size_t>(parent)].scale, glm::vec3(1.f)) << "the parent is scaled";
    glm::mat4 node;
    const std::vector<glm::vec3> world = worldPositions(node);
    const glm::vec3 scale(glm::length(glm::vec3(node[0])), glm::length(glm::vec3(node[1])), glm::length(glm::vec3(node[2])));
    EXPECT_NEAR(scale.x, 0.5f, 1e-6f);
    EXPECT_NEAR(scale.y, 1.0f, 1e-6f);
    EXPECT_NEAR(scale.z, 0.25f, 1e-6f);
    EXPECT_GT(glm::length(glm::vec3(node[3])), 0.1f) << "translated";
    // Stored stretched across (x / 0.5, z / 0.25), it stands as a 1.8 m figure in T-pose once placed.
    const Box stored = boxOf(m.positions), placed = boxOf(world);
    EXPECT_GT(stored.size().x, 3.f);
    EXPECT_NEAR(placed.size().y, 1.8f, 0.05f);
    EXPECT_NEAR(placed.size().x, 1.81f, 0.05f) << "arms outstretched";
    EXPECT_LT(placed.size().z, 0.5f);
}

TEST_F(StaticSample, BindingToItsRigKeepsTheMeshWhereItStood)
{
    glm::mat4 node;
    const std::vector<glm::vec3> world = worldPositions(node);
    const model::RigBindResult bound = model::bindToSkeleton(mesh.rig, rig.rig, {});
    ASSERT_TRUE(bound.rig.has_value()) << bound.error;
    ASSERT_EQ(bound.meshes, 1u);
    const model::Rig& r = *bound.rig;
    std::size_t index = r.meshes.size();
    for (std::size_t i = 0; i < r.meshes.size(); ++i)
        if (r.meshes[i].skinned())
            index = i;
    ASSERT_LT(index, r.meshes.size()) << "the bound mesh is skinned";
    const std::vector<glm::vec3> atRest = test::skinnedWith(r, index, r.skeleton.rest);
    ASSERT_EQ(atRest.size(), world.size());
    const float tolerance = 1e-5f * glm::length(boxOf(world).size());
    float worst = 0.f;
    for (std::size_t v = 0; v < world.size(); ++v)
        worst = std::max(worst, glm::length(atRest[v] - world[v]));
    EXPECT_LE(worst, tolerance);
    // Plausible weights: the left fingertip follows the left hand's chain, the right foot's sole the right leg.
    const mesh::Mesh& m = r.meshes[index];
    const model::Skin& skin = r.skins[static_cast<std::size_t>(m.skin)];
    const auto strongest = [&](std::size_t v) { return r.skeleton.names[skin.joints[m.weights.jointRow(v)[0]]]; };
    const auto tip = std::max_element(world.begin(), world.end(), [](glm::vec3 a, glm::vec3 b) { return a.x < b.x; });
    const std::string hand = strongest(static_cast<std::size_t>(tip - world.begin()));
    EXPECT_TRUE(hand == "hand_L" || hand == "fingers_L") << hand;
    const auto sole = std::min_element(world.begin(), world.end(), [](glm::vec3 a, glm::vec3 b) {
        return a.y + 0.01f * a.x < b.y + 0.01f * b.x;  // the lowest, rightmost: the right foot
    });
    const std::string foot = strongest(static_cast<std::size_t>(sole - world.begin()));
    EXPECT_TRUE(foot == "foot_R" || foot == "toe_R" || foot == "shin_R") << foot;
}

} // namespace
} // namespace marrow
