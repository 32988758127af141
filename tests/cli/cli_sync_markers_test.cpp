// SPDX-License-Identifier: MIT
// `marrow-cli info` lists each clip's sync markers (issue 21), found from
// the feet: the bundled walk and run each put each foot down ("L", "R")
// and lift it ("L up", "R up") once per cycle, the idle none.
#include "cli_pose_runner.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <filesystem>
#include <map>

using namespace marrow;

TEST(CliSyncMarkers, InfoListsEachFootDownAndUpOncePerCycle)
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
        // Each foot goes down once and lifts once a cycle.
        ASSERT_EQ(markers.size(), 4u) << name;
        std::map<std::string, double> at;
        for (const nlohmann::json& m : markers)
            at[m.at("name").get<std::string>()] = m.at("time").get<double>();
        ASSERT_EQ(at.size(), 4u) << name;
        for (const char* event : {"L", "R", "L up", "R up"})
            EXPECT_TRUE(at.contains(event)) << name << " " << event;
        const double duration = clip.at("duration").get<double>();
        // The right foot lands about half a cycle after the left, and each
        // lifts after it lands, before it lands again.
        // (within two frames: the speed rule sees a landing once the foot has
        // slowed, and a landing on the loop's first frame has no frame before it)
        EXPECT_NEAR((at["R"] - at["L"]) / duration, 0.5, 0.05 + 2.0 / 30.0 / duration) << name;
        for (const char* foot : {"L", "R"}) {
            const double stance = std::fmod(at[std::string(foot) + " up"] - at[foot] + duration, duration);
            EXPECT_GT(stance, 0.1 * duration) << name << " " << foot;
            EXPECT_LT(stance, 0.9 * duration) << name << " " << foot;
        }
        ++checked;
    }
    EXPECT_EQ(checked, 2);
}
