// SPDX-License-Identifier: MIT
// Hostile glTF cases beyond the shared set, built in code: nesting that would
// overflow a recursive parser, accessors that would allocate gigabytes from
// nothing, URIs that leave the folder in other spellings, a missing buffer.
#include "core/io/gltf_import.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>

namespace marrow {
namespace {

namespace fs = std::filesystem;

// One triangle, its buffer as a base64 data URI (3 float3 positions, 36 bytes of zeros).
nlohmann::json triangle()
{
    return nlohmann::json::parse(R"({
      "asset": {"version": "2.0"},
      "scene": 0, "scenes": [{"nodes": [0]}],
      "nodes": [{"mesh": 0}],
      "meshes": [{"primitives": [{"attributes": {"POSITION": 0}}]}],
      "accessors": [{"bufferView": 0, "componentType": 5126, "count": 3, "type": "VEC3"}],
      "bufferViews": [{"buffer": 0, "byteLength": 36}],
      "buffers": [{"byteLength": 36,
                   "uri": "data:application/octet-stream;base64,AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"}]
    })");
}

class GltfLimits : public ::testing::Test {
protected:
    void SetUp() override
    {
        m_dir = fs::temp_directory_path() / ("marrow_limits_" + std::to_string(::getpid())) / "model";
        fs::create_directories(m_dir);
    }
    void TearDown() override { fs::remove_all(m_dir.parent_path()); }

    io::ImportResult importText(const std::string& text)
    {
        const std::string path = (m_dir / "m.gltf").string();
        std::ofstream(path, std::ios::binary) << text;
        return io::importGltf(path);
    }

    fs::path m_dir;
};

TEST_F(GltfLimits, TheBaseTriangleLoads)
{
    const io::ImportResult r = importText(triangle().dump());
    ASSERT_TRUE(r.ok) << r.error;
    EXPECT_EQ(r.rig.meshes.at(0).positions.size(), 3u);
}

TEST_F(GltfLimits, DeepNestingIsRejectedBeforeParsing)
{
    std::string text = triangle().dump();
    // Appended in place: GCC 12 misreads the temporaries of a + chain here (-Warray-bounds).
    std::string deep = ",\"extras\":";
    deep.append(100000, '[');
    deep.append(100000, ']');
    text.insert(text.size() - 1, deep);
    const io::ImportResult r = importText(text);
    ASSERT_FALSE(r.ok);
    EXPECT_NE(r.error.find("nested more than"), std::string::npos) << r.error;
}

TEST_F(GltfLimits, AnAccessorWithoutDataCannotClaimMillionsOfElements)
{
    nlohmann::json j = triangle();
    j["accessors"][0].erase("bufferView");
    j["accessors"][0]["count"] = 200000000;
    const io::ImportResult r = importText(j.dump());
    ASSERT_FALSE(r.ok);
    EXPECT_NE(r.error.find("no bufferView"), std::string::npos) << r.error;
}

TEST_F(GltfLimits, AHugeByteOffsetCannotWrapAroundTheBoundsCheck)
{
    for (const std::uint64_t offset : {18446744073709551608ull, 9223372036854775808ull, 37ull}) {
        nlohmann::json j = triangle();
        j["accessors"][0]["byteOffset"] = offset;
        const io::ImportResult r = importText(j.dump());
        EXPECT_FALSE(r.ok) << offset;
    }
}

TEST_F(GltfLimits, UrisThatLeaveTheFolderAreNotRead)
{
    // A file beside the model's folder that a traversal would reach.
    std::ofstream(m_dir.parent_path() / "secret.bin", std::ios::binary) << std::string(36, '\0');
    const std::vector<std::string> uris{"../secret.bin", "..%2Fsecret.bin", (m_dir.parent_path() / "secret.bin").string(),
                                        "sub/../../secret.bin"};
    for (const std::string& uri : uris) {
        nlohmann::json j = triangle();
        j["buffers"][0]["uri"] = uri;
        const io::ImportResult r = importText(j.dump());
        EXPECT_FALSE(r.ok) << uri << " was read";
        EXPECT_NE(r.error.find("outside the model's folder"), std::string::npos) << uri << ": " << r.error;
    }
}

TEST_F(GltfLimits, AnExternalBufferBesideTheModelIsRead)
{
    std::ofstream(m_dir / "data.bin", std::ios::binary) << std::string(36, '\0');
    nlohmann::json j = triangle();
    j["buffers"][0]["uri"] = "data.bin";
    const io::ImportResult r = importText(j.dump());
    EXPECT_TRUE(r.ok) << r.error;
}

TEST_F(GltfLimits, AMissingBufferNamesTheFile)
{
    nlohmann::json j = triangle();
    j["buffers"][0]["uri"] = "nowhere.bin";
    const io::ImportResult r = importText(j.dump());
    ASSERT_FALSE(r.ok);
    EXPECT_NE(r.error.find("nowhere.bin"), std::string::npos) << r.error;
}

TEST_F(GltfLimits, ARequiredCompressionExtensionIsRefused)
{
    nlohmann::json j = triangle();
    j["extensionsUsed"] = {"KHR_draco_mesh_compression"};
    j["extensionsRequired"] = {"KHR_draco_mesh_compression"};
    const io::ImportResult r = importText(j.dump());
    ASSERT_FALSE(r.ok);
    EXPECT_NE(r.error.find("KHR_draco_mesh_compression"), std::string::npos) << r.error;
}

TEST_F(GltfLimits, ARequiredTextureExtensionDoesNotStopTheRig)
{
    nlohmann::json j = triangle();
    j["extensionsUsed"] = {"KHR_texture_basisu"};
    j["extensionsRequired"] = {"KHR_texture_basisu"};
    const io::ImportResult r = importText(j.dump());
    EXPECT_TRUE(r.ok) << r.error;
}

} // namespace
} // namespace marrow
