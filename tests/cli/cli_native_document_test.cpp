// SPDX-License-Identifier: MIT
// marrow-cli reads .marrow documents: info and convert work on them, and a
// damaged one is refused with the file named (exit 3), never a crash.
#include "run_process.h"
#include "shared_models.h"
#include "tiny_rigs.h"

#include "core/io/document_codec.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>

using namespace marrow;

namespace {

std::string cliPath()
{
    return (test::binDir() / "marrow-cli").string();
}

std::filesystem::path writeDocument(const std::string& name, const std::string& bytes)
{
    const auto dir = std::filesystem::temp_directory_path() / "marrow_cli_native";
    std::filesystem::create_directories(dir);
    const auto path = dir / name;
    std::ofstream(path, std::ios::binary) << bytes;
    return path;
}

} // namespace

TEST(CliNativeDocument, InfoAndConvertReadADocument)
{
    const model::Rig rig = test::fourVertexSkinRig();
    doc::DocumentExtras extras;
    extras.locks.insert(1);
    const auto path = writeDocument("strip.marrow", doc::encodeDocument(rig, extras));
    const test::ProcessResult info = test::runProcess({cliPath(), "info", path.string()});
    ASSERT_EQ(info.exitCode, 0) << info.err;
    const auto j = nlohmann::json::parse(info.out);
    EXPECT_EQ(j.at("joints").size(), rig.skeleton.size());
    EXPECT_EQ(j.at("clips").size(), rig.clips.size());

    const auto out = path.parent_path() / "strip.gltf";
    std::filesystem::remove(out);
    const test::ProcessResult convert = test::runProcess({cliPath(), "convert", path.string(), out.string()});
    ASSERT_EQ(convert.exitCode, 0) << convert.err;
    const test::ProcessResult back = test::runProcess({cliPath(), "info", out.string()});
    ASSERT_EQ(back.exitCode, 0) << back.err;
    EXPECT_EQ(nlohmann::json::parse(back.out).at("meshes")[0].at("vertices").get<int>(), 4);
}

TEST(CliNativeDocument, ADamagedDocumentIsRefusedWithItsName)
{
    std::string bytes = doc::encodeDocument(test::fourVertexSkinRig());
    bytes.resize(bytes.size() / 2);
    const auto path = writeDocument("truncated.marrow", bytes);
    const test::ProcessResult r = test::runProcess({cliPath(), "info", path.string()});
    EXPECT_EQ(r.exitCode, 3);
    EXPECT_NE(r.err.find("truncated.marrow"), std::string::npos) << r.err;
}

TEST(CliNativeDocument, ConvertWritesADocumentThatReadsBackTheSame)
{
    const std::string model = test::model("synthetic/public_rig.gltf");
    const auto out = writeDocument("public_rig.marrow", "");
    const test::ProcessResult convert = test::runProcess({cliPath(), "convert", model, out.string()});
    ASSERT_EQ(convert.exitCode, 0) << convert.err;
    const test::ProcessResult fromGltf = test::runProcess({cliPath(), "info", model});
    const test::ProcessResult fromDoc = test::runProcess({cliPath(), "info", out.string()});
    ASSERT_EQ(fromDoc.exitCode, 0) << fromDoc.err;
    auto a = nlohmann::json::parse(fromGltf.out), b = nlohmann::json::parse(fromDoc.out);
    for (const char* key : {"joints", "skins", "meshes", "clips"})
        EXPECT_EQ(a.at(key), b.at(key)) << key;
    // The same pose from both.
    const auto objA = out.parent_path() / "a.obj", objB = out.parent_path() / "b.obj";
    ASSERT_EQ(test::runProcess({cliPath(), "pose", model, "--clip", "stride", "--time", "0.4", "-o", objA.string()}).exitCode, 0);
    ASSERT_EQ(test::runProcess({cliPath(), "pose", out.string(), "--clip", "stride", "--time", "0.4", "-o", objB.string()}).exitCode, 0);
    EXPECT_EQ(test::slurp(objA), test::slurp(objB));
}

TEST(CliNativeDocument, AVersionOneDocumentStillOpensAndPosesTheSame)
{
    const std::string v1 = MARROW_TEST_DATA_DIR "/public_rig_v1.marrow";
    const std::string gltf = test::model("synthetic/public_rig.gltf");
    const auto dir = writeDocument("unused.marrow", "").parent_path();
    const auto a = dir / "v1.obj", b = dir / "gltf.obj";
    for (const char* clip : {"idle", "stride", "point"}) {
        ASSERT_EQ(test::runProcess({cliPath(), "pose", v1, "--clip", clip, "--time", "0.37", "-o", a.string()}).exitCode, 0);
        ASSERT_EQ(test::runProcess({cliPath(), "pose", gltf, "--clip", clip, "--time", "0.37", "-o", b.string()}).exitCode, 0);
        EXPECT_EQ(test::slurp(a), test::slurp(b)) << clip;
    }
}

TEST(CliNativeDocument, ConvertWarnsWhenChannelsMixModes)
{
    model::Rig rig = test::fourVertexSkinRig();
    anim::Vec3Channel& ch = rig.clips[1].tracks[0].translation;
    ch.interpolations = {anim::Interpolation::Step, anim::Interpolation::Linear};
    const auto path = writeDocument("mixed.marrow", doc::encodeDocument(rig));
    const auto out = path.parent_path() / "mixed.glb";
    const test::ProcessResult r = test::runProcess({cliPath(), "convert", path.string(), out.string(), "--sample-rate", "30"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.err.find("warning: 1 channel mixes interpolation modes"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("30 fps"), std::string::npos) << r.err;
    EXPECT_EQ(test::runProcess({cliPath(), "convert", path.string(), out.string(), "--sample-rate", "0"}).exitCode, 2);
    const test::ProcessResult uniform = test::runProcess({cliPath(), "convert", test::model("synthetic/public_rig.gltf"), out.string()});
    EXPECT_EQ(uniform.err.find("mix interpolation"), std::string::npos) << "uniform channels stay exact, no warning";
}
