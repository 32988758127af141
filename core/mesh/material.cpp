// SPDX-License-Identifier: MIT
#include "core/mesh/material.h"

#include <cmath>

namespace marrow::mesh {

bool Texture::operator==(const Texture& other) const
{
    if (name != other.name || mimeType != other.mimeType || size() != other.size())
        return false;
    return bytes == other.bytes || size() == 0 || *bytes == *other.bytes;
}

std::optional<std::string> validateMaterials(const std::vector<Material>& materials,
                                             const std::vector<Texture>& textures)
{
    for (std::size_t m = 0; m < materials.size(); ++m) {
        const Material& mat = materials[m];
        const std::string label = "material " + std::to_string(m) + " ('" + mat.name + "')";
        const float factors[] = {mat.baseColour.x, mat.baseColour.y, mat.baseColour.z, mat.baseColour.w,
                                 mat.metallic,     mat.roughness,    mat.normalScale,  mat.occlusionStrength,
                                 mat.emissive.x,   mat.emissive.y,   mat.emissive.z};
        for (float f : factors)
            if (!std::isfinite(f))
                return label + " has a factor that is not a finite number";
        for (const TextureSlot* slot : mat.maps()) {
            if (slot->texture < -1 || slot->texture >= static_cast<int>(textures.size()))
                return label + " refers to texture " + std::to_string(slot->texture) + " of " +
                       std::to_string(textures.size());
            if (slot->uvSet < 0 || slot->uvSet >= kMaxUVSets)
                return label + " reads UV set " + std::to_string(slot->uvSet) + ", out of range";
        }
    }
    return std::nullopt;
}

} // namespace marrow::mesh
