// SPDX-License-Identifier: MIT
// Edit Skeleton's placing edits (issue 22) on tiny rigs: a joint added at a
// world point lands there exactly; Shift+E's pairs are mirror images and
// follow the rig's side names; moving a joint alone (Alt, Snap) leaves its
// children's rest worlds and the skinned mesh where they were; the remaps
// of delete, reparent and subdivide say where every joint went.
#include "core/model/mesh_bind.h"
#include "core/model/pose_pipeline.h"
#include "core/model/skeleton_edit.h"
#include "core/model/skeleton_edit_tools.h"
#include "glm_expect.h"
#include "tiny_rigs.h"

#include <gtest/gtest.h>

using namespace marrow;

namespace {

std::vector<glm::vec3> meshRestPositions(const model::Rig& rig)
{
    model::PosePipeline pipeline(rig);
    EXPECT_TRUE(pipeline.evaluate({}));
    std::vector<glm::vec3> out(rig.meshes[0].vertexCount());
    EXPECT_TRUE(pipeline.skinMesh(0, mesh::SkinningMethod::Linear, out, {}));
    return out;
}

glm::vec3 restPosition(const model::Rig& rig, anim::JointIndex joint)
{
    return glm::vec3(model::restWorlds(rig.skeleton)[static_cast<std::size_t>(joint)][3]);
}

// spine, shoulder_L > elbow_L, shoulder_R > elbow_R: sides named "_L"/"_R",
// the right arm not yet the left's mirror.
model::Rig sidedRig()
{
    model::Rig rig;
    rig.skeleton.names = {"spine", "shoulder_L", "elbow_L", "shoulder_R", "elbow_R"};
    rig.skeleton.parents = {anim::kNoParent, 0, 1, 0, 3};
    rig.skeleton.rest = {test::trs({0.f, 1.f, 0.f}), test::trs({0.2f, 0.5f, 0.f}, test::axisAngle({0.f, 0.f, 1.f}, -80.f)),
                         test::trs({0.3f, 0.f, 0.f}), test::trs({-0.2f, 0.5f, 0.f}), test::trs({-0.25f, 0.1f, 0.f})};
    return rig;
}

} // namespace

TEST(SkeletonEditTools, AddJointAtLandsOnTheWorldPointWithItsParentsAxes)
{
    model::Rig rig;
    rig.skeleton = test::threeJointChain();  // rotated and scaled joints
    const glm::vec3 at(0.5f, -2.f, 4.f);
    const auto added = model::addJointAt(rig, 1, at, "knee");
    ASSERT_TRUE(added);
    EXPECT_EQ(rig.skeleton.names.back(), "knee.001");
    EXPECT_EQ(rig.skeleton.parents.back(), 1);
    EXPECT_VEC3_NEAR(restPosition(rig, *added), at, 1e-5f);
    EXPECT_EQ(rig.skeleton.rest.back().rotation, glm::quat(1.f, 0.f, 0.f, 0.f));
    const auto root = model::addJointAt(rig, anim::kNoParent, at, "root");
    ASSERT_TRUE(root);
    EXPECT_VEC3_NEAR(restPosition(rig, *root), at, 1e-6f);
    EXPECT_FALSE(model::addJointAt(rig, 9, at, "x"));
    EXPECT_FALSE(model::addJointAt(rig, 0, glm::vec3(NAN), "x"));
}

TEST(SkeletonEditTools, MirroredExtrudeFromASidedJointMakesMirrorImageTwins)
{
    model::Rig rig = sidedRig();
    const glm::vec3 tip(0.9f, 1.2f, 0.1f);
    const auto pair = model::extrudeMirrored(rig, 2, tip);
    ASSERT_TRUE(pair);
    EXPECT_EQ(rig.skeleton.names[static_cast<std::size_t>(pair->first)], "elbow_L.001");
    EXPECT_EQ(rig.skeleton.names[static_cast<std::size_t>(pair->second)], "elbow_R.001");
    EXPECT_EQ(rig.skeleton.parents[static_cast<std::size_t>(pair->first)], 2);
    EXPECT_VEC3_NEAR(restPosition(rig, pair->first), tip, 1e-5f);
    EXPECT_VEC3_NEAR(restPosition(rig, pair->second), tip * glm::vec3(-1.f, 1.f, 1.f), 1e-5f);
    EXPECT_EQ(rig.skeleton.parents[static_cast<std::size_t>(pair->second)], 4) << "the twin hangs from elbow_R";
    EXPECT_FALSE(rig.validate());
}

