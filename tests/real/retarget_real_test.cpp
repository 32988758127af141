// SPDX-License-Identifier: MIT
// Retargeting real pairs (issue 40): pab's walk and run onto RobotExpressive
// and the bundled character, RobotExpressive's Walking and Running onto pab
// and the bundled character. At every frame the hips stay above both feet,
// and no bone turns between two frames by more than its source bone's
// largest turn plus 5 degrees (no flipping). Foot slide per metre of leg is
// measured as the editor's figure measures it (anim::clipGait, each clip
// alone, model::findLegs' feet). The Fox is no biped: its map names what it
// lacks.
#include "pose_worlds.h"
#include "real_bench.h"

#include "core/anim/gait_report.h"
#include "core/anim/local_to_world_job.h"
#include "core/anim/sample_clip_job.h"
#include "core/model/bone_map.h"
#include "core/model/bone_role.h"
#include "core/model/legs.h"
#include "core/model/retarget.h"
#include "core/model/retarget_controls.h"

using namespace marrow;
using anim::JointIndex;

namespace {

struct Pair {
    const char* from;
    const char* clip;  // a name, or "" for the file's first clip
    std::string to;
};

struct Figures {
    double source = 0, carried = 0, held = 0;  // slide, cm per metre of leg: the source's, without and with foot IK
};

// Retargets `pair` with foot IK (`feet`) or without; asserts the hips, the
// flips and (`slide`) the foot slide (no more than the source's plus 10 %)
// on that result, and (`planted`) that the target's feet are planted where
// the source's are: at each source contact its foot does not skate through
// (travels under a tenth of its leg, as model::holdPlantedFeet holds).
Figures expectPlausible(const Pair& pair, bool feet, bool planted = false, bool slide = true)
{
    const std::string where = std::string(pair.from) + " " + pair.clip + " onto " + pair.to;
    test::RealBench from({test::model(pair.from), pair.from}), to({pair.to, pair.to});
    if (!from.opened() || !to.opened())
        return {};
    const model::Rig& source = from.rig();
    const model::Rig& target = to.rig();
    EXPECT_TRUE(model::missingBipedParts(source.skeleton).empty()) << where;
    EXPECT_TRUE(model::missingBipedParts(target.skeleton).empty()) << where;
    const anim::Clip* clip = source.clips.empty() ? nullptr : &source.clips.front();
    for (const anim::Clip& c : source.clips)
        if (c.name == pair.clip)
            clip = &c;
    EXPECT_TRUE(clip) << where;
    if (!clip)
        return {};
    const model::BoneMap map = model::proposeBoneMap(source.skeleton, target.skeleton);
    std::string error;
    model::RetargetInput input{&source.skeleton, clip, &target.skeleton, map, 30.0, {}};
    model::RetargetInput carriedInput = input;
    for (model::ChainOptions& c : input.options.chains)
        c.ik = true;
    for (model::ChainOptions& c : carriedInput.options.chains)
        c.ik = false;
    const auto r = model::retargetClip(feet ? input : carriedInput, error);
    const auto held = model::retargetClip(input, error), carried = model::retargetClip(carriedInput, error);
    EXPECT_TRUE(r && held && carried) << where << ": " << error;
    if (!r || !held || !carried)
        return {};

    const anim::Skeleton& t = target.skeleton;
    JointIndex hips = -1;  // the target joint a source hips joint drives
    for (const model::BoneMap::Pair& p : map.pairs)
        if (const auto role = model::boneRoleOf(source.skeleton.names[static_cast<std::size_t>(p.source)]);
            hips < 0 && role && role->part == model::BodyPart::Hips)
            hips = p.target;
    EXPECT_GE(hips, 0) << where << ": no hips mapped";
    if (hips < 0)
        return {};
    const JointIndex footL = test::jointNamedAs(t, model::BodyPart::Foot, model::BodySide::Left);
    const JointIndex footR = test::jointNamedAs(t, model::BodyPart::Foot, model::BodySide::Right);
    const std::vector<glm::vec3> rest = test::jointPositionsAt(t, anim::Clip{}, 0.0);
    const auto at = [](const std::vector<glm::vec3>& p, JointIndex j) { return p[static_cast<std::size_t>(j)]; };
    const glm::vec3 up = glm::normalize(at(rest, hips) - 0.5f * (at(rest, footL) + at(rest, footR)));

    // Bones (a mapped joint and a mapped child) and their largest turn between frames, source and target.
    std::vector<std::pair<JointIndex, JointIndex>> bones;
    for (std::size_t c = 0; c < t.size(); ++c)
        if (t.parents[c] != anim::kNoParent && map.sourceOf(static_cast<JointIndex>(c)) && map.sourceOf(t.parents[c]))
            bones.emplace_back(t.parents[c], static_cast<JointIndex>(c));
    std::vector<double> sourceTurn(bones.size(), 0.0), targetTurn(bones.size(), 0.0);
    std::vector<glm::vec3> lastS, lastT;
    const int frames = static_cast<int>(clip->duration * 30.f);
    for (int f = 0; f <= frames; ++f) {
        const std::vector<glm::vec3> s = test::jointPositionsAt(source.skeleton, *clip, f / 30.0), p = test::jointPositionsAt(t, r->clip, f / 30.0);
        EXPECT_GT(glm::dot(at(p, hips), up), std::max(glm::dot(at(p, footL), up), glm::dot(at(p, footR), up)))
            << where << ": the hips are below a foot at frame " << f;
        if (f > 0)
            for (std::size_t b = 0; b < bones.size(); ++b) {
                const auto [joint, child] = bones[b];
                const JointIndex sj = *map.sourceOf(joint), sc = *map.sourceOf(child);
                const auto turn = [](glm::vec3 a, glm::vec3 b2) {
                    const float la = glm::length(a), lb = glm::length(b2);
                    return la < 1e-6f || lb < 1e-6f ? 0.0 : glm::degrees(std::acos(std::clamp(static_cast<double>(glm::dot(a / la, b2 / lb)), -1.0, 1.0)));
                };
                sourceTurn[b] = std::max(sourceTurn[b], turn(at(s, sc) - at(s, sj), at(lastS, sc) - at(lastS, sj)));
                targetTurn[b] = std::max(targetTurn[b], turn(at(p, child) - at(p, joint), at(lastT, child) - at(lastT, joint)));
            }
        lastS = s, lastT = p;
    }
    for (std::size_t b = 0; b < bones.size(); ++b)
        EXPECT_LE(targetTurn[b], sourceTurn[b] + 5.0)
            << where << ": " << t.names[static_cast<std::size_t>(bones[b].first)] << " flips";

    // Foot slide per metre of leg, as the editor's figure measures it on each clip alone.
    const std::vector<model::Leg> sourceLegs = model::findLegs(source), targetLegs = model::findLegs(target);
    EXPECT_EQ(sourceLegs.size(), 2u) << where;
    EXPECT_EQ(targetLegs.size(), 2u) << where;
    if (sourceLegs.size() != 2u || targetLegs.size() != 2u)
        return {};
    const anim::GaitReport s = anim::clipGait(source.skeleton, sourceLegs, *clip, 30.0);
    const anim::GaitReport h = anim::clipGait(t, targetLegs, r->clip, 30.0);
    const Figures figures{100 * s.perLegLength, 100 * anim::clipGait(t, targetLegs, carried->clip, 30.0).perLegLength,
                          100 * anim::clipGait(t, targetLegs, held->clip, 30.0).perLegLength};
    std::printf("%s: foot slide %.2f cm per m of leg with foot IK, %.2f without, the source's %.2f (stride x%.3f of the legs' ratio, %d frames held)\n",
                where.c_str(), figures.held, figures.carried, figures.source, held->strideRatio / held->legRatio, held->plantedFrames);
    if (slide) {
        EXPECT_LE(h.perLegLength, 1.1 * s.perLegLength + 1e-4) << where << ": the feet slide more than the source's plus 10 %";
    }
    if (!planted)
        return figures;
    // Planted where the source is: each clean source contact's middle frame is a target contact's too.
    int clean = 0, skating = 0;
    for (std::size_t l = 0; l < 2; ++l)
        for (const anim::Contact& sc : s.legs[l].contacts) {
            double travel = 0.0;
            for (int k = sc.first + 1; k <= sc.last; ++k)
                travel += k >= 0 && static_cast<std::size_t>(k) < s.legs[l].steps.size() ? s.legs[l].steps[static_cast<std::size_t>(k)] : 0.0;
            if (travel > 0.1 * s.legs[l].length) {
                ++skating;
                continue;
            }
            ++clean;
            const int mid = (sc.first + sc.last) / 2;
            const bool down = std::any_of(h.legs[l].contacts.begin(), h.legs[l].contacts.end(),
                                          [&](const anim::Contact& pc) { return pc.first <= mid && mid <= pc.last; });
            EXPECT_TRUE(down) << where << ": leg " << l << " is not planted at frame " << mid;
        }
    std::printf("%s: %d source contacts planted where the source's are, %d the source skates through\n", where.c_str(), clean, skating);
    return figures;
}

} // namespace

