// SPDX-License-Identifier: MIT
// `marrow-cli info` says the frame rate the editor opens a file at: the one
// its keys lie on for an import, the saved one for a .marrow document, null
// where the editor's preference applies.
#include "run_process.h"
#include "shared_models.h"
#include "tiny_rigs.h"

#include "core/io/document_codec.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <unistd.h>

using namespace marrow;

namespace {

nlohmann::json info(const std::string& path)
{
    const test::ProcessResult r = test::runProcess({(test::binDir() / "marrow-cli").string(), "info", path});
    EXPECT_EQ(r.exitCode, 0) << r.err;
    return r.exitCode == 0 ? nlohmann::json::parse(r.out) : nlohmann::json();
}

std::string document(const std::string& name, double fps)
{
    // The strip's keys lie on whole seconds: an import of them would say 24.
    doc::DocumentExtras extras;
    extras.fps = fps;
    const auto path = std::filesystem::temp_directory_path() /
                      ("marrow_cli_rate_" + std::to_string(::getpid()) + "_" + name);
    std::ofstream(path, std::ios::binary) << doc::encodeDocument(test::fourVertexSkinRig(), extras);
    return path.string();
}

} // namespace

TEST(CliFrameRate, AnImportSaysTheRateItsKeysLieOn)
{
    EXPECT_EQ(info(test::model("ozz-animation/gltf/khronos/cesium_man.gltf")).at("frameRate"), 24.0);
    EXPECT_EQ(info(test::model("synthetic/public_rig.gltf")).at("frameRate"), 60.0);
    // Nothing animated: nothing to go by.
    EXPECT_TRUE(info(test::model("assimp/models/glTF2/simple_skin/quad_skin.glb")).at("frameRate").is_null());
}

TEST(CliFrameRate, ADocumentKeepsItsSavedRate)
{
    const std::string saved = document("25.marrow", 25.0), unset = document("unset.marrow", 0.0);
    EXPECT_EQ(info(saved).at("frameRate"), 25.0);
    EXPECT_TRUE(info(unset).at("frameRate").is_null()) << "a document without a rate takes the preference";
    std::filesystem::remove(saved);
    std::filesystem::remove(unset);
}
