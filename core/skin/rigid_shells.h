// SPDX-License-Identifier: MIT
#pragma once
#include "core/skin/bone_heat.h"

#include <glm/vec3.hpp>

#include <cstdint>
#include <span>
#include <vector>

namespace marrow::skin {

// Per vertex, its shell: the connected component through `triangles`
// (vertex indices < n). `count` gets the number of shells, numbered in
// order of their lowest vertex.
std::vector<std::uint32_t> connectedShells(std::size_t n, std::span<const std::uint32_t> triangles, std::size_t& count);

// Per vertex, its loose shell: connected components of the mesh welded by
// position (mesh::VertexWeld), so the copies of a vertex split at a UV seam
// or a hard edge are one shell. `count` gets the number of shells.
std::vector<std::uint32_t> positionShells(std::span<const glm::vec3> positions,
                                          std::span<const std::uint32_t> triangles, std::size_t& count);

// The distance from p to a source's nearest segment; `closest` gets that point.
float sourceDistance(const glm::vec3& p, const HeatSource& source, glm::vec3& closest);

// Per shell, the source nearest its vertices on average (the least sum of
// distances to each source's nearest segment): the bone a rigid part (a
// helmet, a buckle, a loose shell of an outfit) follows alone. `shell`: per
// vertex, as connectedShells gives; shells marked in `skip` (empty: none)
// are not measured and get 0. Sources must not be empty.
std::vector<std::uint16_t> nearestSourcePerShell(std::span<const glm::vec3> positions,
                                                 std::span<const std::uint32_t> shell, std::size_t count,
                                                 std::span<const HeatSource> sources,
                                                 std::span<const std::uint8_t> skip = {});

} // namespace marrow::skin
