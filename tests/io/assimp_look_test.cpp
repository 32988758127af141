// SPDX-License-Identifier: MIT
// Materials and UV sets through Assimp (issue 19), from Assimp's own
// structures as its FBX and Collada readers fill them: a PBR material's
// factors, a normal map, a packed metal-roughness map and an emissive map,
// each with its UV set (AI_MATKEY_UVWSRC); every UV channel of a mesh, in
// glTF's convention.
#include "core/io/assimp_look.h"
#include "core/io/assimp_scene_convert.h"

#include <assimp/material.h>
#include <assimp/scene.h>

#include <gtest/gtest.h>

#include <cstring>

namespace marrow {
namespace {

const unsigned char kPng[] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 0, 0, 0, 13, 'I', 'H', 'D', 'R'};

void addTexture(aiMaterial& m, aiTextureType type, const char* path, int uvSet)
{
    const aiString p(path);
    m.AddProperty(&p, AI_MATKEY_TEXTURE(type, 0));
    m.AddProperty(&uvSet, 1, AI_MATKEY_UVWSRC(type, 0));
}

// One embedded PNG ("*0") and one material using it in several slots.
struct PbrScene {
    aiScene scene;
    PbrScene()
    {
        scene.mNumTextures = 1;
        scene.mTextures = new aiTexture*[1];
        aiTexture* t = scene.mTextures[0] = new aiTexture();
        t->mWidth = sizeof(kPng);
        t->mHeight = 0;
        t->pcData = new aiTexel[(sizeof(kPng) + sizeof(aiTexel) - 1) / sizeof(aiTexel)];
        std::memcpy(t->pcData, kPng, sizeof(kPng));
        std::strcpy(t->achFormatHint, "png");
        scene.mNumMaterials = 1;
        scene.mMaterials = new aiMaterial*[1];
        aiMaterial* m = scene.mMaterials[0] = new aiMaterial();
        const aiString name("Armour");
        m->AddProperty(&name, AI_MATKEY_NAME);
        const aiColor4D base(0.5f, 0.25f, 1.f, 1.f);
        m->AddProperty(&base, 1, AI_MATKEY_BASE_COLOR);
        const float metallic = 0.9f, roughness = 0.35f;
        m->AddProperty(&metallic, 1, AI_MATKEY_METALLIC_FACTOR);
        m->AddProperty(&roughness, 1, AI_MATKEY_ROUGHNESS_FACTOR);
        const aiColor3D glow(0.f, 0.5f, 0.25f);
        m->AddProperty(&glow, 1, AI_MATKEY_COLOR_EMISSIVE);
        addTexture(*m, aiTextureType_BASE_COLOR, "*0", 0);
        addTexture(*m, aiTextureType_NORMALS, "*0", 1);
        addTexture(*m, aiTextureType_METALNESS, "*0", 0);
        addTexture(*m, aiTextureType_DIFFUSE_ROUGHNESS, "*0", 0);
        addTexture(*m, aiTextureType_EMISSIVE, "*0", 2);
    }
};

TEST(AssimpLook, PbrFactorsAndEveryMapWithItsUvSet)
{
    PbrScene s;
    model::Rig rig;
    std::vector<std::string> warnings;
    io::assimp::convertLooks(s.scene, "/nowhere/model.fbx", rig, warnings);
    EXPECT_TRUE(warnings.empty()) << warnings.front();
    ASSERT_EQ(rig.textures.size(), 1u) << "one image, read once for every slot";
    EXPECT_EQ(rig.textures[0].mimeType, "image/png");
    EXPECT_EQ(*rig.textures[0].bytes, std::vector<std::uint8_t>(std::begin(kPng), std::end(kPng)));
    ASSERT_EQ(rig.materials.size(), 1u);
    const mesh::Material& m = rig.materials[0];
    EXPECT_EQ(m.name, "Armour");
    EXPECT_EQ(m.baseColour, glm::vec4(0.5f, 0.25f, 1.f, 1.f));
    EXPECT_EQ(m.metallic, 0.9f);
    EXPECT_EQ(m.roughness, 0.35f);
    EXPECT_EQ(m.emissive, glm::vec3(0.f, 0.5f, 0.25f));
    EXPECT_EQ(m.baseColourMap, (mesh::TextureSlot{0, 0}));
    EXPECT_EQ(m.normalMap, (mesh::TextureSlot{0, 1}));
    EXPECT_EQ(m.metallicRoughnessMap, (mesh::TextureSlot{0, 0})) << "one image for both: glTF's packed map";
    EXPECT_EQ(m.emissiveMap, (mesh::TextureSlot{0, 2}));
}

TEST(AssimpLook, SeparateMetalAndRoughnessMapsAreNamedNotGuessed)
{
    PbrScene s;
    aiMaterial& m = *s.scene.mMaterials[0];
    m.RemoveProperty(AI_MATKEY_TEXTURE(aiTextureType_DIFFUSE_ROUGHNESS, 0));
    addTexture(m, aiTextureType_DIFFUSE_ROUGHNESS, "rough.png", 0);
    model::Rig rig;
    std::vector<std::string> warnings;
    io::assimp::convertLooks(s.scene, "/nowhere/model.fbx", rig, warnings);
    EXPECT_FALSE(rig.materials[0].metallicRoughnessMap.used());
    bool named = false;
    for (const std::string& w : warnings)
        named = named || (w.find("Armour") != std::string::npos && w.find("metal and roughness") != std::string::npos);
    EXPECT_TRUE(named);
}

TEST(AssimpLook, EveryUvChannelBecomesAUvSetInGltfsConvention)
{
    aiScene scene;
    scene.mNumMeshes = 1;
    scene.mMeshes = new aiMesh*[1];
    aiMesh* mesh = scene.mMeshes[0] = new aiMesh();
    mesh->mNumVertices = 3;
    mesh->mVertices = new aiVector3D[3]{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    mesh->mNumFaces = 1;
    mesh->mFaces = new aiFace[1];
    mesh->mFaces[0].mNumIndices = 3;
    mesh->mFaces[0].mIndices = new unsigned[3]{0, 1, 2};
    for (unsigned set = 0; set < 3; ++set) {
        mesh->mTextureCoords[set] = new aiVector3D[3];
        mesh->mNumUVComponents[set] = 2;
        for (unsigned v = 0; v < 3; ++v)
            mesh->mTextureCoords[set][v] = aiVector3D(0.1f * static_cast<float>(set + 1), 0.25f * static_cast<float>(v), 0);
    }
    io::assimp::SceneNodes nodes;
    nodes.meshPlacements = {{0}};
    model::Rig rig;
    std::vector<std::string> warnings;
    ASSERT_FALSE(io::assimp::convertMeshes(scene, nodes, rig, warnings));
    ASSERT_EQ(rig.meshes.size(), 1u);
    const mesh::Mesh& m = rig.meshes[0];
    ASSERT_EQ(m.uvSetCount(), 3u);
    EXPECT_EQ(m.uvs[2], glm::vec2(0.1f, 1.f - 0.5f));
    EXPECT_EQ(m.moreUVSets[0][1], glm::vec2(0.2f, 1.f - 0.25f));
    EXPECT_EQ(m.moreUVSets[1][2], glm::vec2(0.3f, 1.f - 0.5f)) << "V runs down the image, as in glTF";
    EXPECT_FALSE(m.validate(1, 0));
}

} // namespace
} // namespace marrow
