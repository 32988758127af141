// SPDX-License-Identifier: MIT
// `marrow-cli info` lists each clip's sync markers (issue 21), found from
// the feet: the bundled walk and run each put the left foot down and then
// the right once per cycle, the idle none.
#include "cli_pose_runner.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>

using namespace marrow;

TEST(CliSyncMarkers, InfoListsOneLeftAndOneRightFootDownPerCycle)
{
    const std::string bundled =
        (std::filesystem::path(MARROW_TEST_DATA_DIR).parent_path().parent_path() / "resources/samples/marrow_character.gltf")
            .string();
    const test::ProcessResult r = test::runProcess({test::cliExecutable(), "info", bundled});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const nlohmann::json info = nlohmann::json::parse(r.out);
    int checked = 0;
    for (const nlohmann::json& clip : info.at("clips")) {
        const nlohmann::json& markers = clip.at("syncMarkers");
        const std::string name = clip.at("name").get<std::string>();
        if (name == "idle") {
            EXPECT_TRUE(markers.empty()) << "standing still puts no foot down";
            continue;
        }
        ASSERT_EQ(markers.size(), 2u) << name;
        EXPECT_EQ(markers[0].at("name").get<std::string>(), "L") << name;
        EXPECT_EQ(markers[1].at("name").get<std::string>(), "R") << name;
        const double duration = clip.at("duration").get<double>();
        // The right foot lands about half a cycle after the left.
        const double apart = markers[1].at("time").get<double>() - markers[0].at("time").get<double>();
        EXPECT_NEAR(apart / duration, 0.5, 0.05) << name;
        ++checked;
    }
    EXPECT_EQ(checked, 2);
}
