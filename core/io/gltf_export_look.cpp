// SPDX-License-Identifier: MIT
// A fresh write's materials, textures and images, from the rig's (one glTF
// material per rig material, one image and texture per rig texture, so
// Mesh::material is the glTF index), and each primitive's material, UV
// sets after the first and COLOR_0. A write that carries a glTF source keeps the source's own.
#include "core/io/gltf_export_context.h"

namespace marrow::io::gltfexport {

namespace {

// The glTF texture a slot names; index -1 when the slot is empty or its
// image was not written.
tinygltf::TextureInfo textureInfo(const mesh::TextureSlot& slot, const std::vector<int>& textureIndex)
{
    tinygltf::TextureInfo info;
    if (slot.texture >= 0 && static_cast<std::size_t>(slot.texture) < textureIndex.size()) {
        info.index = textureIndex[static_cast<std::size_t>(slot.texture)];
        info.texCoord = slot.uvSet;
    }
    return info;
}

tinygltf::Material toGltf(const mesh::Material& m, const std::vector<int>& textureIndex)
{
    tinygltf::Material out;
    out.name = m.name;
    tinygltf::PbrMetallicRoughness& pbr = out.pbrMetallicRoughness;
    pbr.baseColorFactor = {m.baseColour.x, m.baseColour.y, m.baseColour.z, m.baseColour.w};
    pbr.baseColorTexture = textureInfo(m.baseColourMap, textureIndex);
    pbr.metallicFactor = m.metallic;
    pbr.roughnessFactor = m.roughness;
    pbr.metallicRoughnessTexture = textureInfo(m.metallicRoughnessMap, textureIndex);
    const tinygltf::TextureInfo normal = textureInfo(m.normalMap, textureIndex);
    out.normalTexture.index = normal.index;
    out.normalTexture.texCoord = normal.texCoord;
    out.normalTexture.scale = m.normalScale;
    const tinygltf::TextureInfo occlusion = textureInfo(m.occlusionMap, textureIndex);
    out.occlusionTexture.index = occlusion.index;
    out.occlusionTexture.texCoord = occlusion.texCoord;
    out.occlusionTexture.strength = m.occlusionStrength;
    out.emissiveFactor = {m.emissive.x, m.emissive.y, m.emissive.z};
    out.emissiveTexture = textureInfo(m.emissiveMap, textureIndex);
    out.doubleSided = m.doubleSided;
    if (m.baseColour.w < 1.f)
        out.alphaMode = "BLEND";
    return out;
}

} // namespace

void exportLooks(ExportContext& ctx)
{
    const model::Rig& rig = ctx.rig;
    if (!rig.textures.empty()) {
        tinygltf::Sampler sampler;  // glTF's defaults, named for readers that want one
        sampler.magFilter = TINYGLTF_TEXTURE_FILTER_LINEAR;
        sampler.minFilter = TINYGLTF_TEXTURE_FILTER_LINEAR_MIPMAP_LINEAR;
        ctx.model.samplers.push_back(sampler);
    }
    // A texture without bytes (not found beside its file) leaves its
    // materials untextured; the import said so.
    std::vector<int> textureIndex(rig.textures.size(), -1);
    for (std::size_t t = 0; t < rig.textures.size(); ++t) {
        const mesh::Texture& texture = rig.textures[t];
        if (texture.size() == 0 || (texture.mimeType != "image/png" && texture.mimeType != "image/jpeg"))
            continue;
        tinygltf::Image image;
        image.name = texture.name;
        image.mimeType = texture.mimeType;
        if (ctx.beside)
            image.uri = ctx.beside->place(texture.name, texture.mimeType, texture.bytes);
        else
            image.bufferView = ctx.addView(texture.bytes->data(), texture.size(), 0);
        ctx.model.images.push_back(std::move(image));
        tinygltf::Texture out;
        out.sampler = 0;
        out.source = static_cast<int>(ctx.model.images.size() - 1);
        ctx.model.textures.push_back(out);
        textureIndex[t] = static_cast<int>(ctx.model.textures.size() - 1);
    }
    for (const mesh::Material& m : rig.materials)
        ctx.model.materials.push_back(toGltf(m, textureIndex));
}

void addLookAttributes(ExportContext& ctx, const mesh::Mesh& m, tinygltf::Primitive& prim)
{
    if (m.material >= 0 && static_cast<std::size_t>(m.material) < ctx.model.materials.size())
        prim.material = m.material;
    for (std::size_t set = 0; set < m.moreUVSets.size(); ++set) {
        if (m.moreUVSets[set].size() != m.vertexCount())
            break;
        std::vector<float> uvs;
        uvs.reserve(m.vertexCount() * 2);
        for (const glm::vec2& uv : m.moreUVSets[set])
            uvs.insert(uvs.end(), {uv.x, uv.y});
        prim.attributes["TEXCOORD_" + std::to_string(set + 1)] =
            ctx.addFloats(uvs, 2, TINYGLTF_TYPE_VEC2, TINYGLTF_TARGET_ARRAY_BUFFER, false);
    }
    if (!m.colours.empty() && m.colours.size() == m.vertexCount()) {
        std::vector<float> colours;
        colours.reserve(m.colours.size() * 4);
        for (const glm::vec4& c : m.colours)
            colours.insert(colours.end(), {c.x, c.y, c.z, c.w});
        prim.attributes["COLOR_0"] = ctx.addFloats(colours, 4, TINYGLTF_TYPE_VEC4, TINYGLTF_TARGET_ARRAY_BUFFER, false);
    }
}

} // namespace marrow::io::gltfexport
