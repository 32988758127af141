// SPDX-License-Identifier: MIT
// marrow-cli as scripts see it: exit codes, messages on stderr, outputs.
#include "obj_compare.h"
#include "run_process.h"
#include "shared_models.h"
#include "cli_pose_runner.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <fstream>

namespace marrow {
namespace {

std::filesystem::path tempFile(const std::string& name)
{
    return std::filesystem::temp_directory_path() / ("marrow_cli_" + std::to_string(::getpid()) + "_" + name);
}

TEST(CliArguments, NoCommandIsAUsageError)
{
    const auto r = test::runProcess({test::cliExecutable()});
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_NE(r.err.find("usage:"), std::string::npos) << r.err;
}

TEST(CliArguments, UnknownCommandAndOptionsAreUsageErrors)
{
    const std::string model = test::model("ozz-animation/gltf/khronos/rigged_simple.gltf");
    EXPECT_EQ(test::runProcess({test::cliExecutable(), "frobnicate", model}).exitCode, 2);
    EXPECT_EQ(test::runProcess({test::cliExecutable(), "info", model, "--bogus"}).exitCode, 2);
    EXPECT_EQ(test::runProcess({test::cliExecutable(), "pose", model}).exitCode, 2) << "pose needs -o";
    EXPECT_EQ(test::runProcess({test::cliExecutable(), "pose", model, "--clip", "0", "--time", "soon", "-o", "x.obj"}).exitCode, 2);
    EXPECT_EQ(test::runProcess({test::cliExecutable(), "pose", model, "--clip", "0", "--time", "nan", "-o", "x.obj"}).exitCode, 2);
    EXPECT_EQ(test::runProcess({test::cliExecutable(), "pose", model, "--skinning", "magic", "-o", "x.obj"}).exitCode, 2);
    EXPECT_EQ(test::runProcess({test::cliExecutable(), "pose", model, "--blend", "0", "-o", "x.obj"}).exitCode, 2) << "--blend needs --clip";
    EXPECT_EQ(test::runProcess({test::cliExecutable(), "convert", model, "out.obj"}).exitCode, 2) << "convert writes glTF only";
    EXPECT_EQ(test::runProcess({test::cliExecutable(), "convert", model}).exitCode, 2);
}

TEST(CliArguments, UnknownClipNamesTheClips)
{
    const auto out = tempFile("clip.obj");
    const auto r = test::runProcess({test::cliExecutable(), "pose", test::model("synthetic/public_rig.gltf"), "--clip", "dance", "-o", out.string()});
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_NE(r.err.find("no clip 'dance'"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("'stride'"), std::string::npos) << r.err;
}

TEST(CliErrors, MissingFileIsBadInputNamingTheFile)
{
    const auto r = test::runProcess({test::cliExecutable(), "info", "/nonexistent/thing.gltf"});
    EXPECT_EQ(r.exitCode, 3);
    EXPECT_NE(r.err.find("marrow-cli: error: /nonexistent/thing.gltf: "), std::string::npos) << r.err;
}

TEST(CliInfo, DescribesJointsMeshesAndClips)
{
    const auto r = test::runProcess({test::cliExecutable(), "info", test::model("synthetic/public_rig.gltf")});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    int bones = 0;
    for (const auto& joint : j.at("joints"))
        bones += joint.at("bone").get<bool>();
    EXPECT_EQ(bones, 28);
    ASSERT_EQ(j.at("skins").size(), 1u);
    EXPECT_EQ(j.at("skins")[0].at("joints"), 28);
    bool eight = false;
    for (const auto& m : j.at("meshes"))
        eight |= m.at("maxInfluences").get<int>() == 8;
    EXPECT_TRUE(eight) << "the skinned creature uses 8 influences";
    ASSERT_EQ(j.at("clips").size(), 3u);
    const auto& stride = j.at("clips")[1];
    EXPECT_EQ(stride.at("name"), "stride");
    EXPECT_NEAR(stride.at("duration").get<double>(), 0.8, 1e-6);
    const auto interps = stride.at("interpolations").get<std::vector<std::string>>();
    EXPECT_NE(std::find(interps.begin(), interps.end(), "CUBICSPLINE"), interps.end());
    EXPECT_NE(std::find(interps.begin(), interps.end(), "STEP"), interps.end());
    EXPECT_EQ(j.at("clips")[2].at("animatedJoints"), 4) << "point animates the left arm only";
}

TEST(CliInfo, ListsMaterialsImagesMorphTargetsAndExtensions)
{
    const auto r = test::runProcess({test::cliExecutable(), "info", test::traitsSample()});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    const auto& carried = j.at("carried");
    EXPECT_EQ(carried.at("materialNames"), (std::vector<std::string>{"Body_MAT", "Head_MAT", "Sword_MAT"}));
    EXPECT_EQ(carried.at("imageNames").size(), carried.at("images").get<std::size_t>());
    const auto used = carried.at("extensionsUsed").get<std::vector<std::string>>();
    EXPECT_NE(std::find(used.begin(), used.end(), "KHR_materials_specular"), used.end());
    bool head = false;
    for (const auto& m : j.at("meshes")) {
        if (m.at("name") != "Head") {
            EXPECT_TRUE(m.at("morphTargets").empty()) << m.at("name");
            continue;
        }
        head = true;
        ASSERT_EQ(m.at("morphTargets").size(), 1u);
        EXPECT_EQ(m.at("morphTargets")[0].at("name"), "Puff");
        EXPECT_FLOAT_EQ(m.at("morphTargets")[0].at("defaultWeight").get<float>(), 0.25f);
    }
    EXPECT_TRUE(head);
    for (const auto& c : j.at("clips"))
        EXPECT_EQ(c.at("morphWeightTracks"), c.at("name") == "idle" ? 1 : 0) << c.at("name");
}

// An Assimp-read model has no glTF source: info lists the materials as the
// rig holds them (what a glTF write gives), each map with its UV set.
TEST(CliInfo, ListsAnObjsMaterialsInGltfTerms)
{
    const std::string obj = std::filesystem::path(test::traitsSample()).replace_extension(".obj").string();
    const auto r = test::runProcess({test::cliExecutable(), "info", obj});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_TRUE(j.at("carried").is_null());
    bool body = false;
    for (const auto& m : j.at("materials")) {
        if (m.at("name") != "Body_MAT")
            continue;
        body = true;
        EXPECT_EQ(m.at("metallic"), 0.0);
        EXPECT_NEAR(m.at("roughness").get<double>(), 0.75, 1e-6);
        EXPECT_EQ(m.at("normalTexture").at("texture"), "marrow_character_traits_normal.png");
        EXPECT_EQ(m.at("baseColourTexture").at("uvSet"), 0);
    }
    EXPECT_TRUE(body);
    EXPECT_EQ(j.at("textures").size(), 2u);
    for (const auto& m : j.at("meshes"))
        EXPECT_EQ(m.at("uvSets"), 1) << m.at("name");
}

TEST(CliInfo, WarningsGoToStderrAndTheJson)
{
    const auto r = test::runProcess({test::cliExecutable(), "info", test::model("ozz-animation/gltf/khronos/cesium_man.gltf")});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.err.find("marrow-cli: warning:"), std::string::npos);
    EXPECT_NE(r.err.find("renormalised"), std::string::npos) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_FALSE(j.at("warnings").empty());
}

// What Assimp leaves out of a file, on stderr, each line naming the file.
TEST(CliInfo, WhatAssimpLeavesOutIsOnStderr)
{
    const std::string arnaud = test::model("ozz-animation/fbx/pab/arnaud.fbx");
    auto r = test::runProcess({test::cliExecutable(), "info", arnaud});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.err.find("marrow-cli: warning: " + arnaud + ": animation stack 'Take 001' was not read"), std::string::npos)
        << r.err;
    const std::string skeleton = test::model("ozz-animation/fbx/pab/skeleton.fbx");
    r = test::runProcess({test::cliExecutable(), "info", skeleton});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.err.find("marrow-cli: warning: " + skeleton + ": clip 'Take 001' comes out 0 s long"), std::string::npos)
        << r.err;
    r = test::runProcess({test::cliExecutable(), "info", test::model("assimp/models/Collada/library_animation_clips.dae")});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    std::vector<std::string> names;
    for (const auto& clip : j.at("clips"))
        names.push_back(clip.at("name").get<std::string>());
    std::sort(names.begin(), names.end());
    EXPECT_EQ(names, (std::vector<std::string>{"bend", "turn"}));
}

// Every reference pose, through the command line this time.
TEST(CliPose, ReproducesEveryExpectedPose)
{
    std::ifstream in(test::sharedModels() / "expected" / "manifest.json");
    const auto m = nlohmann::json::parse(in);
    const auto out = tempFile("pose.obj");
    int checked = 0;
    for (const auto& c : m.at("cases")) {
        std::vector<std::string> argv{test::cliExecutable(), "pose", test::model(c.at("model"))};
        for (const auto& a : c.at("args"))
            argv.push_back(a);
        argv.insert(argv.end(), {"-o", out.string()});
        const auto r = test::runProcess(argv);
        ASSERT_EQ(r.exitCode, 0) << c.at("file") << ": " << r.err;
        const double ratio = test::hausdorffRatio(
            test::readObjVertices((test::sharedModels() / "expected" / c.at("file").get<std::string>()).string()),
            test::readObjVertices(out.string()));
        EXPECT_LT(ratio, m.at("tolerance").get<double>()) << c.at("file");
        ++checked;
    }
    EXPECT_EQ(checked, 30);
    std::filesystem::remove(out);
}

} // namespace
} // namespace marrow
