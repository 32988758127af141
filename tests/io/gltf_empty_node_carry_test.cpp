// SPDX-License-Identifier: MIT
// A node with nothing tinygltf keeps (only properties glTF does not define)
// was written back as null: a .marrow that carried such a source saved, and
// could not be opened again (found by fuzzing the .marrow reader, issue 38).
// It is written as an empty object, in both containers, and reads back.
#include "core/io/gltf_export.h"
#include "core/io/gltf_import.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstring>

using namespace marrow;

namespace {

const char* kSource = R"({"asset": {"version": "2.0"}, "scene": 0, "scenes": [{"nodes": [0]}],
  "nodes": [{"name": "root", "children": [1]}, {"prim": "tip", "asrtnlation": [0, 0.5, 0]}]})";

nlohmann::json jsonOf(const std::string& bytes)
{
    if (bytes.size() >= 20 && std::memcmp(bytes.data(), "glTF", 4) == 0) {
        std::uint32_t length = 0;
        std::memcpy(&length, bytes.data() + 12, 4);
        return nlohmann::json::parse(bytes.substr(20, length));
    }
    return nlohmann::json::parse(bytes);
}

} // namespace

TEST(GltfEmptyNodeCarry, ANodeWithNothingKeptIsWrittenAsAnEmptyObjectAndReadsBack)
{
    const io::ImportResult source = io::importGltfBytes(kSource, "unknown_properties.gltf");
    ASSERT_TRUE(source.ok) << source.error;
    ASSERT_TRUE(source.gltfSource);
    for (const io::GltfContainer container : {io::GltfContainer::Text, io::GltfContainer::Binary}) {
        std::string bytes;
        io::GltfExportReport report;
        const auto err =
            io::encodeGltf(source.rig, container, bytes, {.source = source.gltfSource.get()}, &report);
        ASSERT_FALSE(err) << *err;
        EXPECT_TRUE(report.carriedSource) << report.notCarried;
        const nlohmann::json written = jsonOf(bytes);
        ASSERT_EQ(written["nodes"].size(), 2u);
        EXPECT_TRUE(written["nodes"][1].is_object()) << written["nodes"].dump();
        const io::ImportResult again = io::importGltfBytes(bytes, "written");
        EXPECT_TRUE(again.ok) << again.error;
        EXPECT_EQ(again.rig.skeleton.size(), source.rig.skeleton.size());
    }
}
