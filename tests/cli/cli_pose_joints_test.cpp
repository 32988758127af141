// SPDX-License-Identifier: MIT
// marrow-cli pose --joints (issue 37): the joints in world space as JSON,
// for scripts that measure feet without reading meshes. At rest each joint's
// world is its parent's times its rest local (column-major, as glTF), its
// position the world's translation, its parent the skeleton's; with
// --frames every frame of a clip or a saved transition comes out, and each
// frame equals the single pose at its time; misuse exits 2.
#include "cli_pose_runner.h"
#include "run_process.h"

#include "core/io/document_codec.h"
#include "core/io/gltf_import.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <glm/gtc/type_ptr.hpp>

#include <cmath>
#include <fstream>

using namespace marrow;

namespace {

std::filesystem::path scratch(const std::string& name)
{
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    return test::scratchFile("marrow_cli_pose_joints", std::string(info->name()) + "_" + name);
}

nlohmann::json run(std::vector<std::string> args, const std::filesystem::path& out)
{
    args.insert(args.begin(), {test::cliExecutable(), "pose"});
    args.insert(args.end(), {"--joints", out.string()});
    const test::ProcessResult r = test::runProcess(args);
    EXPECT_EQ(r.exitCode, 0) << r.err;
    std::ifstream in(out);
    return nlohmann::json::parse(in, nullptr, false);
}

glm::mat4 worldOf(const nlohmann::json& joint)
{
    float m[16];
    for (int i = 0; i < 16; ++i)
        m[i] = joint["world"][static_cast<std::size_t>(i)].get<float>();
    return glm::make_mat4(m);
}

// public_rig with a saved transition idle -> stride (T = 1.2 s).
std::filesystem::path documentWithTransition()
{
    io::ImportResult imported = io::importGltf(test::model("synthetic/public_rig.gltf"));
    EXPECT_TRUE(imported.ok) << imported.error;
    model::Transition t;
    t.name = "idle_to_stride";
    t.clipA = imported.rig.findClip("idle");
    t.clipB = imported.rig.findClip("stride");
    t.exit = 0.5;
    t.offset = 0.1;
    t.duration = 0.4;
    imported.rig.transitions.push_back(t);
    const auto path = scratch("doc.marrow");
    std::ofstream(path, std::ios::binary) << doc::encodeDocument(imported.rig);
    return path;
}

} // namespace

TEST(CliPoseJoints, TheRestComposesEachJointOnItsParentAsTheSkeletonSays)
{
    const std::string model = test::model("synthetic/public_rig.gltf");
    const io::ImportResult imported = io::importGltf(model);
    ASSERT_TRUE(imported.ok);
    const anim::Skeleton& s = imported.rig.skeleton;
    const nlohmann::json out = run({model}, scratch("rest.json"));
    ASSERT_TRUE(out.contains("joints"));
    ASSERT_EQ(out["joints"].size(), s.size());
    for (std::size_t j = 0; j < s.size(); ++j) {
        const nlohmann::json& joint = out["joints"][j];
        EXPECT_EQ(joint["name"].get<std::string>(), s.names[j]);
        EXPECT_EQ(joint["parent"].get<int>(), s.parents[j]);
        const glm::mat4 world = worldOf(joint);
        const glm::mat4 want = (s.parents[j] < 0 ? glm::mat4(1.f) : worldOf(out["joints"][static_cast<std::size_t>(s.parents[j])])) *
                               math::toMatrix(s.rest[j]);
        for (int c = 0; c < 4; ++c)
            for (int r = 0; r < 4; ++r)
                EXPECT_NEAR(world[c][r], want[c][r], 1e-4f) << s.names[j];
        for (int i = 0; i < 3; ++i)
            EXPECT_EQ(joint["position"][static_cast<std::size_t>(i)].get<float>(), world[3][i]) << s.names[j];
    }
}

TEST(CliPoseJoints, FramesWalkAClipAndATransitionAndMatchTheSinglePoses)
{
    const std::string model = test::model("synthetic/public_rig.gltf");
    const nlohmann::json clip = run({model, "--clip", "stride", "--frames", "--fps", "24"}, scratch("clip.json"));
    ASSERT_TRUE(clip.contains("frames"));
    const io::ImportResult imported = io::importGltf(model);
    const float length = imported.rig.clips[static_cast<std::size_t>(imported.rig.findClip("stride"))].duration;
    EXPECT_EQ(clip["frames"].size(), static_cast<std::size_t>(std::floor(length * 24.0 + 1e-6)) + 1);

    const std::filesystem::path document = documentWithTransition();
    const nlohmann::json blend = run({document.string(), "--transition", "idle_to_stride", "--frames", "--fps", "30"},
                                     scratch("blend.json"));
    ASSERT_TRUE(blend.contains("frames"));
    // The blend ends at 0.9 s and B settles for half a second after it.
    ASSERT_EQ(blend["frames"].size(), 43u) << "frames 0 to 42 of the 1.4 s preview at 30 fps";
    for (const std::size_t f : {std::size_t{0}, std::size_t{17}, std::size_t{42}}) {
        const nlohmann::json& frame = blend["frames"][f];
        EXPECT_NEAR(frame["time"].get<double>(), static_cast<double>(f) / 30.0, 1e-9);
        const nlohmann::json single = run({document.string(), "--transition", "idle_to_stride", "--time",
                                           test::fullPrecision(static_cast<double>(f) / 30.0)},
                                          scratch("single.json"));
        EXPECT_EQ(frame["joints"], single["joints"]) << "frame " << f;
    }
}

TEST(CliPoseJoints, FramesWithoutJointsOrWithATimeIsAUsageError)
{
    const std::string model = test::model("synthetic/public_rig.gltf");
    for (const std::vector<std::string>& args :
         {std::vector<std::string>{"--clip", "stride", "--frames", "-o", scratch("x.obj").string()},
          std::vector<std::string>{"--clip", "stride", "--frames", "--time", "0.5", "--joints", scratch("y.json").string()},
          std::vector<std::string>{"--frames", "--joints", scratch("z.json").string()}}) {
        std::vector<std::string> all{test::cliExecutable(), "pose", model};
        all.insert(all.end(), args.begin(), args.end());
        EXPECT_EQ(test::runProcess(all).exitCode, 2) << args[2];
    }
}
