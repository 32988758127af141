// SPDX-License-Identifier: MIT
#include "core/skin/rigid_shells.h"

#include "core/mesh/vertex_weld.h"

#include <glm/geometric.hpp>

#include <algorithm>
#include <limits>
#include <numeric>

namespace marrow::skin {

std::vector<std::uint32_t> connectedShells(std::size_t n, std::span<const std::uint32_t> triangles, std::size_t& count)
{
    std::vector<std::uint32_t> parent(n);
    std::iota(parent.begin(), parent.end(), 0u);
    const auto find = [&](std::uint32_t x) {
        while (parent[x] != x)
            x = parent[x] = parent[parent[x]];
        return x;
    };
    for (std::size_t t = 0; t + 2 < triangles.size(); t += 3)
        for (std::size_t k = 0; k < 2; ++k)
            parent[find(triangles[t + k])] = find(triangles[t + k + 1]);
    std::vector<std::uint32_t> shell(n), id(n, ~0u);
    count = 0;
    for (std::uint32_t v = 0; v < n; ++v) {
        const std::uint32_t root = find(v);
        if (id[root] == ~0u)
            id[root] = static_cast<std::uint32_t>(count++);
        shell[v] = id[root];
    }
    return shell;
}

std::vector<std::uint32_t> positionShells(std::span<const glm::vec3> positions,
                                          std::span<const std::uint32_t> triangles, std::size_t& count)
{
    const mesh::VertexWeld weld = mesh::VertexWeld::build(positions);
    std::vector<std::uint32_t> welded = weld.weldIndices(triangles);
    // Copies of a vertex join through their representative.
    for (std::uint32_t v = 0; v < positions.size(); ++v)
        if (const std::uint32_t r = weld.representative(v); r != v)
            welded.insert(welded.end(), {v, r, r});
    return connectedShells(positions.size(), welded, count);
}

float sourceDistance(const glm::vec3& p, const HeatSource& s, glm::vec3& closest)
{
    float best = std::numeric_limits<float>::max();
    for (const HeatSource::Segment& seg : s.segments) {
        const glm::vec3 q = closestOnSegment(p, seg.head, seg.tail);
        const float d = glm::length(q - p);
        if (d < best) {
            best = d;
            closest = q;
        }
    }
    return best;
}

std::vector<std::uint16_t> nearestSourcePerShell(std::span<const glm::vec3> positions,
                                                 std::span<const std::uint32_t> shell, std::size_t count,
                                                 std::span<const HeatSource> sources,
                                                 std::span<const std::uint8_t> skip)
{
    const auto skipped = [&](std::uint32_t s) { return s < skip.size() && skip[s] != 0; };
    std::vector<std::vector<double>> total(count, std::vector<double>(sources.size(), 0.0));
    for (std::size_t v = 0; v < positions.size(); ++v) {
        if (skipped(shell[v]))
            continue;
        glm::vec3 q;
        for (std::size_t s = 0; s < sources.size(); ++s)
            total[shell[v]][s] += sourceDistance(positions[v], sources[s], q);
    }
    std::vector<std::uint16_t> nearest(count, 0);
    for (std::uint32_t s = 0; s < count; ++s)
        if (!skipped(s) && !sources.empty())
            nearest[s] = static_cast<std::uint16_t>(std::min_element(total[s].begin(), total[s].end()) - total[s].begin());
    return nearest;
}

} // namespace marrow::skin