const Pair kPabWalkOntoRobot{"ozz-animation/fbx/pab/walk.fbx", "", test::model("real/RobotExpressive.glb")};

// With the legs' IK (the default), every pair stays upright, does not flip,
// slides no more than its source and is planted where the source's feet
// are. Carried by direction alone, RobotExpressive's Running onto the
// bundled character slides less than its source too, but its feet never
// plant (the foot model finds no contact).
TEST(RetargetReal, PabWalkOntoRobotExpressive) { expectPlausible(kPabWalkOntoRobot, true, true); }
TEST(RetargetReal, PabRunOntoTheBundledCharacter) { expectPlausible({"ozz-animation/fbx/pab/run.fbx", "", test::bundledCharacterPath().string()}, true, true); }
TEST(RetargetReal, RobotWalkingOntoPab) { expectPlausible({"real/RobotExpressive.glb", "Walking", test::model("ozz-animation/fbx/pab/walk.fbx")}, true, true); }
TEST(RetargetReal, RobotRunningOntoTheBundledCharacter)
{
    const Pair pair{"real/RobotExpressive.glb", "Running", test::bundledCharacterPath().string()};
    expectPlausible(pair, true, true);
    expectPlausible(pair, false);
}

// pab's run onto the bundled character (a thigh and shin of other lengths):
// with the stride ratio the carried feet already slide less than pab's own;
// with Plant on they stay planted where pab's are, without flipping.
TEST(RetargetReal, PabRunOntoTheBundledCharacterKeepsItsFeetPlanted)
{
    const Figures f = expectPlausible({"ozz-animation/fbx/pab/run.fbx", "", test::bundledCharacterPath().string()}, true, true);
    EXPECT_LE(f.carried, 1.1 * f.source + 0.01);
}

