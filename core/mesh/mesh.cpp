// SPDX-License-Identifier: MIT
#include "core/mesh/mesh.h"

#include <cmath>

namespace marrow::mesh {

std::optional<std::string> Mesh::validate(std::size_t jointCount, std::size_t skinJointCount) const
{
    const std::string label = "mesh '" + name + "'";
    if (node < 0 || static_cast<std::size_t>(node) >= jointCount)
        return label + " hangs from node " + std::to_string(node) + ", out of range";
    if (!normals.empty() && normals.size() != positions.size())
        return label + " has " + std::to_string(normals.size()) + " normals for " + std::to_string(positions.size()) + " positions";
    if (!uvs.empty() && uvs.size() != positions.size())
        return label + " has a texture coordinate count that differs from its vertex count";
    if (!moreUVSets.empty() && uvs.empty())
        return label + " has a second UV set but no first";
    if (1 + moreUVSets.size() > static_cast<std::size_t>(kMaxUVSets))
        return label + " has " + std::to_string(1 + moreUVSets.size()) + " UV sets, more than " +
               std::to_string(kMaxUVSets);
    for (const std::vector<glm::vec2>& set : moreUVSets)
        if (set.size() != positions.size())
            return label + " has a UV set whose count differs from its vertex count";
    if (!colours.empty() && colours.size() != positions.size())
        return label + " has a vertex colour count that differs from its vertex count";
    if (indices.size() % 3 != 0)
        return label + " has an index count that is not a multiple of 3";
    for (std::size_t i = 0; i < indices.size(); ++i)
        if (indices[i] >= positions.size())
            return label + " index " + std::to_string(i) + " is " + std::to_string(indices[i]) + ", past the " +
                   std::to_string(positions.size()) + " vertices";
    for (std::size_t i = 0; i < positions.size(); ++i)
        if (!std::isfinite(positions[i].x) || !std::isfinite(positions[i].y) || !std::isfinite(positions[i].z))
            return label + " vertex " + std::to_string(i) + " has a non-finite position";
    if (auto err = validateMorphTargets(morphTargets, morphWeights, positions.size()))
        return label + ": " + *err;
    if (skin >= 0) {
        if (weights.vertexCount() != positions.size())
            return label + " has " + std::to_string(weights.vertexCount()) + " weight rows for " +
                   std::to_string(positions.size()) + " vertices";
        if (auto err = weights.validate(skinJointCount))
            return label + ": " + *err;
    }
    return std::nullopt;
}

} // namespace marrow::mesh
