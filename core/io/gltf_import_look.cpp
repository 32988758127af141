// SPDX-License-Identifier: MIT
// How the meshes look: glTF materials (metal-roughness, normal, occlusion,
// emission), the images they use, the UV sets and COLOR_0, into
// mesh::Material, mesh::Texture, Mesh::uvs/moreUVSets and Mesh::colours. The rig's
// materials and textures mirror the file's materials and images one for one,
// so the indices stay the file's.
#include "core/io/gltf_import_context.h"

#include <cmath>

namespace marrow::io::gltf {

namespace {

int attribute(const tinygltf::Primitive& prim, const std::string& key)
{
    auto it = prim.attributes.find(key);
    return it == prim.attributes.end() ? -1 : it->second;
}

// TEXCOORD_0, 1, ... into Mesh::uvs and Mesh::moreUVSets, up to the first
// that is missing or does not match the vertex count (later sets would
// change index otherwise).
void readUVSets(ImportContext& ctx, const tinygltf::Primitive& prim, const std::string& label, mesh::Mesh& out)
{
    for (int set = 0; set < mesh::kMaxUVSets; ++set) {
        const std::string key = "TEXCOORD_" + std::to_string(set);
        const int a = attribute(prim, key);
        if (a < 0)
            return;
        const std::vector<float> uv = ctx.reader.floats(a, 2, key + " of " + label);
        if (uv.size() / 2 != out.vertexCount()) {
            ctx.warnings.push_back(key + " of " + label + " does not match the vertex count; dropped with the sets after it");
            return;
        }
        std::vector<glm::vec2>& dst = set == 0 ? out.uvs : out.moreUVSets.emplace_back();
        dst.resize(out.vertexCount());
        for (std::size_t v = 0; v < dst.size(); ++v)
            dst[v] = glm::vec2(uv[v * 2], uv[v * 2 + 1]);
    }
}

mesh::TextureSlot slotFor(const tinygltf::Model& m, int texture, int texCoord)
{
    mesh::TextureSlot slot;
    if (texture < 0 || static_cast<std::size_t>(texture) >= m.textures.size())
        return slot;
    const int image = m.textures[static_cast<std::size_t>(texture)].source;
    if (image >= 0 && static_cast<std::size_t>(image) < m.images.size())
        slot.texture = image;
    slot.uvSet = texCoord >= 0 && texCoord < mesh::kMaxUVSets ? texCoord : 0;
    return slot;
}

float factor(double value, float fallback)
{
    return std::isfinite(value) ? static_cast<float>(value) : fallback;
}

} // namespace

void readLook(ImportContext& ctx, const tinygltf::Primitive& prim, const std::string& label, mesh::Mesh& out)
{
    readUVSets(ctx, prim, label, out);
    const int material = prim.material;
    if (material >= 0 && static_cast<std::size_t>(material) < ctx.model.materials.size())
        out.material = material;
    else if (material >= 0)
        ctx.warnings.push_back(label + " uses material " + std::to_string(material) + ", which does not exist; drawn plain");
    const int colourAccessor = attribute(prim, "COLOR_0");
    if (colourAccessor < 0 || static_cast<std::size_t>(colourAccessor) >= ctx.model.accessors.size())
        return;
    const bool rgb = ctx.model.accessors[static_cast<std::size_t>(colourAccessor)].type == TINYGLTF_TYPE_VEC3;
    const int components = rgb ? 3 : 4;
    const std::vector<float> c = ctx.reader.floats(colourAccessor, components, "COLOR_0 of " + label);
    if (c.size() / static_cast<std::size_t>(components) != out.vertexCount()) {
        ctx.warnings.push_back("COLOR_0 of " + label + " does not match the vertex count; drawn without it");
        return;
    }
    out.colours.resize(out.vertexCount());
    for (std::size_t v = 0; v < out.colours.size(); ++v) {
        const float* p = c.data() + v * static_cast<std::size_t>(components);
        out.colours[v] = glm::vec4(p[0], p[1], p[2], rgb ? 1.f : p[3]);
    }
}

void buildMaterials(ImportContext& ctx)
{
    const tinygltf::Model& m = ctx.model;
    for (const tinygltf::Image& image : m.images)
        ctx.rig.textures.push_back({image.name.empty() ? image.uri : image.name, image.mimeType, nullptr});
    for (const tinygltf::Material& material : m.materials) {
        mesh::Material out;
        out.name = material.name;
        const tinygltf::PbrMetallicRoughness& pbr = material.pbrMetallicRoughness;
        for (std::size_t c = 0; c < 4 && c < pbr.baseColorFactor.size(); ++c)
            out.baseColour[static_cast<int>(c)] = factor(pbr.baseColorFactor[c], 1.f);
        out.baseColourMap = slotFor(m, pbr.baseColorTexture.index, pbr.baseColorTexture.texCoord);
        out.metallic = factor(pbr.metallicFactor, 1.f);
        out.roughness = factor(pbr.roughnessFactor, 1.f);
        out.metallicRoughnessMap = slotFor(m, pbr.metallicRoughnessTexture.index, pbr.metallicRoughnessTexture.texCoord);
        out.normalMap = slotFor(m, material.normalTexture.index, material.normalTexture.texCoord);
        out.normalScale = factor(material.normalTexture.scale, 1.f);
        out.occlusionMap = slotFor(m, material.occlusionTexture.index, material.occlusionTexture.texCoord);
        out.occlusionStrength = factor(material.occlusionTexture.strength, 1.f);
        for (std::size_t c = 0; c < 3 && c < material.emissiveFactor.size(); ++c)
            out.emissive[static_cast<int>(c)] = factor(material.emissiveFactor[c], 0.f);
        out.emissiveMap = slotFor(m, material.emissiveTexture.index, material.emissiveTexture.texCoord);
        out.doubleSided = material.doubleSided;
        ctx.rig.materials.push_back(std::move(out));
    }
}

void fillTextureBytes(const gltfsource::Content& content, model::Rig& rig)
{
    for (std::size_t i = 0; i < rig.textures.size() && i < content.imageBytes.size(); ++i) {
        rig.textures[i].bytes = content.imageBytes[i];  // shared, not copied
        if (i < content.imageMimeTypes.size() && !content.imageMimeTypes[i].empty())
            rig.textures[i].mimeType = content.imageMimeTypes[i];
    }
}

} // namespace marrow::io::gltf
