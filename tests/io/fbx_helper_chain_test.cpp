// SPDX-License-Identifier: MIT
// Folding Assimp's FBX helper chains into joints, on chains built in code:
// a channel on the joint itself, channels on the helpers with different key
// times, and a parent's helper that stays in the chain.
#include "core/io/assimp_fbx_helper_chain.h"
#include "core/anim/channel_sampling.h"
#include "core/math/transform.h"
#include "glm_expect.h"

#include <glm/gtc/matrix_transform.hpp>
#include <gtest/gtest.h>

#include <map>
#include <vector>

namespace marrow::io::assimp {
namespace {

glm::mat4 translate(glm::vec3 t) { return glm::translate(glm::mat4(1.f), t); }
glm::mat4 rotate(float degrees, glm::vec3 axis) { return glm::rotate(glm::mat4(1.f), glm::radians(degrees), axis); }

// arnaud.fbx's Hips: translation helper, -90 degrees about X before, -90 about Z, the node itself.
std::vector<ChainNode> hipsChain()
{
    return {{"Hips_$AssimpFbx$_Translation", translate({0.f, 104.667f, -1.511f})},
            {"Hips_$AssimpFbx$_PreRotation", rotate(-90.f, {1.f, 0.f, 0.f})},
            {"Hips_$AssimpFbx$_Rotation", rotate(-90.f, {0.f, 0.f, 1.f})},
            {"Hips", glm::mat4(1.f)}};
}

ChannelLookup lookup(const std::map<std::string, anim::JointTrack>& tracks)
{
    return [&tracks](const std::string& name) -> const anim::JointTrack* {
        const auto it = tracks.find(name);
        return it == tracks.end() ? nullptr : &it->second;
    };
}

glm::mat4 sampled(const anim::JointTrack& t, double time)
{
    std::uint32_t c[3] = {0, 0, 0};
    math::Transform x;  // an empty channel keeps the identity part here
    if (!t.translation.empty())
        x.translation = anim::sampleChannel(t.translation, time, c[0]);
    if (!t.rotation.empty())
        x.rotation = anim::sampleChannel(t.rotation, time, c[1]);
    if (!t.scale.empty())
        x.scale = anim::sampleChannel(t.scale, time, c[2]);
    return math::toMatrix(x);
}

TEST(FbxHelperChain, NamesAndOwners)
{
    EXPECT_TRUE(isFbxHelperName("Hips_$AssimpFbx$_PreRotation"));
    EXPECT_FALSE(isFbxHelperName("Hips"));
    EXPECT_EQ(fbxHelperOwner("Left Arm_$AssimpFbx$_Rotation"), "Left Arm");
    EXPECT_EQ(fbxHelperOwner("Hips"), "");
}

TEST(FbxHelperChain, NoChannelGivesNoTrack)
{
    const std::map<std::string, anim::JointTrack> none;
    EXPECT_FALSE(foldChainTrack(hipsChain(), 3, lookup(none)));
    EXPECT_MAT4_NEAR(chainProduct(hipsChain()),
                     translate({0.f, 104.667f, -1.511f}) * rotate(-90.f, {1, 0, 0}) * rotate(-90.f, {0, 0, 1}), 1e-4f);
}

// Assimp's one channel on "Hips" holds the whole local transform (its first
// key is the translation helper's value): it replaces the helpers, keys unchanged.
TEST(FbxHelperChain, ChannelOnTheJointReplacesItsOwnHelpers)
{
    anim::JointTrack whole;
    whole.translation.times = {0.f, 1.f};
    whole.translation.values = {{3.f, 101.359f, -0.07f}, {5.f, 100.f, 20.f}};
    whole.rotation.times = {0.f};
    whole.rotation.values = {glm::quat_cast(glm::mat3(rotate(-90.f, {1, 0, 0}) * rotate(-90.f, {0, 0, 1})))};
    const std::map<std::string, anim::JointTrack> tracks{{"Hips", whole}};
    const std::optional<anim::JointTrack> t = foldChainTrack(hipsChain(), 7, lookup(tracks));
    ASSERT_TRUE(t);
    EXPECT_EQ(t->joint, 7);
    EXPECT_EQ(t->translation, whole.translation);
    EXPECT_EQ(t->rotation, whole.rotation);
    // At 1 s the hips are 100 up, not 100 + 104.667 and not turned onto their side.
    EXPECT_VEC3_NEAR(glm::vec3(sampled(*t, 1.0)[3]), glm::vec3(5.f, 100.f, 20.f), 1e-4f);
}

// Channels on two helpers with different key times: one key per time of
// either, each the product of the chain at that time, through the channels' own sampling.
TEST(FbxHelperChain, HelperChannelsAreEvaluatedThroughTheChainAtEveryKeyTime)
{
    anim::JointTrack move, turn;
    move.translation.times = {0.f, 1.f};
    move.translation.values = {{0.f, 104.667f, -1.511f}, {10.f, 104.667f, -1.511f}};
    turn.rotation.times = {0.f, 0.5f, 2.f};
    turn.rotation.values = {glm::quat_cast(glm::mat3(rotate(-90.f, {0, 0, 1}))),
                            glm::quat_cast(glm::mat3(rotate(-60.f, {0, 0, 1}))),
                            glm::quat_cast(glm::mat3(rotate(30.f, {0, 0, 1})))};
    std::vector<ChainNode> chain = hipsChain();
    chain.back().local = translate({0.f, 0.f, 5.f});  // the node's own static part stays in the product
    const std::map<std::string, anim::JointTrack> tracks{{"Hips_$AssimpFbx$_Translation", move},
                                                         {"Hips_$AssimpFbx$_Rotation", turn}};
    const std::optional<anim::JointTrack> t = foldChainTrack(chain, 2, lookup(tracks));
    ASSERT_TRUE(t);
    const std::vector<float> union_{0.f, 0.5f, 1.f, 2.f};
    EXPECT_EQ(t->translation.times, union_);
    EXPECT_EQ(t->rotation.times, union_);
    EXPECT_EQ(t->scale.times, union_);
    for (float time : union_) {
        std::uint32_t c = 0;
        const glm::vec3 at = anim::sampleChannel(move.translation, time, c);
        c = 0;
        const glm::quat r = anim::sampleChannel(turn.rotation, time, c);
        const glm::mat4 expected = translate(at) * rotate(-90.f, {1, 0, 0}) * glm::mat4_cast(r) * translate({0.f, 0.f, 5.f});
        SCOPED_TRACE(time);
        EXPECT_MAT4_NEAR(sampled(*t, time), expected, 1e-3f);
    }
    // At 0.5 s the translation lies halfway between its keys, at 1 s the rotation between its own.
    EXPECT_NEAR(sampled(*t, 0.5)[3].x, 5.f, 1e-3f);
}

// A parent's geometric inverse helper sits above the child's own chain: the
// child's whole-transform channel still goes under it.
TEST(FbxHelperChain, ForeignHelpersStayWhenTheJointsOwnChannelReplacesItsHelpers)
{
    std::vector<ChainNode> chain{{"Pelvis_$AssimpFbx$_GeometricTranslationInverse", translate({0.f, -2.f, 0.f})},
                                 {"Spine_$AssimpFbx$_PreRotation", rotate(90.f, {0, 1, 0})},
                                 {"Spine", glm::mat4(1.f)}};
    anim::JointTrack whole;
    whole.translation.times = {0.f, 1.f};
    whole.translation.values = {{1.f, 0.f, 0.f}, {3.f, 0.f, 0.f}};
    const std::map<std::string, anim::JointTrack> tracks{{"Spine", whole}};
    const std::optional<anim::JointTrack> t = foldChainTrack(chain, 1, lookup(tracks));
    ASSERT_TRUE(t);
    EXPECT_EQ(t->translation.times, (std::vector<float>{0.f, 1.f}));
    EXPECT_MAT4_NEAR(sampled(*t, 1.0), translate({3.f, -2.f, 0.f}), 1e-5f);
}

} // namespace
} // namespace marrow::io::assimp
