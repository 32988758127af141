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
        for (int c = 0; c < 4; ++c)
            if (!std::isfinite(mat.baseColour[c]))
                return label + " has a base colour that is not a finite number";
        if (mat.baseColourTexture < -1 || mat.baseColourTexture >= static_cast<int>(textures.size()))
            return label + " refers to texture " + std::to_string(mat.baseColourTexture) + " of " +
                   std::to_string(textures.size());
    }
    return std::nullopt;
}

} // namespace marrow::mesh
