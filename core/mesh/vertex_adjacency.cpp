// SPDX-License-Identifier: MIT
#include "core/mesh/vertex_adjacency.h"

#include <limits>

namespace marrow::mesh {

namespace {
// Calls f(a, b) for each of a triangle's three edges whose ends differ.
template <typename F>
void forEachEdge(std::span<const std::uint32_t> triangles, F&& f)
{
    for (std::size_t i = 0; i + 2 < triangles.size(); i += 3) {
        const std::uint32_t a = triangles[i], b = triangles[i + 1], c = triangles[i + 2];
        if (a != b)
            f(a, b);
        if (b != c)
            f(b, c);
        if (c != a)
            f(c, a);
    }
}
} // namespace

std::optional<std::string> VertexAdjacency::build(std::size_t vertexCount, std::span<const std::uint32_t> triangles)
{
    m_offsets.clear();
    m_neighbours.clear();
    if (triangles.size() % 3 != 0)
        return "triangle indices are not a multiple of 3";
    // Each index yields two directed edges; offsets are 32-bit.
    if (vertexCount >= std::numeric_limits<std::uint32_t>::max() ||
        triangles.size() > std::numeric_limits<std::uint32_t>::max() / 2)
        return "mesh too large for 32-bit adjacency";
    for (std::size_t i = 0; i < triangles.size(); ++i)
        if (triangles[i] >= vertexCount)
            return "triangle index " + std::to_string(triangles[i]) + " at " + std::to_string(i) +
                   " is out of range (" + std::to_string(vertexCount) + " vertices)";

    // Every undirected edge occurrence (a, b) is stored as a->b and b->a, so
    // a vertex is the source of as many directed edges as it is the target:
    // one count serves both counting sorts.
    std::vector<std::uint32_t> start(vertexCount + 1, 0);
    forEachEdge(triangles, [&](std::uint32_t a, std::uint32_t b) {
        ++start[a + 1];
        ++start[b + 1];
    });
    for (std::size_t v = 0; v < vertexCount; ++v)
        start[v + 1] += start[v];
    const std::size_t directed = start[vertexCount];

    // Sort 1: sources bucketed by target.
    std::vector<std::uint32_t> sourceByTarget(directed);
    std::vector<std::uint32_t> cursor(start.begin(), start.end() - 1);
    forEachEdge(triangles, [&](std::uint32_t a, std::uint32_t b) {
        sourceByTarget[cursor[b]++] = a;
        sourceByTarget[cursor[a]++] = b;
    });
    // Sort 2, stable: walking targets in ascending order and bucketing by
    // source leaves each source's targets sorted, so repeats sit side by side.
    m_neighbours.resize(directed);
    cursor.assign(start.begin(), start.end() - 1);
    for (std::uint32_t target = 0; target < vertexCount; ++target)
        for (std::uint32_t i = start[target]; i < start[target + 1]; ++i)
            m_neighbours[cursor[sourceByTarget[i]]++] = target;

    // Drop repeats (edges shared by two triangles, duplicated faces) in place.
    m_offsets.assign(vertexCount + 1, 0);
    std::uint32_t write = 0;
    for (std::size_t v = 0; v < vertexCount; ++v) {
        std::uint32_t previous = std::numeric_limits<std::uint32_t>::max();  // no vertex has this index
        for (std::uint32_t i = start[v]; i < start[v + 1]; ++i) {
            const std::uint32_t n = m_neighbours[i];
            if (n != previous)
                m_neighbours[write++] = n;
            previous = n;
        }
        m_offsets[v + 1] = write;
    }
    m_neighbours.resize(write);
    m_neighbours.shrink_to_fit();
    return std::nullopt;
}

} // namespace marrow::mesh
