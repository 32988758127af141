// SPDX-License-Identifier: MIT
// Skeleton edits (issue 22), on tiny rigs: moving a joint's rest transform
// keeps the skinned mesh where it is at rest (the inverse binds follow);
// adding a joint changes no weight and grows the profiles; deleting one
// moves its weights to its parent (rows still sum to 1, the parent gains
// exactly what it had), keeps its children's rest worlds and a rigid mesh
// it held in place, drops its channels and shifts every index above it.
#include "core/model/mesh_bind.h"
#include "core/model/pose_pipeline.h"
#include "core/model/skeleton_edit.h"
#include "glm_expect.h"
#include "tiny_rigs.h"

#include <gtest/gtest.h>

#include <glm/gtc/matrix_transform.hpp>

using namespace marrow;

namespace {

// The mesh's positions at rest (the rest pose, skinned).
std::vector<glm::vec3> restPositions(const model::Rig& rig, std::size_t mesh = 0)
{
    model::PosePipeline pipeline(rig);
    EXPECT_TRUE(pipeline.evaluate({}));
    std::vector<glm::vec3> out(rig.meshes[mesh].vertexCount());
    EXPECT_TRUE(pipeline.skinMesh(mesh, mesh::SkinningMethod::Linear, out, {}));
    return out;
}

void expectSamePositions(const std::vector<glm::vec3>& a, const std::vector<glm::vec3>& b, float tolerance)
{
    ASSERT_EQ(a.size(), b.size());
    for (std::size_t v = 0; v < a.size(); ++v)
        EXPECT_LT(glm::length(a[v] - b[v]), tolerance) << v;
}

} // namespace

TEST(SkeletonEdit, MovingARestJointKeepsTheMeshWhereItIs)
{
    model::Rig rig = test::fourVertexSkinRig();
    const std::vector<glm::vec3> before = restPositions(rig);
    math::Transform elbow = rig.skeleton.rest[1];
    elbow.translation += glm::vec3(0.3f, 0.2f, 0.f);
    elbow.rotation = glm::angleAxis(0.4f, glm::vec3(0.f, 0.f, 1.f));
    math::Transform shoulder = rig.skeleton.rest[0];
    shoulder.translation.y += 0.5f;
    const std::pair<anim::JointIndex, math::Transform> edits[] = {{1, elbow}, {0, shoulder}};
    ASSERT_FALSE(model::setRestTransforms(rig, edits));
    EXPECT_EQ(rig.skeleton.rest[1].translation, elbow.translation);
    expectSamePositions(restPositions(rig), before, 1e-5f);
    EXPECT_FALSE(rig.validate());
    // The bind pose still reproduces the mesh: at rest every palette is what it was.
    const std::pair<anim::JointIndex, math::Transform> bad[] = {{7, elbow}};
    EXPECT_TRUE(model::setRestTransforms(rig, bad));
}

TEST(SkeletonEdit, AddingAJointChangesNoWeight)
{
    model::Rig rig = test::fourVertexSkinRig();
    model::Transition t;
    t.clipA = 0;
    t.clipB = 1;
    t.profile = {0.5f, 2.f};
    rig.transitions = {t};
    const model::Rig before = rig;
    const auto added = model::addJoint(rig, 1, "elbow", test::trs({1.f, 0.f, 0.f}));
    ASSERT_TRUE(added);
    EXPECT_EQ(*added, 2);
    EXPECT_EQ(rig.skeleton.names[2], "elbow.001") << "names stay unique";
    EXPECT_EQ(rig.skeleton.parents[2], 1);
    EXPECT_EQ(rig.skins, before.skins);
    EXPECT_EQ(rig.meshes, before.meshes);
    EXPECT_EQ(rig.transitions[0].profile, (std::vector<float>{0.5f, 2.f, 1.f}));
    EXPECT_FALSE(rig.validate());
    EXPECT_FALSE(model::addJoint(rig, 9, "x", {}));
}

