// SPDX-License-Identifier: MIT
// marrow-cli retarget (issue 40): usage errors exit 2; a skeleton that is no
// biped (the Fox) and a clip SOURCE lacks exit 3 naming what is wrong, and
// write nothing; pab's run onto the bundled character adds one clip as long
// as the source's, and in it the character runs upright: hips above both
// feet at every frame, the feet apart by a stride at some frame. --save-map
// writes the proposed map, and --map with that file carries the same clip;
// a hand-edited map naming a bone the target lacks exits 3 naming it.
#include "core/anim/local_to_world_job.h"
#include "core/anim/sample_clip_job.h"
#include "core/io/model_import.h"
#include "core/model/bone_map_json.h"
#include "core/model/bone_role.h"
#include "run_process.h"
#include "shared_models.h"
#include "cli_pose_runner.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <unistd.h>

namespace marrow {
namespace {

namespace fs = std::filesystem;

std::string temp(const std::string& name)
{
    return (fs::temp_directory_path() / ("marrow_retarget_" + std::to_string(::getpid()) + "_" + name)).string();
}

std::string bundled()
{
    return (fs::path(MARROW_TEST_DATA_DIR).parent_path().parent_path() / "resources/samples/marrow_character.gltf").string();
}

anim::JointIndex joint(const anim::Skeleton& s, model::BodyPart part, model::BodySide side)
{
    for (std::size_t j = 0; j < s.size(); ++j)
        if (const auto r = model::boneRoleOf(s.names[j]); r && r->part == part && r->side == side)
            return static_cast<anim::JointIndex>(j);
    return -1;
}

std::string readText(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

} // namespace

TEST(CliRetarget, RefusesWhatItCannotCarryAndSaysWhy)
{
    const std::string out = temp("x.glb"), pab = test::model("ozz-animation/fbx/pab/run.fbx");
    for (const std::vector<std::string>& args :
         {std::vector<std::string>{"retarget", bundled(), "-o", out}, {"retarget", bundled(), "--from", pab},
          {"retarget", "--from", pab, "-o", out}, {"retarget", bundled(), "--from", pab, "--fps", "0", "-o", out},
          {"retarget", bundled(), "--from", pab, "--frobnicate", "-o", out},
          {"retarget", bundled(), "--from", pab, "--feet", "sideways", "-o", out},
          {"retarget", bundled(), "--from", pab, "--hands", "glued", "-o", out},
          {"retarget", bundled(), "--from", pab, "--keys", "some", "-o", out},
          {"retarget", bundled(), "--from", pab, "-o", out, "--map"},
          {"retarget", bundled(), "--from", pab, "-o", out, "--save-map"}}) {
        std::vector<std::string> argv{test::cliExecutable()};
        argv.insert(argv.end(), args.begin(), args.end());
        EXPECT_EQ(test::runProcess(argv).exitCode, 2) << args.back();
    }
    const std::string fox = test::model("real/Fox.glb");
    if (fs::exists(fox)) {
        const auto r = test::runProcess({test::cliExecutable(), "retarget", bundled(), "--from", fox, "-o", out});
        EXPECT_EQ(r.exitCode, 3);
        EXPECT_NE(r.err.find(fox + ": not a biped skeleton to retarget (no left thigh, no right thigh)"), std::string::npos) << r.err;
    }
    const auto noClip = test::runProcess({test::cliExecutable(), "retarget", bundled(), "--from", pab, "--clips", "sprint", "-o", out});
    EXPECT_EQ(noClip.exitCode, 3);
    EXPECT_NE(noClip.err.find("no clip named 'sprint'"), std::string::npos) << noClip.err;
    EXPECT_FALSE(fs::exists(out)) << "nothing written on a failure";
}

TEST(CliRetarget, PabsRunOntoTheBundledCharacterRunsUpright)
{
    const std::string pab = test::model("ozz-animation/fbx/pab/run.fbx"), out = temp("run.glb");
    if (!fs::exists(pab))
        GTEST_SKIP() << "pab is not in ../shared/models";
    const auto r = test::runProcess({test::cliExecutable(), "retarget", bundled(), "--from", pab, "-o", out});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.err.find("retarget: 1 clips from"), std::string::npos) << r.err;
    const io::ImportResult before = io::importModel(bundled()), after = io::importModel(out), source = io::importModel(pab);
    ASSERT_TRUE(before.ok && after.ok && source.ok) << after.error;
    ASSERT_EQ(after.rig.clips.size(), before.rig.clips.size() + 1);
    const anim::Clip& clip = after.rig.clips.back();
    EXPECT_EQ(clip.name, "run (2)") << "the bundled character has a run of its own";
    EXPECT_NEAR(clip.duration, source.rig.clips.front().duration, 1.f / 30.f);
    const anim::Skeleton& s = after.rig.skeleton;
    const auto hips = joint(s, model::BodyPart::Hips, model::BodySide::Centre);
    const auto footL = joint(s, model::BodyPart::Foot, model::BodySide::Left), footR = joint(s, model::BodyPart::Foot, model::BodySide::Right);
    ASSERT_TRUE(hips >= 0 && footL >= 0 && footR >= 0);
    std::vector<math::Transform> locals(s.size());
    std::vector<glm::mat4> worlds(s.size());
    float widest = 0.f;
    for (int f = 0; f <= static_cast<int>(clip.duration * 30.f); ++f) {
        ASSERT_TRUE((anim::SampleClipJob{&clip, f / 30.0, s.rest, {}, locals, {}}.run()));
        ASSERT_TRUE((anim::LocalToWorldJob{s.parents, locals, glm::mat4(1.f), worlds}.run()));
        const auto y = [&](anim::JointIndex j) { return worlds[static_cast<std::size_t>(j)][3].y; };
        // Upright: the hips a quarter metre over the higher foot even as the
        // back foot kicks up (and the body comes down to plant the other).
        EXPECT_GT(y(hips), std::max(y(footL), y(footR)) + 0.25f) << "frame " << f;
        widest = std::max(widest, glm::length(glm::vec3(worlds[static_cast<std::size_t>(footL)][3] - worlds[static_cast<std::size_t>(footR)][3])));
    }
    EXPECT_GT(widest, 0.4f) << "a run's stride parts the feet";
    fs::remove(out);
}

TEST(CliRetarget, ASavedMapCarriesTheSameClipAndABoneTheTargetLacksIsNamed)
{
    const std::string pab = test::model("ozz-animation/fbx/pab/run.fbx");
    if (!fs::exists(pab))
        GTEST_SKIP() << "pab is not in ../shared/models";
    const std::string map = temp("map.json"), edited = temp("edited.json"), legsOff = temp("legs_off.json");
    const std::string proposedOut = temp("proposed.glb"), mappedOut = temp("mapped.glb"), refusedOut = temp("refused.glb");
    const auto proposed = test::runProcess({test::cliExecutable(), "retarget", bundled(), "--from", pab, "--save-map", map, "-o", proposedOut});
    ASSERT_EQ(proposed.exitCode, 0) << proposed.err;
    EXPECT_NE(proposed.err.find("driven by the proposed map"), std::string::npos) << proposed.err;

    // The file holds the proposed map, by names, with the default chain options.
    const io::ImportResult target = io::importModel(bundled()), source = io::importModel(pab);
    ASSERT_TRUE(target.ok && source.ok);
    const std::string text = readText(map);
    std::string error;
    const auto saved = model::boneMapFromJson(text, source.rig.skeleton, target.rig.skeleton, error);
    ASSERT_TRUE(saved) << error << "\n" << text;
    EXPECT_EQ(saved->map.pairs, model::proposeBoneMap(source.rig.skeleton, target.rig.skeleton).pairs);
    EXPECT_EQ(saved->options, model::RetargetOptions());
    ASSERT_GT(saved->map.pairs.size(), 10u);

    // Read back with --map, the same clip; --feet off and --hands pin override the file's legs and arms.
    const auto mapped = test::runProcess({test::cliExecutable(), "retarget", bundled(), "--from", pab, "--map", map, "--feet", "off",
                                          "--hands", "pin", "--save-map", legsOff, "-o", mappedOut});
    ASSERT_EQ(mapped.exitCode, 0) << mapped.err;
    EXPECT_NE(mapped.err.find("driven by " + map), std::string::npos) << mapped.err;
    const auto off = model::boneMapFromJson(readText(legsOff), source.rig.skeleton, target.rig.skeleton, error);
    ASSERT_TRUE(off) << error;
    EXPECT_EQ(off->map.pairs, saved->map.pairs);
    EXPECT_FALSE(off->options[model::RetargetChain::LeftLeg].ik || off->options[model::RetargetChain::RightLeg].ik);
    EXPECT_TRUE(off->options[model::RetargetChain::LeftArm].ik && off->options[model::RetargetChain::RightArm].ik);
    const auto again = test::runProcess({test::cliExecutable(), "retarget", bundled(), "--from", pab, "--map", map, "-o", mappedOut});
    ASSERT_EQ(again.exitCode, 0) << again.err;
    const io::ImportResult a = io::importModel(proposedOut), b = io::importModel(mappedOut);
    ASSERT_TRUE(a.ok && b.ok);
    EXPECT_TRUE(a.rig.clips.back() == b.rig.clips.back()) << "the saved map carries the clip as the proposed one did";

    // A hand edit renaming the first pair's target to a bone the target lacks.
    const std::string hips = target.rig.skeleton.names[static_cast<std::size_t>(saved->map.pairs.front().target)];
    std::string bad = text;
    const std::string from = "\"target\": \"" + hips + "\"";
    ASSERT_NE(bad.find(from), std::string::npos) << text;
    bad.replace(bad.find(from), from.size(), "\"target\": \"NoSuchBone\"");
    std::ofstream(edited, std::ios::binary) << bad;
    const auto refused = test::runProcess({test::cliExecutable(), "retarget", bundled(), "--from", pab, "--map", edited, "-o", refusedOut});
    EXPECT_EQ(refused.exitCode, 3);
    EXPECT_NE(refused.err.find("marrow-cli: error: " + edited + ": the map names bones the target lacks: NoSuchBone\n"),
              std::string::npos)
        << refused.err;
    EXPECT_FALSE(fs::exists(refusedOut)) << "nothing written on a failure";
    for (const std::string& f : {map, edited, legsOff, proposedOut, mappedOut})
        fs::remove(f);
}

} // namespace marrow
