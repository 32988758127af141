// SPDX-License-Identifier: MIT
#pragma once
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace marrow::mesh {

// The edge neighbours of every vertex of a triangle mesh, in compressed rows
// (CSR): vertex v's neighbours are neighbourData()[offsets()[v] ..
// offsets()[v + 1]). Built once per mesh; owns its two arrays. Invariants:
// offsets() has vertexCount() + 1 entries, starts at 0 and never decreases;
// each vertex's neighbours are sorted ascending, distinct, never the vertex
// itself; u lists v exactly when v lists u (they share a triangle edge).
// Degenerate triangles contribute only their distinct edges.
class VertexAdjacency {
public:
    // Rebuilds from `triangles` (3 indices per face, each < vertexCount) in
    // O(V + E) time and memory: two counting sorts of the directed edges,
    // then one pass dropping repeats. Returns nullopt on success; otherwise
    // the reason, and leaves the adjacency empty.
    std::optional<std::string> build(std::size_t vertexCount, std::span<const std::uint32_t> triangles);

    std::size_t vertexCount() const { return m_offsets.empty() ? 0 : m_offsets.size() - 1; }
    // Undirected edges: each is listed from both ends.
    std::size_t edgeCount() const { return m_neighbours.size() / 2; }
    // v must be < vertexCount().
    std::span<const std::uint32_t> neighbours(std::size_t v) const
    {
        return {m_neighbours.data() + m_offsets[v], m_offsets[v + 1] - m_offsets[v]};
    }
    std::span<const std::uint32_t> offsets() const { return m_offsets; }
    std::span<const std::uint32_t> neighbourData() const { return m_neighbours; }

private:
    std::vector<std::uint32_t> m_offsets;
    std::vector<std::uint32_t> m_neighbours;
};

} // namespace marrow::mesh
