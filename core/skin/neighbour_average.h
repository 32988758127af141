// SPDX-License-Identifier: MIT
#pragma once
#include "core/mesh/skin_weights.h"
#include "core/mesh/vertex_adjacency.h"

#include <cstdint>

namespace marrow::skin {

// The Smooth brush's target for one vertex: the mean of `bone`'s weight over
// the vertex's edge neighbours (0 for a neighbour without it). A vertex with
// no neighbours returns its own weight, so smoothing leaves it alone. The
// adjacency must have been built for the same mesh (vertex counts match);
// otherwise, or for an out-of-range vertex, the result is 0.
float neighbourAverage(const mesh::VertexAdjacency& adjacency, const mesh::SkinWeights& weights,
                       std::uint32_t vertex, std::uint16_t bone);

} // namespace marrow::skin
