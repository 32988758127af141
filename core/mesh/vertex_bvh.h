// SPDX-License-Identifier: MIT
#pragma once
#include "core/mesh/bounds_tree.h"
#include "core/mesh/screen_circle.h"

#include <glm/geometric.hpp>

#include <cmath>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace marrow::mesh {

// Spatial queries over a mesh's posed vertices: the vertices inside a 3D
// sphere, those whose screen projection falls inside a ScreenCircle, and the
// vertex nearest a point. Owns a BoundsTree over the vertices (topology from
// build()) and a copy of the positions in tree order, refreshed by refit(),
// so a leaf's points are contiguous in memory, plus each vertex's slot in
// it. Invariant after build() or refit(): points()[i] is the position of
// vertex vertexAt(i).
class VertexBvh {
public:
    // Full build: tree topology from these positions, then boxes.
    void build(std::span<const glm::vec3> positions);
    // After a pose change (same vertex count as build): copies the positions
    // in tree order and recomputes every box, O(vertices), no allocation.
    void refit(std::span<const glm::vec3> positions);

    // Calls visit(vertex, position, distance) for every vertex within radius
    // (inclusive) of center, in tree order.
    template <class Visit>
    void visitSphere(const glm::vec3& center, float radius, Visit&& visit) const;
    // Calls visit(vertex, position, pixelDistance) for every vertex in front
    // of the camera whose projection lies within the circle (inclusive).
    template <class Visit>
    void visitScreen(const ScreenCircle& circle, Visit&& visit) const;
    // The vertex nearest p (the lowest index among equals) within
    // maxDistance, or nullopt.
    struct Nearest {
        std::uint32_t vertex;
        float distance;
    };
    std::optional<Nearest> nearest(const glm::vec3& p, float maxDistance = std::numeric_limits<float>::max()) const;

    std::size_t vertexCount() const { return m_points.size(); }
    std::span<const glm::vec3> points() const { return m_points; }
    std::uint32_t vertexAt(std::size_t i) const { return m_tree.order()[i]; }
    const BoundsTree& tree() const { return m_tree; }

private:
    // Whether a node's box may hold a point projecting inside the circle.
    static bool mayTouch(const Aabb& box, const ScreenCircle& circle);

    BoundsTree m_tree;
    std::vector<glm::vec3> m_points;   // positions in tree order
    std::vector<std::uint32_t> m_slot;  // per vertex: its index into m_points
};

template <class Visit>
void VertexBvh::visitSphere(const glm::vec3& center, float radius, Visit&& visit) const
{
    if (m_tree.empty() || !(radius >= 0.f))
        return;
    const auto nodes = m_tree.nodes();
    const auto order = m_tree.order();
    const float r2 = radius * radius;
    std::uint32_t stack[64];
    int top = 0;
    stack[top++] = 0;
    while (top > 0) {
        const BoundsTree::Node& n = nodes[stack[--top]];
        if (n.box.distance2(center) > r2)
            continue;
        if (!n.leaf()) {
            stack[top++] = n.first + 1;
            stack[top++] = n.first;
            continue;
        }
        for (std::uint32_t i = n.first; i < n.first + n.count; ++i) {
            const glm::vec3 d = m_points[i] - center;
            const float d2 = glm::dot(d, d);
            if (d2 <= r2)
                visit(order[i], m_points[i], std::sqrt(d2));
        }
    }
}

template <class Visit>
void VertexBvh::visitScreen(const ScreenCircle& circle, Visit&& visit) const
{
    if (m_tree.empty() || !(circle.radius >= 0.f))
        return;
    const auto nodes = m_tree.nodes();
    const auto order = m_tree.order();
    const float r2 = circle.radius * circle.radius;
    std::uint32_t stack[64];
    int top = 0;
    stack[top++] = 0;
    while (top > 0) {
        const BoundsTree::Node& n = nodes[stack[--top]];
        if (!mayTouch(n.box, circle))
            continue;
        if (!n.leaf()) {
            stack[top++] = n.first + 1;
            stack[top++] = n.first;
            continue;
        }
        for (std::uint32_t i = n.first; i < n.first + n.count; ++i) {
            const auto s = circle.project(m_points[i]);
            if (!s)
                continue;
            const glm::vec2 d = *s - circle.center;
            const float d2 = glm::dot(d, d);
            if (d2 <= r2)
                visit(order[i], m_points[i], std::sqrt(d2));
        }
    }
}

} // namespace marrow::mesh
