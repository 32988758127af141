// SPDX-License-Identifier: MIT
// The figures warn (issue 37): `--report` names what a viewer would see go
// wrong in the blend. pab's walk into its run left at 0.6 s for 8 frames
// (the fixed settings) lands a foot twice in a row or keeps it up too long;
// the exit and offset Find best picks do neither, and the root stays within
// the clips' speeds, with the same figures the search weighed.
#include "cli_pose_runner.h"
#include "shared_models.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

using namespace marrow;

namespace {

nlohmann::json report(const std::vector<std::string>& extra, const char* name)
{
    const std::string pab = test::model("ozz-animation/fbx/pab");
    const auto out = test::scratchFile("marrow_cli_transition_faults", std::string(name) + ".marrow");
    std::vector<std::string> args{test::cliExecutable(), "transition", pab + "/arnaud.fbx", "--clips-from",
                                  pab + "/walk.fbx", "--clips-from", pab + "/run.fbx", "--from", "walk", "--to", "run",
                                  "--duration", "0.26666667", "--curve", "smoothstep", "--match-root", "--report",
                                  "-o", out.string()};
    args.insert(args.end(), extra.begin(), extra.end());
    const test::ProcessResult r = test::runProcess(args);
    EXPECT_EQ(r.exitCode, 0) << r.err;
    std::filesystem::remove(out);
    return nlohmann::json::parse(r.out);
}

} // namespace

TEST(CliTransitionFaults, FixedSettingsWarnAndFindBestKeepsTheGait)
{
    const nlohmann::json fixed = report({"--exit", "0.6"}, "fixed").at("faults");
    EXPECT_TRUE(fixed.at("skipStep").get<bool>() || fixed.at("airborneOver").get<int>() > 0) << fixed.dump();

    const nlohmann::json best = report({"--find-best"}, "best");
    const nlohmann::json& faults = best.at("faults");
    EXPECT_FALSE(faults.at("skipStep").get<bool>()) << faults.dump();
    EXPECT_EQ(faults.at("airborneOver").get<int>(), 0) << faults.dump();
    EXPECT_LT(faults.at("speedOutside").get<double>(), 0.01) << "no lunge, no stall";
    EXPECT_EQ(best.at("findBest").at("excluded").get<std::size_t>() > 0, true) << "some candidates skip a step";
    // The report's blend figure is the one the search weighed for its winner.
    EXPECT_NEAR(best.at("footSlide").at("blend").get<double>(), best.at("findBest").at("blendFootSlide").get<double>(),
                1e-6);
}
