// SPDX-License-Identifier: MIT
#pragma once
#include "core/mesh/skin_weights.h"
#include "core/mesh/vertex_adjacency.h"
#include "core/mesh/vertex_weld.h"
#include "core/skin/weight_scope.h"

namespace marrow::skin {

// The surface the neighbourhood operations walk: edge neighbours, and
// optionally which vertices share a position. With a weld, `adjacency` is
// built on the welded triangles (VertexWeld::weldIndices), each group is
// computed once at its representative and every copy gets its row, so a
// seam never tears.
struct WeightSurface {
    const mesh::VertexAdjacency& adjacency;
    const mesh::VertexWeld* weld = nullptr;
};

// Smooth K, F: K Jacobi iterations (every vertex from the previous
// iteration's rows) of w' = (1 - F) w + F mean(edge neighbours' w), per
// unlocked bone of the subset, on the scope's vertices (unselected
// neighbours give their values and keep them); a vertex without neighbours
// is unchanged. Then per changed vertex: locked weights kept, the unlocked
// ones scaled to fill the rest of 1, and the scope's limit applied (the
// largest kept, as Limit Total). F is clamped to [0, 1].
mesh::SkinWeights smoothWeights(const mesh::SkinWeights& weights, const WeightScope& scope,
                                const WeightSurface& surface, int iterations, float factor = 0.5f,
                                BulkReport* report = nullptr);

// Maya's Weight Hammer: each selected vertex takes the mean row of its
// unselected edge neighbours (for the subset's unlocked bones; the rest of
// its row kept), renormalised and limited. A vertex without unselected
// neighbours is unchanged; without a mask nothing is unselected.
mesh::SkinWeights hammerWeights(const mesh::SkinWeights& weights, const WeightScope& scope,
                                const WeightSurface& surface, BulkReport* report = nullptr);

} // namespace marrow::skin
