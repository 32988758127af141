// SPDX-License-Identifier: MIT
// Materials beyond the base colour (issue 19): glTF's metal-roughness,
// normal, occlusion and emission, each texture with its UV set, and every UV
// set of a mesh; read from glTF, from an OBJ + MTL through Assimp (Phong
// shininess as roughness, map_Bump as the normal map), kept by a fresh glTF
// write and by an old LOOK section's reader.
#include "core/io/gltf_export.h"
#include "core/io/gltf_import.h"
#include "core/io/look_section.h"
#include "core/io/model_import.h"
#include "shared_models.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <iterator>

namespace marrow {
namespace {

namespace fs = std::filesystem;

std::vector<std::uint8_t> sampleFile(const std::string& suffix)
{
    std::ifstream in(fs::path(test::traitsSample()).parent_path() / ("marrow_character_traits" + suffix),
                     std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

model::Rig load(const std::string& path)
{
    const io::ImportResult r = io::importModel(path);
    EXPECT_TRUE(r.ok) << r.error;
    return r.rig;
}

const mesh::Material& material(const model::Rig& rig, const std::string& name)
{
    for (const mesh::Material& m : rig.materials)
        if (m.name == name)
            return m;
    ADD_FAILURE() << "no material " << name;
    static const mesh::Material none;
    return none;
}

model::Rig freshGltfRoundTrip(const model::Rig& rig)
{
    std::string bytes;
    const auto err = io::encodeGltf(rig, io::GltfContainer::Binary, bytes, {});
    EXPECT_FALSE(err) << *err;
    const io::ImportResult back = io::importGltfBytes(bytes, "fresh write");
    EXPECT_TRUE(back.ok) << back.error;
    return back.rig;
}

TEST(LookPbr, GltfMetalRoughnessNormalOcclusionEmissionAndUvSetsAreRead)
{
    const model::Rig rig = load(test::traitsSample());
    ASSERT_EQ(rig.textures.size(), 3u);
    EXPECT_EQ(*rig.textures[1].bytes, sampleFile("_normal.png"));
    EXPECT_EQ(*rig.textures[2].bytes, sampleFile("_occlusion.png"));
    const mesh::Material& body = material(rig, "Body_MAT");
    EXPECT_EQ(body.metallic, 0.f);
    EXPECT_EQ(body.roughness, 0.8f);
    EXPECT_EQ(body.normalMap, (mesh::TextureSlot{1, 0}));
    EXPECT_EQ(body.normalScale, 0.75f);
    EXPECT_EQ(body.occlusionMap, (mesh::TextureSlot{2, 1})) << "the lightmap UV set";
    EXPECT_EQ(body.occlusionStrength, 0.5f);
    EXPECT_FALSE(body.metallicRoughnessMap.used());
    const mesh::Material& head = material(rig, "Head_MAT");
    EXPECT_EQ(head.roughness, 1.f) << "glTF's default";
    EXPECT_FALSE(head.normalMap.used());
    EXPECT_EQ(material(rig, "Sword_MAT").emissive, glm::vec3(0.2f, 0.1f, 0.f));
    // Every skinned mesh has TEXCOORD_1 = (0.5 + x, 0.5 + z) of its positions.
    std::size_t checked = 0;
    for (const mesh::Mesh& m : rig.meshes) {
        if (!m.skinned())
            continue;
        ASSERT_EQ(m.moreUVSets.size(), 1u) << m.name;
        ASSERT_EQ(m.moreUVSets[0].size(), m.vertexCount());
        for (std::size_t v = 0; v < m.vertexCount(); v += 97, ++checked) {
            EXPECT_NEAR(m.moreUVSets[0][v].x, 0.5f + m.positions[v].x, 1e-6f);
            EXPECT_NEAR(m.moreUVSets[0][v].y, 0.5f + m.positions[v].z, 1e-6f);
        }
    }
    EXPECT_GT(checked, 10u);
}

// A rig whose glTF source is not carried (here: none) is written anew; every
// material field, texture slot and UV set comes back equal.
TEST(LookPbr, AFreshGltfWriteKeepsEveryMaterialFieldAndUvSet)
{
    const model::Rig rig = load(test::traitsSample());
    const model::Rig back = freshGltfRoundTrip(rig);
    ASSERT_EQ(back.materials.size(), rig.materials.size());
    for (std::size_t m = 0; m < rig.materials.size(); ++m)
        EXPECT_TRUE(back.materials[m] == rig.materials[m]) << rig.materials[m].name;
    EXPECT_TRUE(back.textures == rig.textures);
    ASSERT_EQ(back.meshes.size(), rig.meshes.size());
    for (std::size_t i = 0; i < rig.meshes.size(); ++i) {
        EXPECT_EQ(back.meshes[i].uvs, rig.meshes[i].uvs) << rig.meshes[i].name;
        EXPECT_EQ(back.meshes[i].moreUVSets, rig.meshes[i].moreUVSets) << rig.meshes[i].name;
    }
}

// Body_MAT: Ks 0.5 grey, Ns 250, map_Bump the normal PNG, map_Ks a specular
// map. Roughness as Assimp's glTF exporter derives it: 1 - sqrt(250 / 1000)
// x luminance(0.5 grey) = 0.75.
TEST(LookPbr, AnObjsShininessBecomesRoughnessAndItsBumpMapTheNormalMap)
{
    const fs::path obj = fs::path(test::traitsSample()).replace_extension(".obj");
    const io::ImportResult r = io::importModel(obj.string());
    ASSERT_TRUE(r.ok) << r.error;
    const mesh::Material& body = material(r.rig, "Body_MAT");
    EXPECT_EQ(body.metallic, 0.f) << "Phong has no metal";
    EXPECT_NEAR(body.roughness, 0.75f, 1e-6f);
    ASSERT_TRUE(body.normalMap.used());
    EXPECT_EQ(*r.rig.textures[static_cast<std::size_t>(body.normalMap.texture)].bytes, sampleFile("_normal.png"));
    EXPECT_EQ(material(r.rig, "Head_MAT").roughness, 1.f) << "no highlight: fully rough";
    bool named = false;
    for (const std::string& w : r.warnings)
        named = named || (w.find("Body_MAT") != std::string::npos && w.find("specular") != std::string::npos &&
                          w.find("not exported") != std::string::npos);
    EXPECT_TRUE(named) << "the specular map glTF has no slot for is named";

    const model::Rig back = freshGltfRoundTrip(r.rig);
    const mesh::Material& written = material(back, "Body_MAT");
    EXPECT_EQ(written.roughness, body.roughness);
    ASSERT_TRUE(written.normalMap.used());
    EXPECT_EQ(*back.textures[static_cast<std::size_t>(written.normalMap.texture)].bytes, sampleFile("_normal.png"));
}

// A LOOK section written before its material tail existed: the materials
// open as they were exported then (no metal, roughness 0.8).
TEST(LookPbr, ALookSectionWithoutTheMaterialTailStillOpens)
{
    model::Rig rig;
    mesh::Material old;
    old.name = "Old";
    old.metallic = 0.3f;
    old.roughness = 0.2f;
    old.normalScale = 2.f;
    rig.materials.push_back(old);
    const std::string full = doc::encodeLookSection(rig, nullptr);
    const std::size_t tail = 1 + 1 + 7 * 4 + 4 * 5;  // version; UV set, 7 factors, 4 slots
    ASSERT_GT(full.size(), tail);
    model::Rig back;
    std::string error;
    ASSERT_TRUE(doc::decodeLookSection(full, back, nullptr, error)) << error;
    EXPECT_TRUE(back.materials == rig.materials) << "the tail round-trips";
    ASSERT_TRUE(doc::decodeLookSection(std::string_view(full).substr(0, full.size() - tail), back, nullptr, error))
        << error;
    ASSERT_EQ(back.materials.size(), 1u);
    EXPECT_EQ(back.materials[0].name, "Old");
    EXPECT_EQ(back.materials[0].metallic, 0.f);
    EXPECT_EQ(back.materials[0].roughness, 0.8f);
    EXPECT_EQ(back.materials[0].normalScale, 1.f);
}

} // namespace
} // namespace marrow
