// SPDX-License-Identifier: MIT
// The export profile through a glTF write (issue 23): 4 influences in u8
// give JOINTS_0/WEIGHTS_0 only, normalised unsigned bytes whose rows sum to
// exactly 255, that read back as the profile's weights; u16 likewise with
// 65535; a carried write rewrites the weights the same way; the default
// profile writes floats as before.
#include "gltf_export_fixture.h"

#include "core/io/gltf_import.h"
#include "core/model/export_profile.h"
#include "shared_models.h"

#include <nlohmann/json.hpp>

namespace marrow::export_test {

namespace {

using ProfileExport = ExportTest;

// The raw WEIGHTS_0 rows of the first skinned primitive of a .glb, as integers.
std::vector<std::vector<unsigned>> weightUnits(const std::string& file, int& componentType, bool& hasSecondSet)
{
    const std::string glb = readAll(file);
    const auto u32 = [&](std::size_t at) {
        return static_cast<std::uint32_t>(static_cast<unsigned char>(glb[at])) |
               static_cast<std::uint32_t>(static_cast<unsigned char>(glb[at + 1])) << 8 |
               static_cast<std::uint32_t>(static_cast<unsigned char>(glb[at + 2])) << 16 |
               static_cast<std::uint32_t>(static_cast<unsigned char>(glb[at + 3])) << 24;
    };
    const std::uint32_t jsonLength = u32(12);
    const nlohmann::json j = nlohmann::json::parse(glb.substr(20, jsonLength));
    const std::size_t bin = 20 + jsonLength + 8;
    std::vector<std::vector<unsigned>> rows;
    for (const auto& mesh : j["meshes"])
        for (const auto& prim : mesh["primitives"]) {
            const auto& attributes = prim["attributes"];
            if (!attributes.contains("WEIGHTS_0"))
                continue;
            hasSecondSet = attributes.contains("WEIGHTS_1") || attributes.contains("JOINTS_1");
            const auto& a = j["accessors"][attributes["WEIGHTS_0"].get<std::size_t>()];
            EXPECT_TRUE(a.value("normalized", false));
            componentType = a["componentType"].get<int>();
            const auto& view = j["bufferViews"][a["bufferView"].get<std::size_t>()];
            const std::size_t size = componentType == 5121 ? 1 : 2;
            const std::size_t stride = view.value("byteStride", 4 * size);
            const std::size_t base = bin + view.value("byteOffset", std::size_t{0}) + a.value("byteOffset", std::size_t{0});
            for (std::size_t v = 0; v < a["count"].get<std::size_t>(); ++v) {
                std::vector<unsigned> row;
                for (std::size_t c = 0; c < 4; ++c) {
                    const std::size_t at = base + v * stride + c * size;
                    const auto lo = static_cast<unsigned char>(glb[at]);
                    row.push_back(size == 1 ? lo : lo | static_cast<unsigned>(static_cast<unsigned char>(glb[at + 1])) << 8);
                }
                rows.push_back(row);
            }
            return rows;
        }
    return rows;
}

} // namespace

TEST_F(ProfileExport, FourInfluencesInU8AndU16SumExactlyAndReadBackAsTheProfile)
{
    const io::ImportResult in = io::importGltf(test::model("synthetic/public_rig.gltf"));
    ASSERT_TRUE(in.ok) << in.error;
    for (const auto& [storage, scale, type] : {std::tuple{model::WeightStorage::U8, 255u, 5121},
                                              std::tuple{model::WeightStorage::U16, 65535u, 5123}}) {
        for (const bool carried : {false, true}) {
            SCOPED_TRACE(std::string(model::weightStorageName(storage)) + (carried ? " carried" : " fresh"));
            const model::ExportProfile profile{4, storage};
            io::GltfExportOptions options;
            options.profile = profile;
            options.source = carried ? in.gltfSource.get() : nullptr;
            const std::string out = path(std::string("profiled_") + model::weightStorageName(storage) + (carried ? "_c" : "_f") + ".glb");
            io::GltfExportReport report;
            ASSERT_FALSE(io::exportGltf(in.rig, out, options, &report));
            EXPECT_EQ(report.carriedSource, carried) << report.notCarried;
            int componentType = 0;
            bool second = true;
            const auto rows = weightUnits(out, componentType, second);
            ASSERT_FALSE(rows.empty());
            EXPECT_EQ(componentType, type);
            EXPECT_FALSE(second) << "4 influences: JOINTS_0/WEIGHTS_0 only";
            for (const auto& row : rows)
                ASSERT_EQ(row[0] + row[1] + row[2] + row[3], scale);

            const io::ImportResult back = io::importGltf(out);
            ASSERT_TRUE(back.ok) << back.error;
            const model::Rig expected = model::profiledRig(in.rig, profile);
            for (std::size_t m = 0; m < expected.meshes.size(); ++m) {
                if (!expected.meshes[m].skinned())
                    continue;
                const mesh::SkinWeights& want = expected.meshes[m].weights;
                const mesh::SkinWeights& got = back.rig.meshes[m].weights;
                ASSERT_EQ(got.vertexCount(), want.vertexCount());
                EXPECT_LE(got.maxInfluences(), 4);
                for (std::size_t v = 0; v < want.vertexCount(); ++v)
                    for (std::size_t k = 0; k < 4; ++k)
                        ASSERT_NEAR(got.weightRow(v)[k], want.weightRow(v)[k], .5 / scale) << "vertex " << v;
            }
        }
    }
}

TEST_F(ProfileExport, TheDefaultProfileWritesFloatsAsBefore)
{
    const io::ImportResult in = io::importGltf(test::model("synthetic/public_rig.gltf"));
    ASSERT_TRUE(in.ok) << in.error;
    std::string plain, defaulted;
    ASSERT_FALSE(io::encodeGltf(in.rig, io::GltfContainer::Text, plain));
    io::GltfExportOptions options;
    options.profile = {8, model::WeightStorage::Float};
    ASSERT_FALSE(io::encodeGltf(in.rig, io::GltfContainer::Text, defaulted, options));
    EXPECT_EQ(plain, defaulted);
}

} // namespace marrow::export_test
