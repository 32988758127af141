// SPDX-License-Identifier: MIT
#pragma once
#include <glm/vec3.hpp>

#include <cstdint>
#include <span>
#include <vector>

namespace marrow::mesh {

// Which vertices share one position. Real meshes split a vertex wherever its
// normal or UV differs (UV seams, hard edges; a flat-shaded mesh splits every
// face), so one point of the surface is several vertices. The weight brush
// treats each such group as one paint vertex and writes one row to all of
// its copies: otherwise a stroke, a mirror or a front-face test that reaches
// only some copies tears the posed mesh apart at the seam.
//
// Vertices within `tolerance` x the bounding-box diagonal of each other are
// joined, transitively. Each group's representative is its lowest index.
// Owns its tables. Invariants: representative()[v] <= v, and
// representative()[r] == r for a representative; every vertex appears in
// exactly one group, groups list their members ascending.
class VertexWeld {
public:
    static constexpr float kDefaultTolerance = 1e-6f;

    static VertexWeld build(std::span<const glm::vec3> positions, float tolerance = kDefaultTolerance);

    std::size_t vertexCount() const { return m_representative.size(); }
    std::size_t groupCount() const { return m_groupOffsets.empty() ? 0 : m_groupOffsets.size() - 1; }
    // True when no two vertices share a position (every group has one member).
    bool trivial() const { return groupCount() == vertexCount(); }

    std::span<const std::uint32_t> representatives() const { return m_representative; }
    std::uint32_t representative(std::uint32_t v) const { return m_representative[v]; }
    // Every vertex at v's position, v included, ascending.
    std::span<const std::uint32_t> copiesOf(std::uint32_t v) const
    {
        const std::uint32_t g = m_group[v];
        return {m_members.data() + m_groupOffsets[g], m_groupOffsets[g + 1] - m_groupOffsets[g]};
    }
    // The triangles with every corner replaced by its representative: the
    // welded surface's connectivity (for the smoothing neighbours).
    std::vector<std::uint32_t> weldIndices(std::span<const std::uint32_t> triangles) const;

private:
    std::vector<std::uint32_t> m_representative;  // per vertex
    std::vector<std::uint32_t> m_group;           // per vertex: its group, numbered by representative order
    std::vector<std::uint32_t> m_groupOffsets;    // CSR over m_members, groupCount() + 1 entries
    std::vector<std::uint32_t> m_members;
};

} // namespace marrow::mesh
