// SPDX-License-Identifier: MIT
#pragma once
#include "core/anim/skeleton.h"
#include "core/mesh/material.h"
#include "core/mesh/morph_target.h"
#include "core/mesh/skin_weights.h"

#include <optional>
#include <string>
#include <vector>

namespace marrow::mesh {

// One drawable triangle mesh hanging from a skeleton node. A skinned mesh
// (skin >= 0) is placed by its skin alone: the node's own transform is ignored,
// as glTF specifies. A rigid mesh follows its node's world matrix.
struct Mesh {
    std::string name;
    anim::JointIndex node = 0;          // the skeleton node that holds the mesh
    int skin = -1;                      // index into Rig::skins, or -1 for a rigid mesh
    std::vector<glm::vec3> positions;
    std::vector<glm::vec3> normals;     // empty, or one per position
    std::vector<glm::vec2> uvs;         // empty, or one per position; glTF's origin (the image's top left)
    // UV sets 1, 2, ... (TEXCOORD_1...; lightmaps, detail maps), each one per
    // position, after `uvs`; carried, not drawn.
    std::vector<std::vector<glm::vec2>> moreUVSets{};
    std::vector<std::uint32_t> indices; // triangles, 3 per face, each < positions.size()
    SkinWeights weights;                // one row per position when skinned, else empty
    // Morph targets (applied before skinning) and their default weights, one
    // per target: the shape with no clip animating them.
    std::vector<MorphTarget> morphTargets{};
    std::vector<float> morphWeights{};  // {}: positional initialisations need not name these
    // How it looks (never edited by Marrow): its material (index into
    // Rig::materials, -1 for none) and vertex colours (COLOR_0: empty, or
    // one linear RGBA per vertex).
    int material = -1;
    std::vector<glm::vec4> colours{};

    std::size_t vertexCount() const { return positions.size(); }
    std::size_t uvSetCount() const { return uvs.empty() ? 0 : 1 + moreUVSets.size(); }
    std::size_t triangleCount() const { return indices.size() / 3; }
    bool skinned() const { return skin >= 0; }
    std::optional<std::string> validate(std::size_t jointCount, std::size_t skinJointCount) const;
    bool operator==(const Mesh&) const = default;
};

} // namespace marrow::mesh
