// SPDX-License-Identifier: MIT
#pragma once
#include "core/skin/bone_heat.h"
#include "core/skin/weight_row.h"

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

// Per shell, the source nearest its centroid (the distance to each source's
// nearest segment; ties to the lower index): the bone a rigid part (a
// helmet, a buckle, a loose shell of an outfit) follows alone. `shell`: per
// vertex, as connectedShells gives; shells marked in `skip` (empty: none)
// are not measured and get 0. Sources must not be empty.
std::vector<std::uint16_t> nearestSourcePerShell(std::span<const glm::vec3> positions,
                                                 std::span<const std::uint32_t> shell, std::size_t count,
                                                 std::span<const HeatSource> sources,
                                                 std::span<const std::uint8_t> skip = {});

// The rigid props a file's weights make of a skinned mesh: vertices whose
// row is wholly one bone (1 within 1e-4; zero weights ignored). A mesh
// whose every vertex is on the same bone is a prop as a whole (a helmet, a
// spear); else each loose shell (positionShells) whose every vertex is on
// the same bone is a prop shell (a buckle inside the body). Automatic
// Weights keeps props rigid on their bone unless the user targets them.
struct RigidProps {
    static constexpr std::uint16_t kNone = 0xffff;
    std::uint16_t meshBone = kNone;        // the one bone of a whole-mesh prop
    std::vector<std::uint32_t> shell;      // per vertex, its loose shell
    std::vector<std::uint16_t> shellBone;  // per shell: its one bone; kNone when mixed or the mesh is a prop
    bool wholeMesh() const { return meshBone != kNone; }
    bool propVertex(std::size_t v) const { return !wholeMesh() && shellBone[shell[v]] != kNone; }
    std::size_t propShells() const;
};
RigidProps findRigidProps(std::span<const glm::vec3> positions, std::span<const std::uint32_t> triangles,
                          std::span<const WeightRow> rows);

} // namespace marrow::skin
