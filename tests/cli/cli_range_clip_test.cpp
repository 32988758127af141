// SPDX-License-Identifier: MIT
// --range-clip NEW=CLIP:START:END (issue 37): every command that reads
// clips can cut new ones from ranges of a take; info lists them, a synced
// transition runs between two cuts, and a bad spec is a usage error that
// names its problem.
#include "run_process.h"
#include "shared_models.h"
#include "cli_pose_runner.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>

using namespace marrow;

namespace {

const nlohmann::json* clipNamed(const nlohmann::json& clips, const std::string& name)
{
    for (const auto& c : clips)
        if (c.at("name") == name)
            return &c;
    return nullptr;
}

} // namespace

TEST(CliRangeClip, InfoListsTheCutClips)
{
    const std::string fox = test::model("real/Fox.glb");
    const test::ProcessResult r = test::runProcess(
        {test::cliExecutable(), "info", fox, "--range-clip", "stride=Walk:0.1:0.6", "--range-clip", "dash=2:0.25:1.0"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const auto clips = nlohmann::json::parse(r.out).at("clips");
    const nlohmann::json* stride = clipNamed(clips, "stride");
    const nlohmann::json* dash = clipNamed(clips, "dash");
    ASSERT_TRUE(stride && dash) << r.out;
    EXPECT_NEAR(stride->at("duration").get<double>(), 0.5, 1e-5);
    EXPECT_NEAR(dash->at("duration").get<double>(), 0.75, 1e-5);
    EXPECT_EQ(clips.back().at("name"), "dash") << "added in the order given";
}

TEST(CliRangeClip, ASyncedTransitionRunsBetweenTwoCuts)
{
    const auto dir = std::filesystem::temp_directory_path() / "marrow_cli_range_clip";
    std::filesystem::create_directories(dir);
    const auto out = dir / "cuts.glb";
    std::filesystem::remove(out);
    const std::string pab = test::model("ozz-animation/fbx/pab/locomotions.fbx");
    const test::ProcessResult r = test::runProcess(
        {test::cliExecutable(), "transition", pab, "--range-clip", "walk_cut=walk:0:1.0", "--range-clip", "run_cut=run:0.1:0.6",
         "--from", "walk_cut", "--to", "run_cut", "--duration", "0.3", "--sync", "--cycle-a", "--cycle-b", "-o",
         out.string()});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const test::ProcessResult info = test::runProcess({test::cliExecutable(), "info", out.string()});
    ASSERT_EQ(info.exitCode, 0) << info.err;
    const auto clips = nlohmann::json::parse(info.out).at("clips");
    EXPECT_TRUE(clipNamed(clips, "walk_cut") && clipNamed(clips, "run_cut")) << info.out;
    EXPECT_TRUE(clipNamed(clips, "walk_cut to run_cut")) << info.out;
}

TEST(CliRangeClip, ABadSpecIsAUsageErrorNamingItsProblem)
{
    const std::string fox = test::model("real/Fox.glb");
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"Walk:0:1", "NEW=CLIP:START:END"},
        {"=Walk:0:0.5", "name for the new clip"},
        {"x=Walk:zero:0.5", "numbers of seconds"},
        {"x=Walk:0.5:0.2", "START before END"},
        {"x=Trot:0:0.5", "no clip 'Trot'"},
        {"x=Walk:0:5", "past the end of 'Walk'"},
        {"Run=Walk:0:0.5", "already named 'Run'"},
    };
    for (const auto& [spec, problem] : cases) {
        for (const char* command : {"info", "check"}) {
            const test::ProcessResult r = test::runProcess({test::cliExecutable(), command, fox, "--range-clip", spec});
            EXPECT_EQ(r.exitCode, 2) << command << " " << spec << ": " << r.err;
            EXPECT_NE(r.err.find(problem), std::string::npos) << command << " " << spec << ": " << r.err;
        }
    }
    const test::ProcessResult missing = test::runProcess({test::cliExecutable(), "pose", fox, "--range-clip"});
    EXPECT_EQ(missing.exitCode, 2) << missing.err;
}
