// SPDX-License-Identifier: MIT
#pragma once
#include "core/mesh/mesh.h"

#include <cstdint>
#include <span>
#include <vector>

namespace marrow::model {

// What the import did to a skinned mesh's weights, per vertex (issue 23's
// "Changed on Import" view): rows it renormalised (their sum was off by more
// than 1e-3), rows it trimmed to the 8 largest influences, and weightless rows
// it bound to the mesh's node. Sorted vertex indices. Not saved: an opened
// .marrow has none (its weights are the ones it was saved with).
struct MeshImportChanges {
    std::vector<std::uint32_t> renormalised;
    std::vector<std::uint32_t> trimmed;
    std::vector<std::uint32_t> boundToNode;
    bool empty() const { return renormalised.empty() && trimmed.empty() && boundToNode.empty(); }
    std::size_t count() const { return renormalised.size() + trimmed.size() + boundToNode.size(); }
    bool operator==(const MeshImportChanges&) const = default;
};

// One entry per rig mesh (rigid meshes have empty ones); empty when the
// import changed nothing or the rig did not come from an import.
struct ImportChanges {
    std::vector<MeshImportChanges> meshes;
    std::size_t count() const;
    const MeshImportChanges* mesh(std::size_t m) const { return m < meshes.size() ? &meshes[m] : nullptr; }
    // Whether it fits these meshes (a rig's): every index in range.
    bool fits(std::span<const mesh::Mesh> meshes) const;
    bool operator==(const ImportChanges&) const = default;
};

// The figure the heat map draws for each vertex of `mesh`
// (kUnchanged .. kBoundToNode; a vertex in several lists takes the largest).
constexpr float kUnchanged = 0.f, kRenormalised = 1.f, kTrimmed = 2.f, kBoundToNode = 3.f;
std::vector<float> importChangeFigures(const ImportChanges& changes, std::size_t mesh, std::size_t vertices);

// Every changed vertex of `mesh` once, sorted.
std::vector<std::uint32_t> changedVertices(const ImportChanges& changes, std::size_t mesh);

} // namespace marrow::model
