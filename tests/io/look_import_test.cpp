// SPDX-License-Identifier: MIT
// How meshes look, read and kept (issue 19): the real-traits sample's glTF
// materials, texture and COLOR_0, and its static OBJ + MTL twin through
// Assimp (and the import worker): the same PNG bytes, the Phong colour as
// base colour, UVs in glTF's convention, vertex colours; a texture missing
// from beside the file is named in a warning.
#include "core/io/model_import.h"
#include "shared_models.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <unistd.h>

namespace marrow {
namespace {

namespace fs = std::filesystem;

std::vector<std::uint8_t> fileBytes(const fs::path& p)
{
    std::ifstream in(p, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

fs::path albedoPng() { return fs::path(test::traitsSample()).parent_path() / "marrow_character_traits_albedo.png"; }
std::string traitsObj() { return (fs::path(test::traitsSample()).replace_extension(".obj")).string(); }

int findMaterial(const model::Rig& rig, const std::string& name)
{
    for (std::size_t m = 0; m < rig.materials.size(); ++m)
        if (rig.materials[m].name == name)
            return static_cast<int>(m);
    return -1;
}

const mesh::Mesh* findMesh(const model::Rig& rig, const std::string& name)
{
    for (const mesh::Mesh& m : rig.meshes)
        if (m.name == name)
            return &m;
    return nullptr;
}

TEST(LookImport, GltfMaterialsTextureAndVertexColoursAreRead)
{
    const io::ImportResult r = io::importModel(test::traitsSample());
    ASSERT_TRUE(r.ok) << r.error;
    ASSERT_EQ(r.rig.materials.size(), 3u);
    const mesh::Material& body = r.rig.materials[0];
    EXPECT_EQ(body.name, "Body_MAT");
    EXPECT_EQ(body.baseColour, glm::vec4(1.f, 0.95f, 0.9f, 1.f));
    ASSERT_EQ(body.baseColourMap.texture, 0);
    EXPECT_TRUE(r.rig.materials[1].doubleSided);
    ASSERT_EQ(r.rig.textures.size(), 3u) << "albedo, normal and occlusion";
    EXPECT_EQ(r.rig.textures[0].mimeType, "image/png");
    ASSERT_NE(r.rig.textures[0].bytes, nullptr);
    EXPECT_EQ(*r.rig.textures[0].bytes, fileBytes(albedoPng())) << "the file's bytes, undecoded";
    const mesh::Mesh* head = findMesh(r.rig, "Head");
    ASSERT_NE(head, nullptr);
    EXPECT_EQ(head->material, 1);
    ASSERT_EQ(head->colours.size(), head->vertexCount());
    EXPECT_NEAR(head->colours[0].y, 0.8f, 1e-6f);
    EXPECT_EQ(head->colours[0].w, 1.f);
}

// Assimp's OBJ reader, through the import worker: the same PNG, Kd as base
// colour, vertex colours, and UVs that match the glTF twin's at every
// position (OBJ's V runs up the image, glTF's down).
TEST(LookImport, AnObjWithAnMtlGivesTheSameLookThroughAssimp)
{
    const io::ImportResult obj = io::importModel(traitsObj());
    ASSERT_TRUE(obj.ok) << obj.error;
    const int bodyMat = findMaterial(obj.rig, "Body_MAT"), headMat = findMaterial(obj.rig, "Head_MAT");
    ASSERT_GE(bodyMat, 0);
    ASSERT_GE(headMat, 0);
    const mesh::Material& body = obj.rig.materials[static_cast<std::size_t>(bodyMat)];
    ASSERT_GE(body.baseColourMap.texture, 0);
    const mesh::Texture& texture = obj.rig.textures[static_cast<std::size_t>(body.baseColourMap.texture)];
    EXPECT_EQ(texture.mimeType, "image/png");
    ASSERT_NE(texture.bytes, nullptr);
    EXPECT_EQ(*texture.bytes, fileBytes(albedoPng()));
    const glm::vec4 head = obj.rig.materials[static_cast<std::size_t>(headMat)].baseColour;
    EXPECT_NEAR(head.x, 0.85f, 1e-6f);
    EXPECT_NEAR(head.y, 0.7f, 1e-6f);
    EXPECT_EQ(head.w, 1.f);
    EXPECT_EQ(obj.rig.materials[static_cast<std::size_t>(headMat)].baseColourMap.texture, -1);

    const io::ImportResult gltf = io::importModel(test::traitsSample());
    ASSERT_TRUE(gltf.ok) << gltf.error;
    const mesh::Mesh* objBody = nullptr;
    for (const mesh::Mesh& m : obj.rig.meshes)
        if (m.material == bodyMat)
            objBody = &m;
    const mesh::Mesh* gltfBody = findMesh(gltf.rig, "Body");
    ASSERT_NE(objBody, nullptr);
    ASSERT_NE(gltfBody, nullptr);
    ASSERT_EQ(objBody->colours.size(), objBody->vertexCount());
    ASSERT_EQ(objBody->uvs.size(), objBody->vertexCount());
    // Every OBJ vertex has a glTF vertex at its position (to the OBJ's 6
    // decimals) whose UV and colour are its own.
    std::multimap<std::tuple<long, long, long>, std::size_t> byPosition;
    const auto key = [](const glm::vec3& p) {
        return std::tuple{std::lround(p.x * 1e4), std::lround(p.y * 1e4), std::lround(p.z * 1e4)};
    };
    for (std::size_t v = 0; v < gltfBody->vertexCount(); ++v)
        byPosition.emplace(key(gltfBody->positions[v]), v);
    std::size_t matched = 0;
    float worstUv = 0.f, worstColour = 0.f;
    for (std::size_t v = 0; v < objBody->vertexCount(); ++v) {
        const auto [first, last] = byPosition.equal_range(key(objBody->positions[v]));
        float best = 1e9f, colour = 1e9f;
        for (auto it = first; it != last; ++it) {
            best = std::min(best, glm::length(objBody->uvs[v] - gltfBody->uvs[it->second]));
            colour = std::min(colour, glm::length(objBody->colours[v] - gltfBody->colours[it->second]));
        }
        if (first == last)
            continue;
        ++matched;
        worstUv = std::max(worstUv, best);
        worstColour = std::max(worstColour, colour);
    }
    EXPECT_GT(matched, objBody->vertexCount() * 9 / 10);
    EXPECT_LT(worstUv, 1e-5f) << "UVs in glTF's convention";
    EXPECT_LT(worstColour, 1e-5f);
}

TEST(LookImport, ATextureMissingFromBesideTheFileIsNamed)
{
    const fs::path dir = fs::temp_directory_path() / ("marrow_look_" + std::to_string(::getpid()));
    fs::create_directories(dir);
    const fs::path obj = fs::path(traitsObj());
    fs::copy_file(obj, dir / obj.filename(), fs::copy_options::overwrite_existing);
    fs::copy_file(fs::path(obj).replace_extension(".mtl"), dir / fs::path(obj).replace_extension(".mtl").filename(),
                  fs::copy_options::overwrite_existing);
    const io::ImportResult r = io::importModel((dir / obj.filename()).string());
    fs::remove_all(dir);
    ASSERT_TRUE(r.ok) << r.error;
    bool named = false;
    for (const std::string& w : r.warnings)
        named = named || (w.find("marrow_character_traits_albedo.png") != std::string::npos &&
                          w.find("not found") != std::string::npos);
    EXPECT_TRUE(named) << "no warning names the missing texture";
    const int body = findMaterial(r.rig, "Body_MAT");
    ASSERT_GE(body, 0);
    EXPECT_EQ(r.rig.materials[static_cast<std::size_t>(body)].baseColourMap.texture, -1) << "drawn untextured";
}

} // namespace
} // namespace marrow