TEST(SkeletonEditTools, MirroredExtrudeFromACentreJointFollowsTheRigsSideNames)
{
    model::Rig rig = sidedRig();
    const glm::vec3 head = restPosition(rig, 0);
    const auto pair = model::extrudeMirrored(rig, 0, head + glm::vec3(0.f, 0.4f, 0.f));  // on the centre line
    ASSERT_TRUE(pair);
    EXPECT_EQ(rig.skeleton.names[static_cast<std::size_t>(pair->first)], "spine_L");
    EXPECT_EQ(rig.skeleton.names[static_cast<std::size_t>(pair->second)], "spine_R");
    const glm::vec3 left = restPosition(rig, pair->first), right = restPosition(rig, pair->second);
    EXPECT_GT(left.x, 0.f) << "the left one moved apart towards +X, the character's left";
    EXPECT_VEC3_NEAR(right, left * glm::vec3(-1.f, 1.f, 1.f), 1e-6f);

    rig.skeleton.names[1] = "shoulder.L";
    EXPECT_EQ(model::sideSuffixes(rig.skeleton), (std::pair<std::string, std::string>{".L", ".R"}));
    rig.skeleton.names = {"a", "b_l", "c", "d", "e", "f", "g"};
    EXPECT_EQ(model::sideSuffixes(rig.skeleton).first, "_l");
}

TEST(SkeletonEditTools, MovingOnlyTheJointLeavesChildrenAndMeshInPlace)
{
    model::Rig rig = test::fourVertexSkinRig();
    ASSERT_TRUE(model::addJointAt(rig, 1, {3.f, 1.f, 0.f}, "hand"));
    const std::vector<glm::vec3> mesh = meshRestPositions(rig);
    const glm::vec3 hand = restPosition(rig, 2);
    ASSERT_FALSE(model::moveJointTo(rig, 1, {1.5f, 1.5f, 0.f}, false));
    EXPECT_VEC3_NEAR(restPosition(rig, 1), glm::vec3(1.5f, 1.5f, 0.f), 1e-6f);
    EXPECT_VEC3_NEAR(restPosition(rig, 2), hand, 1e-5f);
    const std::vector<glm::vec3> after = meshRestPositions(rig);
    for (std::size_t v = 0; v < mesh.size(); ++v)
        EXPECT_VEC3_NEAR(after[v], mesh[v], 1e-5f);
    // Children following (the default) ride along instead.
    ASSERT_FALSE(model::moveJointTo(rig, 1, {1.5f, 2.5f, 0.f}, true));
    EXPECT_VEC3_NEAR(restPosition(rig, 2), hand + glm::vec3(0.f, 1.f, 0.f), 1e-5f);
    EXPECT_TRUE(model::moveJointTo(rig, 7, {0.f, 0.f, 0.f}, true));
}

TEST(SkeletonEditTools, RemapsSayWhereEveryJointWent)
{
    model::Rig rig = sidedRig();
    model::JointRemap remap;
    ASSERT_FALSE(model::deleteJoint(rig, 2, &remap));
    EXPECT_EQ(remap, (model::JointRemap{0, 1, anim::kNoParent, 2, 3}));

    rig = sidedRig();
    ASSERT_FALSE(model::reparentJoint(rig, 1, 4, &remap));  // a later parent: joints re-sorted
    ASSERT_EQ(remap.size(), 5u);
    for (std::size_t old = 0; old < 5; ++old)
        EXPECT_EQ(rig.skeleton.names[static_cast<std::size_t>(remap[old])], sidedRig().skeleton.names[old]);

    rig = sidedRig();
    ASSERT_FALSE(model::subdivideJoint(rig, 1, 2, &remap));
    ASSERT_EQ(remap.size(), 5u) << "the old joints only";
    for (std::size_t old = 0; old < 5; ++old)
        EXPECT_EQ(rig.skeleton.names[static_cast<std::size_t>(remap[old])], sidedRig().skeleton.names[old]);
}

TEST(SkeletonEditTools, ClipsAnimatingNamesTheClipsWithAChannelOnTheJoints)
{
    const model::Rig rig = test::fourVertexSkinRig();  // "bend" keys the elbow; "lift" the shoulder and the elbow
    EXPECT_EQ(model::clipsAnimating(rig, {1}), (std::vector<std::string>{"bend", "lift"}));
    EXPECT_EQ(model::clipsAnimating(rig, {0}), (std::vector<std::string>{"lift"}));
    EXPECT_TRUE(model::clipsAnimating(rig, {}).empty());
}
