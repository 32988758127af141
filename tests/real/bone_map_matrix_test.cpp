// SPDX-License-Identifier: MIT
// The every-model matrix, the bone map (issue 40): each model's skeleton
// onto itself maps every joint whose name is its own to itself; a model
// the map calls a biped (missingBipedParts empty) gets its hips, thighs,
// shins and feet, both sides, driven from the bundled character. And on
// two real rigs named in different conventions, pab (Mixamo-like, glued
// sides) and RobotExpressive (sides glued at the end), the limbs pair up.
#include "real_bench.h"

#include "core/model/bone_map.h"
#include "core/model/bone_role.h"

#include <map>

using namespace marrow;

namespace {

class BoneMapMatrix : public ::testing::TestWithParam<test::RealModel> {};

std::optional<model::Rig> bundledRig()
{
    test::RealBench b({(test::binDir().parent_path().parent_path() / "resources/samples/marrow_character.gltf").string(),
                       "bundled"});
    if (!b.opened())
        return std::nullopt;
    return b.rig();
}

// The joint playing `part` on `side` (the shallowest), or -1.
anim::JointIndex jointWith(const anim::Skeleton& s, model::BodyPart part, model::BodySide side)
{
    anim::JointIndex best = -1;
    for (std::size_t j = 0; j < s.size(); ++j)
        if (const auto r = model::boneRoleOf(s.names[j]); r && r->part == part && r->side == side)
            if (best < 0)
                best = static_cast<anim::JointIndex>(j);
    return best;
}

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
    const std::optional<model::Rig> bundled = bundledRig();
    ASSERT_TRUE(bundled);
    const model::BoneMap map = model::proposeBoneMap(bundled->skeleton, s);
    using P = model::BodyPart;
    for (const auto& [part, side] : {std::pair{P::Hips, model::BodySide::Centre}, {P::UpperLeg, model::BodySide::Left},
                                     {P::UpperLeg, model::BodySide::Right}, {P::LowerLeg, model::BodySide::Left},
                                     {P::LowerLeg, model::BodySide::Right}, {P::Foot, model::BodySide::Left},
                                     {P::Foot, model::BodySide::Right}}) {
        const anim::JointIndex t = jointWith(s, part, side);
        const std::optional<anim::JointIndex> from = map.sourceOf(t);
        ASSERT_TRUE(from) << model::bodyPartName(part) << ": nothing drives " << s.names[static_cast<std::size_t>(t)];
        const auto role = model::boneRoleOf(bundled->skeleton.names[static_cast<std::size_t>(*from)]);
        ASSERT_TRUE(role);
        EXPECT_EQ(role->part, part) << s.names[static_cast<std::size_t>(t)];
        EXPECT_EQ(role->side, side) << s.names[static_cast<std::size_t>(t)];
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
    EXPECT_EQ(driver("Hips"), "Hips");
    EXPECT_EQ(driver("Head"), "Head");
    EXPECT_EQ(driver("UpperLegL"), "LeftUpLeg");
    EXPECT_EQ(driver("LegL"), "LeftLeg");
    EXPECT_EQ(driver("FootR"), "RightFoot");
    EXPECT_EQ(driver("UpperArmL"), "LeftArm");
    EXPECT_EQ(driver("LowerArmR"), "RightForeArm");
    EXPECT_EQ(driver("HandR"), "RightHand");
    EXPECT_EQ(driver("ThumbL"), "LeftHandThumb1");
}
