// SPDX-License-Identifier: MIT
#pragma once
// Shared by the glTF export tests: a fresh folder per test, file and JSON
// readers (with the GLB container checked).
#include "core/io/atomic_write.h"
#include "core/io/gltf_export.h"
#include "core/io/model_import.h"
#include "core/model/pose_pipeline.h"
#include "glm_expect.h"
#include "shared_models.h"
#include "tiny_rigs.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <limits>
#include <map>
#include <tuple>
#include <unistd.h>


namespace marrow::export_test {

namespace fs = std::filesystem;
using nlohmann::json;
using test::axisAngle;
using test::trs;

// A fresh folder per test, removed afterwards.
class ExportTest : public ::testing::Test {
protected:
    void SetUp() override
    {
        const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
        std::string name = std::string(info->test_suite_name()) + "_" + info->name();
        std::replace(name.begin(), name.end(), '/', '_');
        m_dir = fs::temp_directory_path() / ("marrow_export_" + std::to_string(::getpid()) + "_" + name);
        fs::remove_all(m_dir);
        fs::create_directories(m_dir);
    }
    void TearDown() override { fs::remove_all(m_dir); }
    std::string path(const std::string& file) const { return (m_dir / file).string(); }
    fs::path m_dir;
};

inline std::string readAll(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

inline std::uint32_t u32(const std::string& b, std::size_t at)
{
    std::uint32_t v;
    std::memcpy(&v, b.data() + at, 4);
    return v;
}

// The JSON of a .gltf, or of a .glb after checking its container: header,
// a JSON chunk, then a BIN chunk that holds at least `binBytesOut` bytes.
inline json readJson(const std::string& path, std::size_t* binBytesOut = nullptr)
{
    const std::string bytes = readAll(path);
    if (path.ends_with(".gltf"))
        return json::parse(bytes);
    EXPECT_GE(bytes.size(), 20u);
    EXPECT_EQ(bytes.substr(0, 4), "glTF");
    EXPECT_EQ(u32(bytes, 4), 2u);
    EXPECT_EQ(u32(bytes, 8), bytes.size());
    const std::uint32_t jsonLength = u32(bytes, 12);
    EXPECT_EQ(u32(bytes, 16), 0x4E4F534Au);  // "JSON"
    EXPECT_EQ(jsonLength % 4, 0u);
    const std::size_t bin = 20 + jsonLength;
    if (bin + 8 <= bytes.size()) {
        EXPECT_EQ(u32(bytes, bin + 4), 0x004E4942u);  // "BIN\0"
        EXPECT_EQ(bin + 8 + u32(bytes, bin), bytes.size());
        if (binBytesOut)
            *binBytesOut = u32(bytes, bin);
    }
    return json::parse(bytes.substr(20, jsonLength));
}

// ---- rigs built in code ----------------------------------------------------


} // namespace marrow::export_test