TEST(SkeletonEdit, DeletingAJointGivesItsWeightsToItsParent)
{
    model::Rig rig = test::fourVertexSkinRig();
    // A third joint under the elbow, weighted on the last vertex, with a child.
    const auto wrist = model::addJoint(rig, 1, "wrist", test::trs({1.f, 0.f, 0.f}));
    const auto hand = model::addJoint(rig, *wrist, "hand", test::trs({0.5f, 0.f, 0.f}));
    ASSERT_TRUE(wrist && hand);
    const std::vector<glm::mat4> worldsBefore = model::restWorlds(rig.skeleton);
    rig.skins[0].joints.push_back(*wrist);
    rig.skins[0].inverseBind.push_back(glm::inverse(worldsBefore[static_cast<std::size_t>(*wrist)]));
    mesh::SkinWeights& w = rig.meshes[0].weights;
    // v3: wrist .6, elbow .4 (skin joints 2 and 1).
    w.joints[12] = 2;
    w.joints[13] = 1;
    w.weights[12] = .6f;
    w.weights[13] = .4f;
    anim::JointTrack wristTrack;
    wristTrack.joint = *wrist;
    wristTrack.rotation.times = {0.f};
    wristTrack.rotation.values = {glm::quat(1.f, 0.f, 0.f, 0.f)};
    rig.clips[0].tracks.push_back(wristTrack);
    anim::JointTrack handTrack = wristTrack;
    handTrack.joint = *hand;
    rig.clips[0].tracks.push_back(handTrack);
    ASSERT_FALSE(rig.validate());

    ASSERT_FALSE(model::deleteJoint(rig, *wrist));
    ASSERT_FALSE(rig.validate()) << *rig.validate();
    ASSERT_EQ(rig.skeleton.size(), 3u);
    EXPECT_EQ(rig.skeleton.names[2], "hand");
    EXPECT_EQ(rig.skeleton.parents[2], 1) << "the child goes to the deleted joint's parent";
    // The hand's rest world is what it was.
    const std::vector<glm::mat4> worldsAfter = model::restWorlds(rig.skeleton);
    EXPECT_MAT4_NEAR(worldsAfter[2], worldsBefore[static_cast<std::size_t>(*hand)], 1e-6f);
    // The elbow took the wrist's weight: v3 is all elbow, every row sums to 1.
    EXPECT_EQ(rig.skins[0].joints, (std::vector<anim::JointIndex>{0, 1}));
    EXPECT_EQ(w.joints[12], 1);
    EXPECT_FLOAT_EQ(w.weights[12], 1.f);
    EXPECT_FALSE(w.validate(rig.skins[0].joints.size()));
    // The wrist's channel left the clip; the hand's moved down one.
    for (const anim::JointTrack& t : rig.clips[0].tracks)
        EXPECT_NE(t.joint, 3);
    EXPECT_TRUE(rig.clips[0].findTrack(2));
}

TEST(SkeletonEdit, DeletingAJointThatHoldsARigidMeshKeepsItInPlace)
{
    model::Rig rig = test::fourVertexSkinRig();
    const auto prop = model::addJoint(rig, 1, "prop", test::trs({1.f, 2.f, 0.f}));
    ASSERT_TRUE(prop);
    mesh::Mesh sword;
    sword.name = "sword";
    sword.node = *prop;
    sword.positions = {{0.f, 0.f, 0.f}, {0.f, 1.f, 0.f}, {1.f, 0.f, 0.f}};
    sword.indices = {0, 1, 2};
    rig.meshes.push_back(sword);
    ASSERT_FALSE(rig.validate());
    const std::vector<glm::mat4> worlds = model::restWorlds(rig.skeleton);
    std::vector<glm::vec3> placed;
    for (const glm::vec3& p : sword.positions)
        placed.emplace_back(worlds[static_cast<std::size_t>(*prop)] * glm::vec4(p, 1.f));
    ASSERT_FALSE(model::deleteJoint(rig, *prop));
    const mesh::Mesh& moved = rig.meshes.back();
    EXPECT_EQ(moved.node, 1);
    const std::vector<glm::mat4> after = model::restWorlds(rig.skeleton);
    for (std::size_t v = 0; v < placed.size(); ++v)
        EXPECT_VEC3_NEAR(glm::vec3(after[1] * glm::vec4(moved.positions[v], 1.f)), placed[v], 1e-5f);
}

TEST(SkeletonEdit, ARootThatASkinUsesCannotBeDeleted)
{
    model::Rig rig = test::fourVertexSkinRig();
    const model::Rig before = rig;
    const auto why = model::deleteJoint(rig, 0);
    ASSERT_TRUE(why);
    EXPECT_NE(why->find("root"), std::string::npos) << *why;
    EXPECT_EQ(rig, before);
    EXPECT_TRUE(model::deleteJoint(rig, 5));
}

