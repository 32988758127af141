// SPDX-License-Identifier: MIT
#pragma once
#include <cstdint>
#include <vector>

namespace marrow::skin {

// Which weights a bulk operation (the Weights menu, marrow-cli weights) may
// change: the bone subset (Blender's active / selected / deform / all), the
// vertex mask, the locked bones and the mesh's influence limit. Indices are
// skin joints (as SkinWeights rows name them) and vertices of one mesh.
struct WeightScope {
    std::vector<std::uint8_t> bones;     // per skin joint: non-zero = in the subset; empty = every bone
    std::vector<std::uint8_t> vertices;  // per vertex: non-zero = selected; empty = every vertex (no mask)
    std::vector<std::uint8_t> locked;    // per skin joint: non-zero = locked; past its end = unlocked
    int maxInfluences = 8;               // clamped to [1, 8]

    bool inSubset(std::uint16_t joint) const { return bones.empty() || (joint < bones.size() && bones[joint] != 0); }
    bool isLocked(std::uint16_t joint) const { return joint < locked.size() && locked[joint] != 0; }
    // In the subset and not locked: a weight the operation may change.
    bool editable(std::uint16_t joint) const { return inSubset(joint) && !isLocked(joint); }
    bool touches(std::size_t vertex) const
    {
        return vertices.empty() || (vertex < vertices.size() && vertices[vertex] != 0);
    }
    int limit() const { return maxInfluences < 1 ? 1 : maxInfluences > 8 ? 8 : maxInfluences; }
};

// What a bulk operation did, for the status bar, the log and the CLI.
struct BulkReport {
    std::size_t rowsChanged = 0;
    std::size_t rowsUnnormalisable = 0;  // nothing editable to share the rest of 1 among: left as they were
    std::size_t influencesRemoved = 0;
    std::size_t surfaceFallbacks = 0;    // Mirror and Transfer: vertices matched on the surface, not a vertex
    std::size_t mirrorTargets = 0;       // Mirror: vertices of the scope on the side written to
    std::size_t rowsKeptByLocks = 0;     // Mirror: target rows left unlike their twin's mirror because a locked bone held its weight

    // Sums reports of several meshes.
    BulkReport& operator+=(const BulkReport& other)
    {
        rowsChanged += other.rowsChanged;
        rowsUnnormalisable += other.rowsUnnormalisable;
        influencesRemoved += other.influencesRemoved;
        surfaceFallbacks += other.surfaceFallbacks;
        mirrorTargets += other.mirrorTargets;
        rowsKeptByLocks += other.rowsKeptByLocks;
        return *this;
    }
};

} // namespace marrow::skin
