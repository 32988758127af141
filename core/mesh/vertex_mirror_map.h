// SPDX-License-Identifier: MIT
#pragma once
#include "core/mesh/mirror_plane.h"

#include <cstdint>
#include <limits>
#include <span>
#include <vector>

namespace marrow::mesh {

class VertexBvh;

constexpr std::uint32_t kNoMirror = std::numeric_limits<std::uint32_t>::max();

// Settings for pairing vertices across a plane.
struct VertexMirrorSettings {
    float exactTolerance = 1e-5f;  // fraction of the bounding-box diagonal; >= 0; default 1e-5
    float nearestTolerance = 1e-2f;  // fraction of the diagonal; a vertex whose nearest mirror candidate is farther stays unpaired; >= exactTolerance; default 1e-2
};

// Which vertex mirrors which across a plane (bind-pose positions). Each
// vertex maps to the vertex at its mirrored position when one lies within
// exactTolerance (an exact pair), else to the vertex nearest its mirrored
// position within nearestTolerance, else to kNoMirror; a vertex within
// exactTolerance of the plane maps to itself. Among vertices at one
// position (seams) the lowest index wins, so the map is deterministic but
// not necessarily an involution there. Owns the partner table.
struct VertexMirrorMap {
    MirrorPlane plane;
    std::vector<std::uint32_t> partner;  // one per vertex: its mirror, itself on the plane, or kNoMirror
    std::size_t exact = 0;               // vertices paired exactly (on-plane vertices included)
    std::size_t nearest = 0;             // vertices paired by the nearest-vertex fallback
    std::size_t unpaired = 0;            // vertices with no partner (kNoMirror)

    static VertexMirrorMap build(std::span<const glm::vec3> positions, const MirrorPlane& plane,
                                 const VertexMirrorSettings& settings = {});
    // The same over a VertexBvh already built from `positions` (several planes, one tree).
    static VertexMirrorMap build(const VertexBvh& bvh, std::span<const glm::vec3> positions, const MirrorPlane& plane,
                                 const VertexMirrorSettings& settings = {});
    // The axis plane (0, 1, 2 for X, Y, Z = 0) giving the most exact pairs; ties pick the lower axis.
    static int bestAxis(std::span<const glm::vec3> positions, const VertexMirrorSettings& settings = {});
};

} // namespace marrow::mesh
