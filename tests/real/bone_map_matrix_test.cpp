// SPDX-License-Identifier: MIT
// The every-model matrix, the bone map (issue 40): each model's skeleton
// onto itself maps every joint whose name is its own to itself; a model
// the map calls a biped (missingBipedParts empty) gets its hips and legs
// driven from the bundled character's, thigh above shin above foot. And on
// two real rigs named in different conventions, pab (Mixamo-like, glued
// sides) and RobotExpressive (sides glued at the end), the limbs pair up.
#include "real_bench.h"

#include "core/model/bone_map.h"
#include "core/model/bone_role.h"

#include <map>

using namespace marrow;

namespace {

class BoneMapMatrix : public ::testing::TestWithParam<test::RealModel> {};

} // namespace

TEST_P(BoneMapMatrix, ItselfMapsToItselfAndABipedTakesTheBundledLegs)
{
    test::RealBench b(GetParam());
    if (!b.opened())
        return;
    const anim::Skeleton& s = b.rig().skeleton;
    const model::BoneMap self = model::proposeBoneMap(s, s);
    std::map<std::string, int> keys;
    for (const std::string& name : s.names)
        ++keys[model::boneNameKey(name)];
    for (std::size_t j = 0; j < s.size(); ++j) {
        const std::string key = model::boneNameKey(s.names[j]);
        if (!key.empty() && keys[key] == 1) {
            EXPECT_EQ(self.sourceOf(static_cast<anim::JointIndex>(j)), static_cast<anim::JointIndex>(j)) << s.names[j];
        }
    }
    if (!model::missingBipedParts(s).empty())
        return;
    const std::optional<model::Rig> bundled = test::bundledRig();
    ASSERT_TRUE(bundled);
    const model::BoneMap map = model::proposeBoneMap(bundled->skeleton, s);
    using P = model::BodyPart;
    const anim::Skeleton& from = bundled->skeleton;
    // The bundled character's hips and each leg drive joints of this model,
    // thigh above shin above foot.
    const auto driven = [&](P part, model::BodySide side) -> anim::JointIndex {
        const anim::JointIndex j = test::jointNamedAs(from, part, side);
        const std::optional<anim::JointIndex> t = j < 0 ? std::nullopt : map.targetOf(j);
        return t.value_or(-1);
    };
    const auto above = [&](anim::JointIndex upper, anim::JointIndex lower) {
        for (anim::JointIndex p = s.parents[static_cast<std::size_t>(lower)]; p != anim::kNoParent; p = s.parents[static_cast<std::size_t>(p)])
            if (p == upper)
                return true;
        return false;
    };
    EXPECT_GE(driven(P::Hips, model::BodySide::Centre), 0) << "the hips";
    for (const model::BodySide side : {model::BodySide::Left, model::BodySide::Right}) {
        const anim::JointIndex thigh = driven(P::UpperLeg, side), shin = driven(P::LowerLeg, side), foot = driven(P::Foot, side);
        ASSERT_TRUE(thigh >= 0 && shin >= 0 && foot >= 0) << "a leg not driven";
        EXPECT_TRUE(above(thigh, shin)) << s.names[static_cast<std::size_t>(thigh)] << " above " << s.names[static_cast<std::size_t>(shin)];
        EXPECT_TRUE(above(shin, foot)) << s.names[static_cast<std::size_t>(shin)] << " above " << s.names[static_cast<std::size_t>(foot)];
    }
}

INSTANTIATE_TEST_SUITE_P(Real, BoneMapMatrix, ::testing::ValuesIn(test::realModels()), test::realModelTestName);

TEST(BoneMapReal, PabOntoRobotExpressivePairsTheLimbs)
{
    test::RealBench pab({test::model("ozz-animation/fbx/pab/skeleton.fbx"), "pab"});
    test::RealBench robot({test::model("real/RobotExpressive.glb"), "robot"});
    if (!pab.opened() || !robot.opened())
        GTEST_SKIP() << "pab or RobotExpressive is not in ../shared/models";
    const anim::Skeleton& from = pab.rig().skeleton;
    const anim::Skeleton& to = robot.rig().skeleton;
    EXPECT_TRUE(model::missingBipedParts(from).empty());
    EXPECT_TRUE(model::missingBipedParts(to).empty());
    const model::BoneMap map = model::proposeBoneMap(from, to);
    const auto driver = [&](const char* target) -> std::string {
        const auto t = to.find(target);
        if (!t)
            return std::string("no ") + target;
        const auto s = map.sourceOf(*t);
        return s ? from.names[static_cast<std::size_t>(*s)] : std::string("nothing");
    };
    EXPECT_EQ(driver("Hips"), "Pelvis") << "pab's Pelvis, under its Hips, is where its legs branch";
    EXPECT_EQ(driver("Head"), "Head");
    EXPECT_EQ(driver("UpperLegL"), "LeftUpLeg");
    EXPECT_EQ(driver("LowerLegL"), "LeftLeg") << "named outright, before RobotExpressive's LegL";
    EXPECT_EQ(driver("LowerLegR_end"), "RightFoot") << "the shin's child where its FootR, an IK control beside the leg, sits";
    EXPECT_EQ(driver("UpperArmL"), "LeftArm");
    EXPECT_EQ(driver("LowerArmR"), "RightForeArm");
    EXPECT_EQ(driver("Palm2R"), "RightHand") << "the forearm's child: its HandR is an IK control";
    EXPECT_EQ(driver("ThumbL"), "LeftHandThumb1");
}
