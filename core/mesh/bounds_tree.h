// SPDX-License-Identifier: MIT
#pragma once
#include <glm/common.hpp>
#include <glm/geometric.hpp>
#include <glm/vec3.hpp>

#include <cstdint>
#include <limits>
#include <span>
#include <vector>

namespace marrow::mesh {

// Axis-aligned box; empty (lo > hi) until something is added.
struct Aabb {
    glm::vec3 lo{std::numeric_limits<float>::max()};
    glm::vec3 hi{-std::numeric_limits<float>::max()};

    void grow(const glm::vec3& p)
    {
        lo = glm::min(lo, p);
        hi = glm::max(hi, p);
    }
    void grow(const Aabb& b)
    {
        lo = glm::min(lo, b.lo);
        hi = glm::max(hi, b.hi);
    }
    bool empty() const { return lo.x > hi.x; }
    float diagonal() const { return empty() ? 0.f : glm::length(hi - lo); }
    static Aabb of(std::span<const glm::vec3> points)
    {
        Aabb box;
        for (const glm::vec3& p : points)
            box.grow(p);
        return box;
    }
    // Squared distance from p to the box (0 inside).
    float distance2(const glm::vec3& p) const
    {
        const glm::vec3 d = glm::max(glm::max(lo - p, p - hi), glm::vec3(0.f));
        return d.x * d.x + d.y * d.y + d.z * d.z;
    }
};

// The topology of a bounding-volume hierarchy over n items (triangles or
// vertices): a binary tree of boxes whose leaves hold contiguous ranges of
// order(). Built once from item centroids by median splits on the longest
// axis; the boxes are then refitted per pose (refit()), which keeps the tree
// valid for any positions (queries stay exact; only culling gets looser as a
// pose drifts far from the one the tree was built on). Owns its nodes and the
// item order. Invariants: node 0 is the root (when not empty); an inner
// node's children are nodes[first] and nodes[first + 1], both after it, so a
// reverse sweep refits children before parents.
class BoundsTree {
public:
    struct Node {
        Aabb box;
        std::uint32_t first = 0;  // leaf: first index into order(); inner: index of the left child
        std::uint32_t count = 0;  // leaf: items in it (> 0); inner: 0
        bool leaf() const { return count > 0; }
    };

    // Rebuilds the topology over centroids.size() items, at most leafSize
    // (>= 1) items per leaf. Boxes are left empty until refit().
    void build(std::span<const glm::vec3> centroids, std::uint32_t leafSize);

    // leafBounds(first, count) returns the box of order()[first .. first + count).
    template <class LeafBounds>
    void refit(LeafBounds&& leafBounds)
    {
        for (std::size_t i = m_nodes.size(); i-- > 0;) {
            Node& n = m_nodes[i];
            if (n.leaf()) {
                n.box = leafBounds(n.first, n.count);
            } else {
                n.box = m_nodes[n.first].box;
                n.box.grow(m_nodes[n.first + 1].box);
            }
        }
    }

    std::span<const Node> nodes() const { return m_nodes; }
    std::span<const std::uint32_t> order() const { return m_order; }
    bool empty() const { return m_nodes.empty(); }

private:
    std::vector<Node> m_nodes;
    std::vector<std::uint32_t> m_order;
};

} // namespace marrow::mesh
