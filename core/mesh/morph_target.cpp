// SPDX-License-Identifier: MIT
#include "core/mesh/morph_target.h"

#include <algorithm>
#include <cmath>

namespace marrow::mesh {

std::optional<std::string> validateMorphTargets(std::span<const MorphTarget> targets, std::span<const float> weights,
                                                std::size_t vertexCount)
{
    if (weights.size() != targets.size())
        return std::to_string(weights.size()) + " default morph weights for " + std::to_string(targets.size()) +
               " morph targets";
    for (std::size_t t = 0; t < targets.size(); ++t) {
        const MorphTarget& m = targets[t];
        const std::string label = "morph target " + std::to_string(t) + (m.name.empty() ? "" : " ('" + m.name + "')");
        if (m.positions.size() != vertexCount)
            return label + " has " + std::to_string(m.positions.size()) + " displacements for " +
                   std::to_string(vertexCount) + " vertices";
        if (!m.normals.empty() && m.normals.size() != vertexCount)
            return label + " has " + std::to_string(m.normals.size()) + " normal displacements for " +
                   std::to_string(vertexCount) + " vertices";
        const auto finite = [](const glm::vec3& v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); };
        if (!std::all_of(m.positions.begin(), m.positions.end(), finite) ||
            !std::all_of(m.normals.begin(), m.normals.end(), finite))
            return label + " has a non-finite displacement";
        if (!std::isfinite(weights[t]))
            return label + " has a non-finite default weight";
    }
    return std::nullopt;
}

void applyMorphTargets(std::span<const glm::vec3> base, std::span<const MorphTarget> targets,
                       std::span<const float> weights, bool normals, std::span<glm::vec3> out)
{
    std::copy(base.begin(), base.end(), out.begin());
    const std::size_t n = std::min(targets.size(), weights.size());
    for (std::size_t t = 0; t < n; ++t) {
        const float w = weights[t];
        const std::vector<glm::vec3>& d = normals ? targets[t].normals : targets[t].positions;
        if (w == 0.f || d.size() != out.size())
            continue;
        for (std::size_t v = 0; v < out.size(); ++v)
            out[v] += w * d[v];
    }
}

} // namespace marrow::mesh
