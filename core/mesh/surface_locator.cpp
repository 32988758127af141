// SPDX-License-Identifier: MIT
#include "core/mesh/surface_locator.h"

#include <glm/geometric.hpp>

#include <algorithm>
#include <cmath>

namespace marrow::mesh {

glm::vec3 closestBarycentric(const glm::vec3& p, const glm::vec3& a, const glm::vec3& b, const glm::vec3& c)
{
    // Voronoi regions of the corners, then the edges, then the face.
    const glm::vec3 ab = b - a, ac = c - a, ap = p - a;
    const float d1 = glm::dot(ab, ap), d2 = glm::dot(ac, ap);
    if (d1 <= 0.f && d2 <= 0.f)
        return {1.f, 0.f, 0.f};
    const glm::vec3 bp = p - b;
    const float d3 = glm::dot(ab, bp), d4 = glm::dot(ac, bp);
    if (d3 >= 0.f && d4 <= d3)
        return {0.f, 1.f, 0.f};
    const float vc = d1 * d4 - d3 * d2;
    if (vc <= 0.f && d1 >= 0.f && d3 <= 0.f) {
        const float v = d1 / (d1 - d3);
        return {1.f - v, v, 0.f};
    }
    const glm::vec3 cp = p - c;
    const float d5 = glm::dot(ab, cp), d6 = glm::dot(ac, cp);
    if (d6 >= 0.f && d5 <= d6)
        return {0.f, 0.f, 1.f};
    const float vb = d5 * d2 - d1 * d6;
    if (vb <= 0.f && d2 >= 0.f && d6 <= 0.f) {
        const float w = d2 / (d2 - d6);
        return {1.f - w, 0.f, w};
    }
    const float va = d3 * d6 - d5 * d4;
    if (va <= 0.f && (d4 - d3) >= 0.f && (d5 - d6) >= 0.f) {
        const float w = (d4 - d3) / ((d4 - d3) + (d5 - d6));
        return {0.f, 1.f - w, w};
    }
    const float sum = va + vb + vc;
    if (!(sum > 0.f))
        return {1.f, 0.f, 0.f};  // degenerate: its first corner
    const float v = vb / sum, w = vc / sum;
    return {1.f - v - w, v, w};
}

void SurfaceLocator::build(std::span<const glm::vec3> positions, std::span<const std::uint32_t> indices,
                           std::span<const std::uint32_t> faces)
{
    std::vector<std::uint32_t> chosen;
    if (faces.empty()) {
        chosen.resize(indices.size() / 3);
        for (std::size_t f = 0; f < chosen.size(); ++f)
            chosen[f] = static_cast<std::uint32_t>(f);
    } else {
        chosen.assign(faces.begin(), faces.end());
    }
    std::vector<glm::vec3> centroids;
    centroids.reserve(chosen.size());
    for (std::uint32_t f : chosen)
        centroids.push_back((positions[indices[3 * f]] + positions[indices[3 * f + 1]] + positions[indices[3 * f + 2]]) /
                            3.f);
    m_tree.build(centroids, 4);
    m_faces.clear();
    m_corners.clear();
    for (std::uint32_t item : m_tree.order()) {
        const std::uint32_t f = chosen[item];
        m_faces.push_back(f);
        for (int k = 0; k < 3; ++k)
            m_corners.push_back(positions[indices[3 * f + static_cast<std::uint32_t>(k)]]);
    }
    m_tree.refit([&](std::uint32_t first, std::uint32_t count) {
        Aabb box;
        for (std::uint32_t i = first; i < first + count; ++i)
            for (int k = 0; k < 3; ++k)
                box.grow(m_corners[3 * i + static_cast<std::uint32_t>(k)]);
        return box;
    });
}

std::optional<SurfacePoint> SurfaceLocator::closest(const glm::vec3& p) const
{
    if (m_tree.empty())
        return std::nullopt;
    const auto nodes = m_tree.nodes();
    SurfacePoint best;
    float best2 = std::numeric_limits<float>::max();
    std::vector<std::uint32_t> stack{0};
    while (!stack.empty()) {
        const BoundsTree::Node& n = nodes[stack.back()];
        stack.pop_back();
        if (n.box.distance2(p) > best2)
            continue;
        if (n.leaf()) {
            for (std::uint32_t i = n.first; i < n.first + n.count; ++i) {
                const glm::vec3& a = m_corners[3 * i];
                const glm::vec3& b = m_corners[3 * i + 1];
                const glm::vec3& c = m_corners[3 * i + 2];
                const glm::vec3 bary = closestBarycentric(p, a, b, c);
                const glm::vec3 q = bary.x * a + bary.y * b + bary.z * c;
                const float d2 = glm::dot(q - p, q - p);
                if (d2 < best2) {
                    best2 = d2;
                    best = {m_faces[i], bary, 0.f};
                }
            }
            continue;
        }
        // Nearer child last, so it is searched first.
        const std::uint32_t l = n.first, r = n.first + 1;
        const bool leftNearer = nodes[l].box.distance2(p) <= nodes[r].box.distance2(p);
        stack.push_back(leftNearer ? r : l);
        stack.push_back(leftNearer ? l : r);
    }
    best.distance = std::sqrt(best2);
    return best;
}

namespace {

// Whether the ray meets the box within [0, maxT] (slab test).
bool rayMeetsBox(const Ray& ray, const glm::vec3& inverse, const Aabb& box, float maxT)
{
    float lo = 0.f, hi = maxT;
    for (int a = 0; a < 3; ++a) {
        float t0 = (box.lo[a] - ray.origin[a]) * inverse[a];
        float t1 = (box.hi[a] - ray.origin[a]) * inverse[a];
        if (t0 > t1)
            std::swap(t0, t1);
        lo = std::max(lo, t0);
        hi = std::min(hi, t1);
        if (lo > hi)
            return false;
    }
    return true;
}

} // namespace

std::optional<RayHit> SurfaceLocator::pick(const Ray& ray, float maxDistance) const
{
    if (m_tree.empty())
        return std::nullopt;
    const glm::vec3 inverse(1.f / ray.direction.x, 1.f / ray.direction.y, 1.f / ray.direction.z);
    const auto nodes = m_tree.nodes();
    std::optional<RayHit> best;
    float limit = maxDistance;
    std::vector<std::uint32_t> stack{0};
    while (!stack.empty()) {
        const BoundsTree::Node& n = nodes[stack.back()];
        stack.pop_back();
        if (!rayMeetsBox(ray, inverse, n.box, limit))
            continue;
        if (!n.leaf()) {
            stack.push_back(n.first + 1);
            stack.push_back(n.first);
            continue;
        }
        for (std::uint32_t i = n.first; i < n.first + n.count; ++i) {
            const auto hit = intersectTriangle(ray, m_corners[3 * i], m_corners[3 * i + 1], m_corners[3 * i + 2]);
            if (!hit || hit->t < 0.f || hit->t > limit)
                continue;
            limit = hit->t;
            best = RayHit{m_faces[i], glm::vec3(1.f - hit->u - hit->v, hit->u, hit->v), hit->t, hit->frontFacing};
        }
    }
    return best;
}

} // namespace marrow::mesh
