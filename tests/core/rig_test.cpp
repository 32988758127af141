// SPDX-License-Identifier: MIT
#include "core/model/rig.h"
#include "tiny_rigs.h"

#include <gtest/gtest.h>

#include <limits>

using namespace marrow;

namespace {
void expectInvalid(const model::Rig& rig, const std::string& message)
{
    const auto err = rig.validate();
    ASSERT_TRUE(err) << "expected: " << message;
    EXPECT_EQ(*err, message);
}

const float kNaN = std::numeric_limits<float>::quiet_NaN();
} // namespace

TEST(Rig, TinyRigIsValid)
{
    EXPECT_FALSE(test::fourVertexSkinRig().validate());
    EXPECT_FALSE(model::Rig{}.validate());
}

TEST(Rig, ValidateCatchesBrokenSkeletonAndSkins)
{
    {
        model::Rig r = test::fourVertexSkinRig();
        r.skeleton.parents[1] = 1;
        expectInvalid(r, "joint 1 ('elbow') does not come after its parent");
    }
    {
        model::Rig r = test::fourVertexSkinRig();
        r.skins[0].inverseBind.pop_back();
        expectInvalid(r, "skin 0 has 1 inverse bind matrices for 2 joints");
    }
    {
        model::Rig r = test::fourVertexSkinRig();
        r.skins[0].joints[1] = 2;
        expectInvalid(r, "skin 0 joint 1 refers to node 2, out of range");
    }
    {
        model::Rig r = test::fourVertexSkinRig();
        r.skins[0].joints[0] = -1;
        expectInvalid(r, "skin 0 joint 0 refers to node -1, out of range");
    }
    {
        model::Rig r = test::fourVertexSkinRig();
        r.skins[0].inverseBind[1][3][2] = kNaN;
        expectInvalid(r, "skin 0 inverse bind matrix 1 is not finite");
    }
}

TEST(Rig, ValidateCatchesBrokenMeshes)
{
    {
        model::Rig r = test::fourVertexSkinRig();
        r.meshes[0].skin = 1;
        expectInvalid(r, "mesh 'strip' uses skin 1, out of range");
    }
    {
        model::Rig r = test::fourVertexSkinRig();
        r.meshes[0].node = 2;
        expectInvalid(r, "mesh 'strip' hangs from node 2, out of range");
    }
    {
        model::Rig r = test::fourVertexSkinRig();
        r.meshes[0].node = -1;
        expectInvalid(r, "mesh 'strip' hangs from node -1, out of range");
    }
    {
        model::Rig r = test::fourVertexSkinRig();
        r.meshes[0].normals.pop_back();
        expectInvalid(r, "mesh 'strip' has 3 normals for 4 positions");
    }
    {
        model::Rig r = test::fourVertexSkinRig();
        r.meshes[0].uvs.assign(3, glm::vec2(0.f));
        expectInvalid(r, "mesh 'strip' has a texture coordinate count that differs from its vertex count");
    }
    {
        model::Rig r = test::fourVertexSkinRig();
        r.meshes[0].indices.pop_back();
        expectInvalid(r, "mesh 'strip' has an index count that is not a multiple of 3");
    }
    {
        model::Rig r = test::fourVertexSkinRig();
        r.meshes[0].indices[4] = 4;
        expectInvalid(r, "mesh 'strip' index 4 is 4, past the 4 vertices");
    }
    {
        model::Rig r = test::fourVertexSkinRig();
        r.meshes[0].positions[2].y = kNaN;
        expectInvalid(r, "mesh 'strip' vertex 2 has a non-finite position");
    }
    {
        model::Rig r = test::fourVertexSkinRig();
        r.meshes[0].weights.joints.resize(12);
        r.meshes[0].weights.weights.resize(12);
        expectInvalid(r, "mesh 'strip' has 3 weight rows for 4 vertices");
    }
    {
        // Weights index the skin's 2 joints, not the skeleton.
        model::Rig r = test::fourVertexSkinRig();
        r.meshes[0].weights.joints[12] = 2;
        expectInvalid(r, "mesh 'strip': vertex 3 uses joint 2, out of range");
    }
    {
        // A rigid mesh needs no weights.
        model::Rig r = test::fourVertexSkinRig();
        r.meshes[0].skin = -1;
        r.meshes[0].weights = {};
        EXPECT_FALSE(r.validate());
    }
}

TEST(Rig, ValidateCatchesBrokenClips)
{
    {
        model::Rig r = test::fourVertexSkinRig();
        r.clips[1].tracks[0].joint = 2;
        expectInvalid(r, "clip 'lift' animates joint 2, out of range (2 joints)");
    }
    {
        model::Rig r = test::fourVertexSkinRig();
        r.clips[0].tracks[0].rotation.values.pop_back();
        expectInvalid(r, "clip 'bend', joint 1 rotation: has 2 key times but 1 values");
    }
}

TEST(Rig, BoneMaskMarksSkinJoints)
{
    model::Rig r = test::fourVertexSkinRig();
    EXPECT_EQ(r.boneMask(), (std::vector<std::uint8_t>{1, 1}));
    r.skins[0].joints = {1, 1};
    EXPECT_EQ(r.boneMask(), (std::vector<std::uint8_t>{0, 1}));
    r.skins.clear();
    EXPECT_EQ(r.boneMask(), (std::vector<std::uint8_t>{0, 0}));
}

TEST(Rig, FindClipByNameAndByIndex)
{
    model::Rig r = test::fourVertexSkinRig();
    EXPECT_EQ(r.findClip("bend"), 0);
    EXPECT_EQ(r.findClip("lift"), 1);
    EXPECT_EQ(r.findClip("0"), 0);
    EXPECT_EQ(r.findClip("1"), 1);
    EXPECT_EQ(r.findClip("2"), -1);
    EXPECT_EQ(r.findClip("-1"), -1);
    EXPECT_EQ(r.findClip(""), -1);
    EXPECT_EQ(r.findClip("1x"), -1);
    EXPECT_EQ(r.findClip(" 1"), -1);
    EXPECT_EQ(r.findClip("Bend"), -1);
    // An exact name wins over an index.
    r.clips[1].name = "0";
    EXPECT_EQ(r.findClip("0"), 1);
}
