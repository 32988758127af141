// SPDX-License-Identifier: MIT
// A fresh write's materials, textures and images, from the rig's (one glTF
// material per rig material, one image and texture per rig texture, so
// Mesh::material is the glTF index), and each primitive's material and
// COLOR_0. A write that carries a glTF source keeps the source's own.
#include "core/io/gltf_export_context.h"

namespace marrow::io::gltfexport {

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
        image.bufferView = ctx.addView(texture.bytes->data(), texture.size(), 0);
        ctx.model.images.push_back(std::move(image));
        tinygltf::Texture out;
        out.sampler = 0;
        out.source = static_cast<int>(ctx.model.images.size() - 1);
        ctx.model.textures.push_back(out);
        textureIndex[t] = static_cast<int>(ctx.model.textures.size() - 1);
    }
    for (const mesh::Material& m : rig.materials) {
        tinygltf::Material out;
        out.name = m.name;
        out.pbrMetallicRoughness.baseColorFactor = {m.baseColour.x, m.baseColour.y, m.baseColour.z, m.baseColour.w};
        // Phong and Lambert materials have no metal: glTF's default of 1 would turn them dark.
        out.pbrMetallicRoughness.metallicFactor = 0.0;
        out.pbrMetallicRoughness.roughnessFactor = 0.8;
        if (m.baseColourTexture >= 0 && static_cast<std::size_t>(m.baseColourTexture) < textureIndex.size())
            out.pbrMetallicRoughness.baseColorTexture.index = textureIndex[static_cast<std::size_t>(m.baseColourTexture)];
        out.doubleSided = m.doubleSided;
        if (m.baseColour.w < 1.f)
            out.alphaMode = "BLEND";
        ctx.model.materials.push_back(std::move(out));
    }
}

void addLookAttributes(ExportContext& ctx, const mesh::Mesh& m, tinygltf::Primitive& prim)
{
    if (m.material >= 0 && static_cast<std::size_t>(m.material) < ctx.model.materials.size())
        prim.material = m.material;
    if (!m.colours.empty() && m.colours.size() == m.vertexCount()) {
        std::vector<float> colours;
        colours.reserve(m.colours.size() * 4);
        for (const glm::vec4& c : m.colours)
            colours.insert(colours.end(), {c.x, c.y, c.z, c.w});
        prim.attributes["COLOR_0"] = ctx.addFloats(colours, 4, TINYGLTF_TYPE_VEC4, TINYGLTF_TARGET_ARRAY_BUFFER, false);
    }
}

} // namespace marrow::io::gltfexport