TEST(SkeletonEdit, SymmetrizeMirrorsTheChainAcrossX)
{
    // An asymmetric rig: the left leg placed and turned, the right thigh off
    // to the side, no right shin yet.
    model::Rig rig;
    anim::Skeleton& s = rig.skeleton;
    s.names = {"hips", "thigh_L", "shin_L", "thigh_R"};
    s.parents = {anim::kNoParent, 0, 1, 0};
    s.rest = {test::trs({0.f, 1.f, 0.f}),
              test::trs({0.1f, -0.1f, 0.02f}, glm::angleAxis(0.3f, glm::normalize(glm::vec3(1.f, 0.2f, 0.1f)))),
              test::trs({0.f, -0.45f, 0.01f}, glm::angleAxis(-0.2f, glm::vec3(1.f, 0.f, 0.f))),
              test::trs({-0.3f, 0.f, 0.2f})};
    ASSERT_FALSE(rig.validate());
    const anim::JointIndex left[] = {1, 2};
    int set = 0;
    ASSERT_FALSE(model::symmetrize(rig, left, &set));
    EXPECT_EQ(set, 2);
    ASSERT_EQ(s.size(), 5u);
    EXPECT_EQ(s.names[4], "shin_R");
    EXPECT_EQ(s.parents[4], 3) << "under the mirrored parent";
    const std::vector<glm::mat4> worlds = model::restWorlds(s);
    const glm::mat4 flip = glm::scale(glm::mat4(1.f), glm::vec3(-1.f, 1.f, 1.f));
    EXPECT_MAT4_NEAR(worlds[3], flip * worlds[1] * flip, 1e-5f);
    EXPECT_MAT4_NEAR(worlds[4], flip * worlds[2] * flip, 1e-5f);
    // Both sides' rest scales stay positive (a rotation, not a reflection).
    EXPECT_GT(s.rest[3].scale.x, 0.f);
    EXPECT_GT(s.rest[4].scale.x, 0.f);
    EXPECT_FALSE(rig.validate());
}

TEST(SkeletonEdit, ReparentingKeepsTheRestWorldAndTheOrder)
{
    model::Rig rig = test::fourVertexSkinRig();
    const auto tip = model::addJoint(rig, 1, "tip", test::trs({1.f, 0.f, 0.f}));
    const auto prop = model::addJoint(rig, anim::kNoParent, "prop", test::trs({0.f, 0.f, 2.f}));
    ASSERT_TRUE(tip && prop);
    const std::vector<glm::mat4> before = model::restWorlds(rig.skeleton);
    const std::vector<glm::vec3> mesh = restPositions(rig);
    // The elbow (1) to the later prop (3): the order is rebuilt, parents first.
    ASSERT_FALSE(model::reparentJoint(rig, 1, *prop));
    ASSERT_FALSE(rig.validate()) << *rig.validate();
    const auto elbow = rig.skeleton.find("elbow");
    const auto newProp = rig.skeleton.find("prop");
    ASSERT_TRUE(elbow && newProp);
    EXPECT_EQ(rig.skeleton.parents[static_cast<std::size_t>(*elbow)], *newProp);
    const std::vector<glm::mat4> after = model::restWorlds(rig.skeleton);
    for (const char* name : {"elbow", "tip", "prop"})
        ASSERT_TRUE(rig.skeleton.find(name)) << name;
    EXPECT_MAT4_NEAR(after[static_cast<std::size_t>(*elbow)], before[1], 1e-5f);
    EXPECT_MAT4_NEAR(after[static_cast<std::size_t>(*rig.skeleton.find("tip"))], before[2], 1e-5f);
    // The skin follows the renumbering: the mesh is where it was, the elbow track still the elbow's.
    expectSamePositions(restPositions(rig), mesh, 1e-5f);
    EXPECT_TRUE(rig.clips[0].findTrack(*elbow));
    // A joint cannot hang from itself or below itself.
    EXPECT_TRUE(model::reparentJoint(rig, *newProp, *elbow));
    EXPECT_TRUE(model::reparentJoint(rig, *elbow, *elbow));
}

TEST(SkeletonEdit, SubdivideInsertsEvenlySpacedJoints)
{
    model::Rig rig = test::fourVertexSkinRig();  // shoulder -> elbow one unit apart along +X (in its space)
    const std::vector<glm::mat4> before = model::restWorlds(rig.skeleton);
    ASSERT_FALSE(model::subdivideJoint(rig, 0, 3));
    ASSERT_FALSE(rig.validate()) << *rig.validate();
    ASSERT_EQ(rig.skeleton.size(), 5u);
    const std::vector<glm::mat4> after = model::restWorlds(rig.skeleton);
    const auto elbow = rig.skeleton.find("elbow");
    ASSERT_TRUE(elbow);
    EXPECT_MAT4_NEAR(after[static_cast<std::size_t>(*elbow)], before[1], 1e-5f);
    // The three new joints sit at a quarter, a half and three quarters of the way.
    const glm::vec3 from(before[0][3]), to(before[1][3]);
    int k = 1;
    for (anim::JointIndex j = rig.skeleton.parents[static_cast<std::size_t>(*elbow)]; j != 0;
         j = rig.skeleton.parents[static_cast<std::size_t>(j)], ++k)
        EXPECT_VEC3_NEAR(glm::vec3(after[static_cast<std::size_t>(j)][3]), from + (to - from) * (1.f - 0.25f * k), 1e-5f);
    EXPECT_EQ(k, 4);
    EXPECT_TRUE(model::subdivideJoint(rig, *elbow, 1)) << "the elbow has no child";
}
