// SPDX-License-Identifier: MIT
#include "core/io/assimp_look.h"

#include "core/io/assimp_texture.h"

#include <assimp/material.h>
#include <assimp/scene.h>

#include <algorithm>
#include <cmath>
#include <filesystem>

namespace marrow::io::assimp {

namespace {

float finiteOr(float value, float fallback)
{
    return std::isfinite(value) ? value : fallback;
}

// glTF's roughness for a Phong material, as Assimp's glTF exporter derives
// it: shininess normalised by its maximum of 1000 under a square root,
// dimmed by the specular colour's luminance (a dull highlight is rough).
float roughnessFromPhong(const aiMaterial& src)
{
    aiColor4D specular;
    float shininess = 0.f;
    if (src.Get(AI_MATKEY_COLOR_SPECULAR, specular) != AI_SUCCESS || src.Get(AI_MATKEY_SHININESS, shininess) != AI_SUCCESS)
        return 1.f;
    const float intensity = specular.r * 0.2125f + specular.g * 0.7154f + specular.b * 0.0721f;
    const float smooth = std::clamp(std::sqrt(std::max(shininess, 0.f) / 1000.f), 0.f, 1.f) * intensity;
    return finiteOr(std::clamp(1.f - smooth, 0.f, 1.f), 1.f);
}

class MaterialReader {
public:
    MaterialReader(const aiMaterial& src, TextureFinder& textures) : m_src(src), m_textures(textures) {}

    // The first of `types` the material has a texture for, as a slot.
    mesh::TextureSlot slot(std::initializer_list<aiTextureType> types)
    {
        for (aiTextureType type : types) {
            aiString path;
            if (m_src.GetTexture(type, 0, &path) != AI_SUCCESS)
                continue;
            mesh::TextureSlot out;
            out.texture = m_textures.find(path.C_Str());
            int uvSet = 0;
            if (m_src.Get(AI_MATKEY_UVWSRC(type, 0), uvSet) == AI_SUCCESS && uvSet >= 0 && uvSet < mesh::kMaxUVSets)
                out.uvSet = uvSet;
            return out;
        }
        return {};
    }
    bool has(aiTextureType type) const { return m_src.GetTextureCount(type) > 0; }
    // One image for both metal and roughness: glTF's packed texture (Assimp
    // names it twice when it read one).
    bool packedMetalRoughness() const
    {
        aiString metal, rough;
        return m_src.GetTexture(aiTextureType_METALNESS, 0, &metal) == AI_SUCCESS &&
               m_src.GetTexture(aiTextureType_DIFFUSE_ROUGHNESS, 0, &rough) == AI_SUCCESS && metal == rough;
    }

private:
    const aiMaterial& m_src;
    TextureFinder& m_textures;
};

void readFactors(const aiMaterial& src, mesh::Material& out)
{
    aiColor4D colour(1.f, 1.f, 1.f, 1.f);
    if (src.Get(AI_MATKEY_BASE_COLOR, colour) == AI_SUCCESS) {
        out.baseColour = glm::vec4(colour.r, colour.g, colour.b, colour.a);
    } else if (src.Get(AI_MATKEY_COLOR_DIFFUSE, colour) == AI_SUCCESS) {
        float opacity = 1.f;
        src.Get(AI_MATKEY_OPACITY, opacity);
        out.baseColour = glm::vec4(colour.r, colour.g, colour.b, opacity);
    }
    for (int c = 0; c < 4; ++c)
        out.baseColour[c] = finiteOr(out.baseColour[c], 1.f);
    // PBR files say; Phong and Lambert ones have no metal.
    float metallic = 0.f, roughness = 1.f;
    out.metallic = src.Get(AI_MATKEY_METALLIC_FACTOR, metallic) == AI_SUCCESS ? finiteOr(metallic, 0.f) : 0.f;
    out.roughness = src.Get(AI_MATKEY_ROUGHNESS_FACTOR, roughness) == AI_SUCCESS ? finiteOr(roughness, 1.f)
                                                                               : roughnessFromPhong(src);
    aiColor3D emissive(0.f, 0.f, 0.f);
    if (src.Get(AI_MATKEY_COLOR_EMISSIVE, emissive) == AI_SUCCESS)
        out.emissive = glm::vec3(finiteOr(emissive.r, 0.f), finiteOr(emissive.g, 0.f), finiteOr(emissive.b, 0.f));
    int twoSided = 0;
    if (src.Get(AI_MATKEY_TWOSIDED, twoSided) == AI_SUCCESS)
        out.doubleSided = twoSided != 0;
}

} // namespace

void convertLooks(const aiScene& scene, const std::string& sourcePath, model::Rig& rig,
                  std::vector<std::string>& warnings)
{
    TextureFinder textures(scene, sourcePath, rig, warnings);
    std::string ext = std::filesystem::path(sourcePath).extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return std::tolower(c); });
    const bool obj = ext == ".obj";
    std::vector<std::string> uncarried;  // "material: map kind"
    for (unsigned i = 0; i < scene.mNumMaterials; ++i) {
        const aiMaterial& src = *scene.mMaterials[i];
        mesh::Material out;
        aiString name;
        if (src.Get(AI_MATKEY_NAME, name) == AI_SUCCESS)
            out.name = name.C_Str();
        readFactors(src, out);
        MaterialReader maps(src, textures);
        out.baseColourMap = maps.slot({aiTextureType_BASE_COLOR, aiTextureType_DIFFUSE});
        // An OBJ's map_Bump is a normal map to Blender's importer; elsewhere a
        // bump map is a height map, which glTF has no slot for.
        out.normalMap = obj ? maps.slot({aiTextureType_NORMALS, aiTextureType_NORMAL_CAMERA, aiTextureType_HEIGHT})
                            : maps.slot({aiTextureType_NORMALS, aiTextureType_NORMAL_CAMERA});
        if (maps.packedMetalRoughness())
            out.metallicRoughnessMap = maps.slot({aiTextureType_METALNESS});
        out.occlusionMap = maps.slot({aiTextureType_AMBIENT_OCCLUSION, aiTextureType_LIGHTMAP});
        out.emissiveMap = maps.slot({aiTextureType_EMISSION_COLOR, aiTextureType_EMISSIVE});
        const std::string label = "material '" + out.name + "': ";
        if (!out.metallicRoughnessMap.used() && (maps.has(aiTextureType_METALNESS) || maps.has(aiTextureType_DIFFUSE_ROUGHNESS)))
            uncarried.push_back(label + "separate metal and roughness maps");
        if (maps.has(aiTextureType_SPECULAR) || maps.has(aiTextureType_SHININESS))
            uncarried.push_back(label + "specular or glossiness map");
        if (!obj && maps.has(aiTextureType_HEIGHT) && !out.normalMap.used())
            uncarried.push_back(label + "bump (height) map");
        rig.materials.push_back(std::move(out));
    }
    if (uncarried.empty())
        return;
    std::string list;
    for (std::size_t k = 0; k < uncarried.size() && k < 4; ++k)
        list += (k ? "; " : "") + uncarried[k];
    if (uncarried.size() > 4)
        list += "; and " + std::to_string(uncarried.size() - 4) + " more";
    warnings.push_back(std::to_string(uncarried.size()) +
                       " texture maps have no glTF metal-roughness slot and are not exported (" + list +
                       "); their factors are");
}

} // namespace marrow::io::assimp
