// SPDX-License-Identifier: MIT
// `--clips-from` names clips as the editor's Import Clips does: a clip whose
// name is taken comes in under its file's base name, then numbered.
#include "run_process.h"
#include "shared_models.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

using namespace marrow;

TEST(CliClipsFrom, ClashingClipsTakeTheirFilesName)
{
    const auto pab = [](const char* file) { return test::model(std::string("ozz-animation/fbx/pab/") + file); };
    const test::ProcessResult r =
        test::runProcess({(test::binDir() / "marrow-cli").string(), "info", pab("skeleton.fbx"), "--clips-from",
                          pab("walk.fbx"), "--clips-from", pab("locomotions.fbx"), "--clips-from", pab("walk.fbx")});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const nlohmann::json info = nlohmann::json::parse(r.out);
    std::vector<std::string> names;
    for (const auto& clip : info.at("clips"))
        names.push_back(clip.at("name").get<std::string>());
    // locomotions.fbx holds jog, run and a second walk; walk.fbx's walk comes twice.
    EXPECT_EQ(names, (std::vector<std::string>{"Take 001", "walk", "jog", "run", "locomotions", "walk.001"}));
}
