// SPDX-License-Identifier: MIT
// How the meshes look: glTF materials' base colours, the images they use and
// COLOR_0, into mesh::Material, mesh::Texture and Mesh::colours. The rig's
// materials and textures mirror the file's materials and images one for one,
// so the indices stay the file's.
#include "core/io/gltf_import_context.h"

namespace marrow::io::gltf {

void readLook(ImportContext& ctx, int material, int colourAccessor, const std::string& label, mesh::Mesh& out)
{
    if (material >= 0 && static_cast<std::size_t>(material) < ctx.model.materials.size())
        out.material = material;
    else if (material >= 0)
        ctx.warnings.push_back(label + " uses material " + std::to_string(material) + ", which does not exist; drawn plain");
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
        const std::vector<double>& f = material.pbrMetallicRoughness.baseColorFactor;
        for (std::size_t c = 0; c < 4 && c < f.size(); ++c)
            out.baseColour[static_cast<int>(c)] = static_cast<float>(f[c]);
        const int texture = material.pbrMetallicRoughness.baseColorTexture.index;
        if (texture >= 0 && static_cast<std::size_t>(texture) < m.textures.size()) {
            const int image = m.textures[static_cast<std::size_t>(texture)].source;
            if (image >= 0 && static_cast<std::size_t>(image) < m.images.size())
                out.baseColourTexture = image;
        }
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
