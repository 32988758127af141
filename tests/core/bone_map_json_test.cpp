// SPDX-License-Identifier: MIT
// Bone map files (issue 40): a map written by joint names reads back, against
// skeletons that order their joints differently, as the same pairs of names
// and the same chain options; a map naming bones a skeleton lacks is refused
// listing them; malformed JSON, a wrong version, a malformed pair or chain and
// a target bone paired twice are refused, each saying so.
#include "core/model/bone_map_json.h"

#include <gtest/gtest.h>

using namespace marrow;
using anim::JointIndex;
using model::RetargetChain;

namespace {

// A skeleton of the names given; each joint's parent the one before it.
anim::Skeleton chain(const std::vector<std::string>& names)
{
    anim::Skeleton s;
    for (std::size_t j = 0; j < names.size(); ++j) {
        s.names.push_back(names[j]);
        s.parents.push_back(static_cast<JointIndex>(j) - 1);
        s.rest.emplace_back();
    }
    return s;
}

const anim::Skeleton kSource = chain({"mixamorig:Hips", "mixamorig:Spine", "mixamorig:Head", "mixamorig:LeftUpLeg"});
const anim::Skeleton kTarget = chain({"Root", "Hips", "Spine", "Head", "LeftThigh"});

std::optional<model::BoneMapFile> read(const std::string& json, std::string& error)
{
    return model::boneMapFromJson(json, kSource, kTarget, error);
}

std::string withPairs(const std::string& pairs)
{
    return R"({"marrow_bone_map": 1, "pairs": [)" + pairs + "]}";
}

} // namespace

TEST(BoneMapJson, RoundTripsByNamesWithTheChainOptions)
{
    model::BoneMap map;
    map.pairs = {{0, 1}, {1, 2}, {2, 3}, {3, 4}};
    model::RetargetOptions options;
    options[RetargetChain::Spine].follow = model::ChainOptions::Follow::Local;
    options[RetargetChain::LeftLeg].ik = false;
    options[RetargetChain::RightArm].ik = true;
    ASSERT_NE(options, model::RetargetOptions()) << "the test needs options other than the defaults";
    const std::string json = model::boneMapToJson(map, options, kSource, kTarget);
    EXPECT_NE(json.find(R"("marrow_bone_map": 1)"), std::string::npos) << json;
    EXPECT_NE(json.find(R"("source": "mixamorig:Head")"), std::string::npos) << "by name, not index:\n" << json;
    EXPECT_NE(json.find(R"("left leg")"), std::string::npos) << json;

    std::string error;
    const auto back = model::boneMapFromJson(json, kSource, kTarget, error);
    ASSERT_TRUE(back) << error;
    EXPECT_EQ(back->map.pairs, map.pairs);
    EXPECT_EQ(back->options, options);

    // Against skeletons ordering the same names otherwise, the same names pair.
    const anim::Skeleton source2 = chain({"mixamorig:LeftUpLeg", "extra", "mixamorig:Head", "mixamorig:Spine", "mixamorig:Hips"});
    const anim::Skeleton target2 = chain({"LeftThigh", "Head", "Spine", "Hips"});
    const auto moved = model::boneMapFromJson(json, source2, target2, error);
    ASSERT_TRUE(moved) << error;
    const std::vector<model::BoneMap::Pair> expected = {{0, 0}, {2, 1}, {3, 2}, {4, 3}};  // sorted by target
    EXPECT_EQ(moved->map.pairs, expected);
    // Written from there (in that target order), it reads back onto the first skeletons as the first map.
    const auto home = model::boneMapFromJson(model::boneMapToJson(moved->map, moved->options, source2, target2), kSource,
                                             kTarget, error);
    ASSERT_TRUE(home) << error;
    EXPECT_EQ(home->map.pairs, map.pairs);
    EXPECT_EQ(home->options, options);
}

TEST(BoneMapJson, ChainsLeftOutKeepTheirDefaults)
{
    std::string error;
    const auto file = read(R"({"marrow_bone_map": 1, "pairs": [{"source": "mixamorig:Hips", "target": "Hips"}],
                              "chains": {"head": {"follow": "local"}}})",
                           error);
    ASSERT_TRUE(file) << error;
    ASSERT_EQ(file->map.pairs.size(), 1u);
    EXPECT_EQ(file->map.pairs[0], (model::BoneMap::Pair{0, 1}));
    model::RetargetOptions expected;
    expected[RetargetChain::Head].follow = model::ChainOptions::Follow::Local;
    EXPECT_EQ(file->options, expected);
    EXPECT_TRUE(file->options[RetargetChain::LeftLeg].ik && file->options[RetargetChain::RightLeg].ik)
        << "the legs' IK is on by default";
    EXPECT_FALSE(file->options[RetargetChain::LeftArm].ik);
}

