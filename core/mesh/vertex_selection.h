// SPDX-License-Identifier: MIT
#pragma once
#include "core/mesh/vertex_adjacency.h"
#include "core/mesh/vertex_weld.h"

#include <glm/vec2.hpp>

#include <cstdint>
#include <span>
#include <vector>

namespace marrow::mesh {

// Weight Paint's vertex selection (Blender's vertex selection masking) as
// one byte per vertex (non-zero: selected), and the queries that grow it.
// A vertex split at one position (seams, flat shading) is selected with
// all its copies, so a mask never cuts a seam.

// Selects every copy of each selected vertex.
void selectCopies(std::vector<std::uint8_t>& selection, const VertexWeld& weld);

// L: the connected shells holding `seeds` (edge neighbours, across welded
// copies when the adjacency was built on the welded triangles and `weld` is
// given), as a selection of `vertexCount` vertices.
std::vector<std::uint8_t> linkedVertices(std::size_t vertexCount, const VertexAdjacency& adjacency,
                                         const VertexWeld* weld, std::span<const std::uint32_t> seeds);

// Box select: the vertices whose projected point (window pixels) lies in
// the rectangle [lo, hi] (either corner order) and that `eligible` allows
// (empty: all; e.g. the ones facing the camera).
std::vector<std::uint32_t> verticesInRect(std::span<const glm::vec2> projected, glm::vec2 a, glm::vec2 b,
                                          std::span<const std::uint8_t> eligible = {});

// Ctrl+I.
void invertSelection(std::vector<std::uint8_t>& selection);

std::size_t selectedCount(std::span<const std::uint8_t> selection);

} // namespace marrow::mesh