// pab's walk onto RobotExpressive (a short thigh over a long shin, feet on
// controls beside the legs): held, the visible feet slide less than carried
// and less than pab's own.
TEST(RetargetReal, PabWalkOntoRobotExpressiveHeldSlidesLessThanCarried)
{
    const Figures f = expectPlausible(kPabWalkOntoRobot, true, true);
    EXPECT_LT(f.held, f.carried);
    EXPECT_LT(f.held, f.source);
}

// RobotExpressive's feet and hands hang beside their limbs as IK controls
// (FootL carries the foot's mesh): retargeted, each rides on its limb's end
// as it does at rest.
TEST(RetargetReal, RobotExpressivesFootControlsRideOnItsLegs)
{
    test::RealBench from({test::model(kPabWalkOntoRobot.from), "pab"}), to({kPabWalkOntoRobot.to, "robot"});
    if (!from.opened() || !to.opened())
        GTEST_SKIP() << "a model is missing";
    const anim::Skeleton& t = to.rig().skeleton;
    const model::BoneMap map = model::proposeBoneMap(from.rig().skeleton, t);
    std::string error;
    const auto r = model::retargetClip({&from.rig().skeleton, &from.rig().clips.front(), &t, map, 30.0, {}}, error);
    ASSERT_TRUE(r) << error;
    const std::vector<model::RidingControl> controls = model::ridingControls(t, map);
    ASSERT_EQ(controls.size(), 4u);  // FootL, FootR, HandL, HandR
    const std::vector<glm::vec3> rest = test::jointPositionsAt(t, anim::Clip{}, 0.0);
    float moved = 0.f;
    for (int f = 0; f <= static_cast<int>(r->clip.duration * 30.f); ++f) {
        const std::vector<glm::vec3> p = test::jointPositionsAt(t, r->clip, f / 30.0);
        for (const model::RidingControl& c : controls) {
            const auto k = static_cast<std::size_t>(c.control), e = static_cast<std::size_t>(c.limbEnd);
            EXPECT_NEAR(glm::length(p[k] - p[e]), glm::length(rest[k] - rest[e]), 1e-3f) << t.names[k] << " at frame " << f;
            moved = std::max(moved, glm::length(p[k] - rest[k]));
        }
    }
    EXPECT_GT(moved, 0.2f);  // the feet walk (RobotExpressive's legs are some 1.4 long)
}

TEST(RetargetReal, TheFoxIsNoBipedAndSaysWhatItLacks)
{
    test::RealBench fox({test::model("real/Fox.glb"), "Fox"});
    if (!fox.opened())
        GTEST_SKIP() << "the Fox is not in ../shared/models";
    const std::vector<std::string> missing = model::missingBipedParts(fox.rig().skeleton);
    EXPECT_FALSE(missing.empty());
    EXPECT_NE(std::find(missing.begin(), missing.end(), "left thigh"), missing.end());
}