TEST(BoneMapJson, ListsTheBonesASkeletonLacks)
{
    std::string error;
    EXPECT_FALSE(read(withPairs(R"({"source": "Foo", "target": "Hips"}, {"source": "mixamorig:Spine", "target": "Spine"},
                                   {"source": "Bar", "target": "Head"}, {"source": "Foo", "target": "LeftThigh"})"),
                      error));
    EXPECT_EQ(error, "the map names bones the source lacks: Foo, Bar");

    EXPECT_FALSE(read(withPairs(R"({"source": "mixamorig:Hips", "target": "Pelvis"})"), error));
    EXPECT_EQ(error, "the map names bones the target lacks: Pelvis");

    EXPECT_FALSE(read(withPairs(R"({"source": "Foo", "target": "Pelvis"})"), error));
    EXPECT_NE(error.find("source lacks: Foo"), std::string::npos) << error;
    EXPECT_NE(error.find("target lacks: Pelvis"), std::string::npos) << error;
}

TEST(BoneMapJson, RefusesMalformedFiles)
{
    const std::vector<std::pair<std::string, std::string>> cases = {
        {R"({"marrow_bone_map": 1, "pairs": [)", "not valid JSON"},
        {"", "not valid JSON"},
        {"[]", "not a Marrow bone map"},
        {R"({"pairs": []})", "not a Marrow bone map"},
        {R"({"marrow_bone_map": 2, "pairs": []})", "bone map version 2, but this Marrow reads version 1"},
        {R"({"marrow_bone_map": "1", "pairs": []})", "bone map version \"1\""},
        {R"({"marrow_bone_map": 1})", "no \"pairs\" list"},
        {R"({"marrow_bone_map": 1, "pairs": {}})", "no \"pairs\" list"},
        {withPairs(R"({"source": "mixamorig:Hips"})"), "pair 1 needs a \"source\" and a \"target\""},
        {withPairs(R"({"source": "mixamorig:Hips", "target": "Hips"}, ["Spine"])"), "pair 2 needs"},
        {withPairs(R"({"source": "mixamorig:Hips", "target": 1})"), "pair 1 needs"},
        {R"({"marrow_bone_map": 1, "pairs": [], "chains": {"tail": {}}})", "unknown chain 'tail'"},
        {R"({"marrow_bone_map": 1, "pairs": [], "chains": {"head": {"follow": "sideways"}}})",
         "\"follow\" must be \"world\" or \"local\""},
        {R"({"marrow_bone_map": 1, "pairs": [], "chains": {"left leg": {"ik": "yes"}}})", "\"ik\" must be true or false"},
        {R"({"marrow_bone_map": 1, "pairs": [], "chains": []})", "\"chains\" is not an object"},
    };
    for (const auto& [json, problem] : cases) {
        std::string error;
        EXPECT_FALSE(read(json, error)) << json;
        EXPECT_NE(error.find(problem), std::string::npos) << json << "\ngave: " << error;
    }
    std::string error;
    EXPECT_TRUE(read(R"({"marrow_bone_map": 1, "pairs": []})", error)) << "an empty map is a map: " << error;
}

TEST(BoneMapJson, RefusesATargetPairedTwice)
{
    std::string error;
    EXPECT_FALSE(read(withPairs(R"({"source": "mixamorig:Hips", "target": "Hips"},
                                   {"source": "mixamorig:Spine", "target": "Hips"})"),
                      error));
    EXPECT_EQ(error, "the target bone 'Hips' is paired twice");

    // One source driving two targets is a map (a short spine onto a long one).
    const auto shared = read(withPairs(R"({"source": "mixamorig:Spine", "target": "Spine"},
                                          {"source": "mixamorig:Spine", "target": "Root"})"),
                             error);
    ASSERT_TRUE(shared) << error;
    const std::vector<model::BoneMap::Pair> expected = {{1, 0}, {1, 2}};
    EXPECT_EQ(shared->map.pairs, expected);
}
