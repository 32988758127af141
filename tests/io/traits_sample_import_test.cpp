// SPDX-License-Identifier: MIT
// The real-traits sample (tools/make_sample_character.py --traits) opens as a
// third-party character does: Mixamo names that mirror, a helper node that is
// not a bone, an end joint with no weights, two skinned meshes and a prop on
// the hand, keys at 24 fps, and the head's morph target with its default
// weight and its channel in 'idle'.
#include "core/io/model_import.h"
#include "core/model/joint_name_mirror.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include "rig_lookup.h"
#include "shared_models.h"

namespace marrow {
namespace {

using test::jointNamed;
using test::meshNamed;

class TraitsSample : public ::testing::Test {
protected:
    static void SetUpTestSuite() { s_result = new io::ImportResult(io::importModel(test::traitsSample())); }
    static void TearDownTestSuite()
    {
        delete s_result;
        s_result = nullptr;
    }
    const model::Rig& rig() const { return s_result->rig; }
    static io::ImportResult* s_result;
};
io::ImportResult* TraitsSample::s_result = nullptr;

TEST_F(TraitsSample, OpensAt24FpsWithItsThreeClips)
{
    ASSERT_TRUE(s_result->ok) << s_result->error;
    EXPECT_EQ(s_result->frameRate, 24.0);
    ASSERT_EQ(rig().clips.size(), 3u);
    EXPECT_EQ(rig().clips[1].name, "walk");
}

TEST_F(TraitsSample, TheHelperNodeIsNotABoneAndTheEndJointIs)
{
    ASSERT_TRUE(s_result->ok) << s_result->error;
    const std::vector<std::uint8_t> bones = rig().boneMask();
    const int armature = jointNamed(rig(), "Armature");
    const int hips = jointNamed(rig(), "mixamorig:Hips");
    const int end = jointNamed(rig(), "mixamorig:HeadTop_End");
    ASSERT_GE(armature, 0);
    ASSERT_GE(hips, 0);
    ASSERT_GE(end, 0);
    EXPECT_EQ(bones[static_cast<std::size_t>(armature)], 0);
    EXPECT_EQ(bones[static_cast<std::size_t>(hips)], 1);
    EXPECT_EQ(bones[static_cast<std::size_t>(end)], 1);
}

TEST_F(TraitsSample, MixamoNamesMirrorLeftToRight)
{
    EXPECT_EQ(model::mirroredJointName("mixamorig:LeftForeArm"), "mixamorig:RightForeArm");
    EXPECT_EQ(model::mirroredJointName("mixamorig:RightHandThumb1"), "mixamorig:LeftHandThumb1");
    for (const std::string& name : rig().skeleton.names) {
        if (name.find("Left") == std::string::npos)
            continue;
        const auto mirrored = model::mirroredJointName(name);
        ASSERT_TRUE(mirrored.has_value()) << name;
        EXPECT_GE(jointNamed(rig(), *mirrored), 0) << name << " mirrors to " << *mirrored;
    }
}

TEST_F(TraitsSample, TwoSkinnedMeshesAndAPropOnTheRightHand)
{
    ASSERT_TRUE(s_result->ok) << s_result->error;
    const mesh::Mesh* body = meshNamed(rig(), "Body");
    const mesh::Mesh* head = meshNamed(rig(), "Head");
    const mesh::Mesh* sword = meshNamed(rig(), "Sword");
    ASSERT_TRUE(body && head && sword);
    EXPECT_TRUE(body->skinned());
    EXPECT_TRUE(head->skinned());
    EXPECT_FALSE(sword->skinned());
    // The prop's own node (with its offset) hangs from the hand, and is no bone.
    ASSERT_GE(sword->node, 0);
    EXPECT_EQ(rig().skeleton.parents[static_cast<std::size_t>(sword->node)], jointNamed(rig(), "mixamorig:RightHand"));
    EXPECT_EQ(rig().boneMask()[static_cast<std::size_t>(sword->node)], 0);
    EXPECT_GT(head->vertexCount(), 0u);
    EXPECT_GT(body->vertexCount(), head->vertexCount());
    EXPECT_EQ(head->uvs.size(), head->vertexCount());
}

TEST_F(TraitsSample, TheHeadKeepsItsMorphTargetDefaultWeightAndChannel)
{
    ASSERT_TRUE(s_result->ok) << s_result->error;
    const mesh::Mesh* head = meshNamed(rig(), "Head");
    ASSERT_NE(head, nullptr);
    ASSERT_EQ(head->morphTargets.size(), 1u);
    EXPECT_EQ(head->morphTargets[0].name, "Puff");
    EXPECT_EQ(head->morphTargets[0].positions.size(), head->vertexCount());
    ASSERT_EQ(head->morphWeights, std::vector<float>{0.25f});
    const auto headIndex = static_cast<std::uint32_t>(head - rig().meshes.data());
    const anim::Clip& idle = rig().clips[0];
    ASSERT_EQ(idle.name, "idle");
    const anim::MorphTrack* track = idle.findMorphTrack(headIndex);
    ASSERT_NE(track, nullptr);
    EXPECT_EQ(track->targetCount(), 1u);
    EXPECT_GE(idle.duration, track->lastTime());
    EXPECT_EQ(rig().clips[1].findMorphTrack(headIndex), nullptr) << "walk does not key the head's weights";
    const bool warned = std::any_of(s_result->warnings.begin(), s_result->warnings.end(),
                                    [](const std::string& w) { return w.find("morph") != std::string::npos; });
    EXPECT_FALSE(warned) << "morph targets are shown now";
}

} // namespace
} // namespace marrow
