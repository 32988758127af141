// SPDX-License-Identifier: MIT
#include "core/mesh/vertex_weld.h"

#include "core/mesh/bounds_tree.h"
#include "core/mesh/vertex_bvh.h"

#include <glm/geometric.hpp>

#include <numeric>

namespace marrow::mesh {

namespace {

// Union-find whose roots are always the lowest index of their set.
std::uint32_t rootOf(std::vector<std::uint32_t>& parent, std::uint32_t v)
{
    while (parent[v] != v) {
        parent[v] = parent[parent[v]];
        v = parent[v];
    }
    return v;
}

} // namespace

VertexWeld VertexWeld::build(std::span<const glm::vec3> positions, float tolerance)
{
    VertexWeld w;
    const std::size_t n = positions.size();
    std::vector<std::uint32_t> parent(n);
    std::iota(parent.begin(), parent.end(), 0u);
    Aabb box;
    for (const glm::vec3& p : positions)
        box.grow(p);
    const float radius = box.empty() ? 0.f : tolerance * glm::distance(box.lo, box.hi);
    if (n > 1) {
        VertexBvh bvh;
        bvh.build(positions);
        for (std::uint32_t v = 0; v < n; ++v)
            bvh.visitSphere(positions[v], radius, [&](std::uint32_t u, const glm::vec3&, float) {
                const std::uint32_t a = rootOf(parent, v), b = rootOf(parent, u);
                if (a != b)
                    parent[std::max(a, b)] = std::min(a, b);
            });
    }
    w.m_representative.resize(n);
    w.m_group.resize(n);
    std::vector<std::uint32_t> groupOfRoot(n, 0);
    std::uint32_t groups = 0;
    for (std::uint32_t v = 0; v < n; ++v) {
        const std::uint32_t r = rootOf(parent, v);
        w.m_representative[v] = r;
        if (r == v)
            groupOfRoot[v] = groups++;
        w.m_group[v] = groupOfRoot[r];  // r <= v: its group is numbered already
    }
    // Counting sort of the vertices by group keeps each group ascending.
    w.m_groupOffsets.assign(static_cast<std::size_t>(groups) + 1, 0);
    for (std::uint32_t g : w.m_group)
        ++w.m_groupOffsets[g + 1];
    std::partial_sum(w.m_groupOffsets.begin(), w.m_groupOffsets.end(), w.m_groupOffsets.begin());
    w.m_members.resize(n);
    std::vector<std::uint32_t> fill(w.m_groupOffsets.begin(), w.m_groupOffsets.end() - 1);
    for (std::uint32_t v = 0; v < n; ++v)
        w.m_members[fill[w.m_group[v]]++] = v;
    return w;
}

std::vector<std::uint32_t> VertexWeld::weldIndices(std::span<const std::uint32_t> triangles) const
{
    std::vector<std::uint32_t> out(triangles.begin(), triangles.end());
    for (std::uint32_t& i : out)
        if (i < m_representative.size())
            i = m_representative[i];
    return out;
}

} // namespace marrow::mesh
