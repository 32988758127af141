// SPDX-License-Identifier: MIT
// A clip's manual frame range (issue 36, item 4) in marrow-cli: info
// reports it in seconds and frames, and a glTF write plays it to its end (a
// held key there), warning that glTF cannot start a clip at its range.
#include "run_process.h"
#include "shared_models.h"
#include "tiny_rigs.h"

#include "core/io/document_codec.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>

using namespace marrow;

TEST(CliClipRange, InfoReportsTheRangeAndAGltfWritePlaysToItsEnd)
{
    model::Rig rig = test::fourVertexSkinRig();  // "bend" keyed 0 to 1 s, "lift" 0 to 2 s
    rig.clips[0].range = anim::ClipRange{10.f / 30.f, 60.f / 30.f};
    rig.clips[0].duration = 60.f / 30.f;
    doc::DocumentExtras extras;
    extras.fps = 30.0;
    const auto dir = std::filesystem::temp_directory_path() / "marrow_cli_clip_range";
    std::filesystem::create_directories(dir);
    const auto path = dir / "ranged.marrow";
    std::ofstream(path, std::ios::binary) << doc::encodeDocument(rig, extras);
    const std::string cli = (test::binDir() / "marrow-cli").string();

    const test::ProcessResult info = test::runProcess({cli, "info", path.string()});
    ASSERT_EQ(info.exitCode, 0) << info.err;
    const auto clips = nlohmann::json::parse(info.out).at("clips");
    const auto& range = clips[0].at("range");
    ASSERT_TRUE(range.is_object()) << info.out;
    EXPECT_FLOAT_EQ(range.at("start").get<float>(), 10.f / 30.f);
    EXPECT_FLOAT_EQ(range.at("end").get<float>(), 2.f);
    EXPECT_EQ(range.at("frames"), nlohmann::json({10, 60}));
    EXPECT_FLOAT_EQ(clips[0].at("duration").get<float>(), 2.f);
    EXPECT_TRUE(clips[1].at("range").is_null()) << "lift follows its keys";

    // glTF: the bend plays to 2 s (a held key), the lift as before; the
    // start glTF cannot carry is named.
    const auto gltf = dir / "ranged.gltf";
    std::filesystem::remove(gltf);
    const test::ProcessResult convert = test::runProcess({cli, "convert", path.string(), gltf.string()});
    ASSERT_EQ(convert.exitCode, 0) << convert.err;
    EXPECT_NE((convert.out + convert.err).find("glTF has no frame range"), std::string::npos)
        << convert.out << convert.err;
    const test::ProcessResult back = test::runProcess({cli, "info", gltf.string()});
    ASSERT_EQ(back.exitCode, 0) << back.err;
    const auto written = nlohmann::json::parse(back.out).at("clips");
    EXPECT_FLOAT_EQ(written[0].at("duration").get<float>(), 2.f);
    EXPECT_TRUE(written[0].at("range").is_null());
    EXPECT_FLOAT_EQ(written[1].at("duration").get<float>(), 2.f);
}
