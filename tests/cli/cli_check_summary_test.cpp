// SPDX-License-Identifier: MIT
// marrow-cli check's text (issue 36 item 7): it printed five lines per mesh,
// thousands on a character of many primitives. Now one line per mesh with the
// counts of each problem (the JSON's figures), each mesh's figures and the
// vertices behind them with --verbose; the exit code does not depend on it.
#include "cli_pose_runner.h"

#include "core/io/document_codec.h"
#include "core/io/model_import.h"

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <sstream>

namespace marrow {
namespace {

test::ProcessResult checkSummary(std::vector<std::string> args)
{
    args.insert(args.begin(), {test::cliExecutable(), "check"});
    return test::runProcess(args);
}

std::vector<std::string> linesOf(const std::string& text)
{
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
        lines.push_back(line);
    return lines;
}

std::string summaryOf(const nlohmann::json& mesh)
{
    return "  " + mesh["name"].get<std::string>() + ": " + std::to_string(mesh["vertices"].get<std::size_t>()) +
           " vertices, up to " + std::to_string(mesh["mostInfluences"].get<int>()) +
           " influences; over: " + std::to_string(mesh["overInfluences"].get<std::size_t>()) +
           ", asymmetric: " + std::to_string(mesh["asymmetric"].get<std::size_t>()) +
           ", weightless: " + std::to_string(mesh["weightless"].get<std::size_t>()) +
           ", unnormalised: " + std::to_string(mesh["unnormalised"].get<std::size_t>());
}

void expectOneLinePerMesh(const std::string& model)
{
    const test::ProcessResult json = checkSummary({model, "--max-influences", "4", "--json"});
    const test::ProcessResult text = checkSummary({model, "--max-influences", "4"});
    const test::ProcessResult verbose = checkSummary({model, "--max-influences", "4", "--verbose"});
    ASSERT_NE(json.exitCode, 3) << json.err;
    EXPECT_EQ(text.exitCode, json.exitCode);
    EXPECT_EQ(verbose.exitCode, json.exitCode);
    const nlohmann::json j = nlohmann::json::parse(json.out);
    const std::size_t meshes = j["meshes"].size();
    ASSERT_GE(meshes, 2u);

    const std::vector<std::string> lines = linesOf(text.out);
    // A header, a line per mesh, two bone lines, the failures (at most 4) or "passed".
    EXPECT_LE(lines.size(), meshes + 7) << text.out;
    for (const auto& mesh : j["meshes"]) {
        const std::string want = summaryOf(mesh);
        EXPECT_EQ(std::count_if(lines.begin(), lines.end(), [&](const std::string& l) { return l.rfind(want, 0) == 0; }), 1)
            << want << "\n" << text.out;
    }
    for (const auto& failure : j["failures"])
        EXPECT_NE(text.out.find("FAIL: " + failure.get<std::string>()), std::string::npos) << text.out;

    // --verbose: each mesh's four lines of figures at least, and more lines than the summary.
    const std::vector<std::string> details = linesOf(verbose.out);
    EXPECT_GE(details.size(), 4 * meshes + 3);
    EXPECT_GT(details.size(), lines.size());
}

TEST(CheckSummary, IsOneLinePerMeshOnRealFiles)
{
    // The robot: four skinned meshes among rigid parts; the astronaut: four skinned sub-meshes.
    for (const char* model : {"real/RobotExpressive.glb", "ozz-animation/collada/astro_max.dae"}) {
        SCOPED_TRACE(model);
        expectOneLinePerMesh(test::model(model));
    }
}

TEST(CheckSummary, IsOneLinePerMeshForACharacterOfManyPrimitives)
{
    // 60 skinned primitives, as a character split per material: five lines each before.
    io::ImportResult in = io::importModel(test::model("synthetic/public_rig.gltf"));
    ASSERT_TRUE(in.ok) << in.error;
    model::Rig rig = in.rig;
    const auto skinned = std::find_if(rig.meshes.begin(), rig.meshes.end(), [](const mesh::Mesh& m) { return m.skinned(); });
    ASSERT_NE(skinned, rig.meshes.end());
    const mesh::Mesh body = *skinned;
    for (int copy = 1; copy < 60; ++copy) {
        rig.meshes.push_back(body);
        rig.meshes.back().name = body.name + "_" + std::to_string(copy);
    }
    ASSERT_FALSE(rig.validate()) << *rig.validate();
    const auto path = test::scratchFile("marrow_cli_check_summary", "many.marrow");
    std::ofstream(path, std::ios::binary) << doc::encodeDocument(rig, {});
    expectOneLinePerMesh(path.string());
}

TEST(CheckSummary, VerboseListsTheVerticesBehindEachCount)
{
    const std::string model = test::model("synthetic/public_rig.gltf");
    const nlohmann::json j = nlohmann::json::parse(checkSummary({model, "--symmetry", "0.05", "--json"}).out);
    const std::string text = checkSummary({model, "--symmetry", "0.05"}).out;
    const std::vector<std::string> lines = linesOf(checkSummary({model, "--symmetry", "0.05", "--verbose"}).out);
    std::size_t listed = 0, expected = 0;
    for (const auto& mesh : j["meshes"])
        expected += mesh["asymmetric"].get<std::size_t>();
    ASSERT_GT(expected, 0u) << "the sample's deliberate asymmetry";
    for (const std::string& line : lines)
        if (line.rfind("    asymmetric vertices:", 0) == 0)
            listed += static_cast<std::size_t>(std::count(line.begin(), line.end(), ',')) + 1;
    EXPECT_EQ(listed, expected);
    EXPECT_EQ(text.find("asymmetric vertices:"), std::string::npos) << "not without --verbose";
}

} // namespace
} // namespace marrow
