// SPDX-License-Identifier: MIT
// Retargeting real pairs (issue 40): pab's walk and run onto RobotExpressive
// and the bundled character, RobotExpressive's Walking and Running onto pab
// and the bundled character. At every frame the hips stay above both feet,
// and no bone turns between two frames by more than its source bone's
// largest turn plus 5 degrees (no flipping). The Fox is no biped: its map
// names what it lacks.
#include "real_bench.h"

#include "core/anim/local_to_world_job.h"
#include "core/anim/sample_clip_job.h"
#include "core/model/bone_map.h"
#include "core/model/bone_role.h"
#include "core/model/retarget.h"

using namespace marrow;
using anim::JointIndex;

namespace {

std::string bundledPath()
{
    return (test::binDir().parent_path().parent_path() / "resources/samples/marrow_character.gltf").string();
}

std::vector<glm::vec3> positionsAt(const anim::Skeleton& s, const anim::Clip& clip, double time)
{
    std::vector<math::Transform> locals(s.size());
    std::vector<glm::mat4> worlds(s.size());
    anim::SampleClipJob{&clip, time, s.rest, {}, locals, {}}.run();
    anim::LocalToWorldJob{s.parents, locals, glm::mat4(1.f), worlds}.run();
    std::vector<glm::vec3> out;
    for (const glm::mat4& w : worlds)
        out.emplace_back(w[3]);
    return out;
}

JointIndex jointWith(const anim::Skeleton& s, model::BodyPart part, model::BodySide side)
{
    for (std::size_t j = 0; j < s.size(); ++j)
        if (const auto r = model::boneRoleOf(s.names[j]); r && r->part == part && r->side == side)
            return static_cast<JointIndex>(j);
    return -1;
}

struct Pair {
    const char* from;
    const char* clip;  // a name, or "" for the file's first clip
    std::string to;
};

void expectPlausible(const Pair& pair)
{
    const std::string where = std::string(pair.from) + " " + pair.clip + " onto " + pair.to;
    test::RealBench from({test::model(pair.from), pair.from}), to({pair.to, pair.to});
    if (!from.opened() || !to.opened())
        GTEST_SKIP() << where << ": a model is missing";
    const model::Rig& source = from.rig();
    const model::Rig& target = to.rig();
    ASSERT_TRUE(model::missingBipedParts(source.skeleton).empty()) << where;
    ASSERT_TRUE(model::missingBipedParts(target.skeleton).empty()) << where;
    const anim::Clip* clip = source.clips.empty() ? nullptr : &source.clips.front();
    for (const anim::Clip& c : source.clips)
        if (c.name == pair.clip)
            clip = &c;
    ASSERT_TRUE(clip) << where;
    const model::BoneMap map = model::proposeBoneMap(source.skeleton, target.skeleton);
    std::string error;
    const auto r = model::retargetClip({&source.skeleton, clip, &target.skeleton, map, 30.0}, error);
    ASSERT_TRUE(r) << where << ": " << error;

    const anim::Skeleton& t = target.skeleton;
    JointIndex hips = -1;  // the target joint a source hips joint drives
    for (const model::BoneMap::Pair& p : map.pairs)
        if (const auto role = model::boneRoleOf(source.skeleton.names[static_cast<std::size_t>(p.source)]);
            hips < 0 && role && role->part == model::BodyPart::Hips)
            hips = p.target;
    ASSERT_GE(hips, 0) << where << ": no hips mapped";
    const JointIndex footL = jointWith(t, model::BodyPart::Foot, model::BodySide::Left);
    const JointIndex footR = jointWith(t, model::BodyPart::Foot, model::BodySide::Right);
    const std::vector<glm::vec3> rest = positionsAt(t, anim::Clip{}, 0.0);
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
        const std::vector<glm::vec3> s = positionsAt(source.skeleton, *clip, f / 30.0), p = positionsAt(t, r->clip, f / 30.0);
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
}

} // namespace

TEST(RetargetReal, PabWalkOntoRobotExpressive) { expectPlausible({"ozz-animation/fbx/pab/walk.fbx", "", test::model("real/RobotExpressive.glb")}); }
TEST(RetargetReal, PabRunOntoTheBundledCharacter) { expectPlausible({"ozz-animation/fbx/pab/run.fbx", "", bundledPath()}); }
TEST(RetargetReal, RobotWalkingOntoPab) { expectPlausible({"real/RobotExpressive.glb", "Walking", test::model("ozz-animation/fbx/pab/walk.fbx")}); }
TEST(RetargetReal, RobotRunningOntoTheBundledCharacter) { expectPlausible({"real/RobotExpressive.glb", "Running", bundledPath()}); }

TEST(RetargetReal, TheFoxIsNoBipedAndSaysWhatItLacks)
{
    test::RealBench fox({test::model("real/Fox.glb"), "Fox"});
    if (!fox.opened())
        GTEST_SKIP() << "the Fox is not in ../shared/models";
    const std::vector<std::string> missing = model::missingBipedParts(fox.rig().skeleton);
    EXPECT_FALSE(missing.empty());
    EXPECT_NE(std::find(missing.begin(), missing.end(), "left thigh"), missing.end());
}
