// SPDX-License-Identifier: MIT
#pragma once
#include "core/math/glm_config.h"

#include <optional>
#include <span>
#include <string>
#include <vector>

namespace marrow::mesh {

// One morph target (a blend shape, glTF's primitive "targets"): displacements
// added to the base mesh, weighted, before skinning (glTF: morph first, then
// skin). normals is empty, or one displacement per vertex like positions.
struct MorphTarget {
    std::string name;                 // glTF's mesh extras.targetNames, when given
    std::vector<glm::vec3> positions; // one displacement per vertex
    std::vector<glm::vec3> normals;   // empty, or one per vertex

    bool operator==(const MorphTarget&) const = default;
};

// Why a mesh's targets and default weights do not fit its vertexCount, or
// nullopt.
std::optional<std::string> validateMorphTargets(std::span<const MorphTarget> targets, std::span<const float> weights,
                                                std::size_t vertexCount);

// out = base + sum_i weights[i] * targets[i] (positions, or normals when
// `normals` is true; a target without normals adds nothing to them). Weights
// of zero are skipped, so an unmorphed pose costs one copy. Sizes must match:
// out and base one per vertex, weights one per target.
void applyMorphTargets(std::span<const glm::vec3> base, std::span<const MorphTarget> targets,
                       std::span<const float> weights, bool normals, std::span<glm::vec3> out);

} // namespace marrow::mesh
