// SPDX-License-Identifier: MIT
#include "core/mesh/bounds_tree.h"

#include <algorithm>
#include <numeric>

namespace marrow::mesh {

void BoundsTree::build(std::span<const glm::vec3> centroids, std::uint32_t leafSize)
{
    leafSize = std::max<std::uint32_t>(leafSize, 1);
    const auto n = static_cast<std::uint32_t>(centroids.size());
    m_order.resize(n);
    std::iota(m_order.begin(), m_order.end(), 0u);
    m_nodes.clear();
    if (n == 0)
        return;
    m_nodes.reserve(2 * (n / leafSize + 1));
    // Each entry: a node and the range of m_order it covers.
    struct Pending {
        std::uint32_t node, first, count;
    };
    std::vector<Pending> stack;
    m_nodes.push_back({});
    stack.push_back({0, 0, n});
    while (!stack.empty()) {
        const Pending p = stack.back();
        stack.pop_back();
        if (p.count <= leafSize) {
            m_nodes[p.node].first = p.first;
            m_nodes[p.node].count = p.count;
            continue;
        }
        Aabb c;
        for (std::uint32_t i = p.first; i < p.first + p.count; ++i)
            c.grow(centroids[m_order[i]]);
        const glm::vec3 extent = c.hi - c.lo;
        const int axis = extent.x >= extent.y && extent.x >= extent.z ? 0 : (extent.y >= extent.z ? 1 : 2);
        // Median split: balanced depth whatever the distribution, and O(n) per level.
        const std::uint32_t half = p.count / 2;
        auto* begin = m_order.data() + p.first;
        std::nth_element(begin, begin + half, begin + p.count, [&](std::uint32_t a, std::uint32_t b) {
            return centroids[a][axis] < centroids[b][axis];
        });
        const auto left = static_cast<std::uint32_t>(m_nodes.size());
        m_nodes[p.node].first = left;
        m_nodes[p.node].count = 0;
        m_nodes.push_back({});
        m_nodes.push_back({});
        stack.push_back({left, p.first, half});
        stack.push_back({left + 1, p.first + half, p.count - half});
    }
}

} // namespace marrow::mesh
