// SPDX-License-Identifier: MIT
// marrow-cli retarget (issue 40): usage errors exit 2; a skeleton that is no
// biped (the Fox) and a clip SOURCE lacks exit 3 naming what is wrong, and
// write nothing; pab's run onto the bundled character adds one clip as long
// as the source's, and in it the character runs upright: hips above both
// feet at every frame, the feet apart by a stride at some frame.
#include "core/anim/local_to_world_job.h"
#include "core/anim/sample_clip_job.h"
#include "core/io/model_import.h"
#include "core/model/bone_role.h"
#include "run_process.h"
#include "shared_models.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <unistd.h>

namespace marrow {
namespace {

namespace fs = std::filesystem;

std::string cli() { return (test::binDir() / "marrow-cli").string(); }

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

} // namespace

TEST(CliRetarget, RefusesWhatItCannotCarryAndSaysWhy)
{
    const std::string out = temp("x.glb"), pab = test::model("ozz-animation/fbx/pab/run.fbx");
    for (const std::vector<std::string>& args :
         {std::vector<std::string>{"retarget", bundled(), "-o", out}, {"retarget", bundled(), "--from", pab},
          {"retarget", "--from", pab, "-o", out}, {"retarget", bundled(), "--from", pab, "--fps", "0", "-o", out},
          {"retarget", bundled(), "--from", pab, "--frobnicate", "-o", out},
          {"retarget", bundled(), "--from", pab, "--feet", "sideways", "-o", out}}) {
        std::vector<std::string> argv{cli()};
        argv.insert(argv.end(), args.begin(), args.end());
        EXPECT_EQ(test::runProcess(argv).exitCode, 2) << args.back();
    }
    const std::string fox = test::model("real/Fox.glb");
    if (fs::exists(fox)) {
        const auto r = test::runProcess({cli(), "retarget", bundled(), "--from", fox, "-o", out});
        EXPECT_EQ(r.exitCode, 3);
        EXPECT_NE(r.err.find(fox + ": not a biped skeleton to retarget (no left thigh, no right thigh)"), std::string::npos) << r.err;
    }
    const auto noClip = test::runProcess({cli(), "retarget", bundled(), "--from", pab, "--clips", "sprint", "-o", out});
    EXPECT_EQ(noClip.exitCode, 3);
    EXPECT_NE(noClip.err.find("no clip named 'sprint'"), std::string::npos) << noClip.err;
    EXPECT_FALSE(fs::exists(out)) << "nothing written on a failure";
}

TEST(CliRetarget, PabsRunOntoTheBundledCharacterRunsUpright)
{
    const std::string pab = test::model("ozz-animation/fbx/pab/run.fbx"), out = temp("run.glb");
    if (!fs::exists(pab))
        GTEST_SKIP() << "pab is not in ../shared/models";
    const auto r = test::runProcess({cli(), "retarget", bundled(), "--from", pab, "-o", out});
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
        EXPECT_GT(y(hips), std::max(y(footL), y(footR)) + 0.3f) << "frame " << f;
        widest = std::max(widest, glm::length(glm::vec3(worlds[static_cast<std::size_t>(footL)][3] - worlds[static_cast<std::size_t>(footR)][3])));
    }
    EXPECT_GT(widest, 0.4f) << "a run's stride parts the feet";
    fs::remove(out);
}
} // namespace marrow
