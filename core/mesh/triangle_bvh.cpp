// SPDX-License-Identifier: MIT
#include "core/mesh/triangle_bvh.h"

#include <glm/geometric.hpp>

#include <algorithm>
#include <cmath>

namespace marrow::mesh {

namespace {

constexpr std::uint32_t kLeafFaces = 4;

// Slab test; returns the entry distance, or a negative value when missed.
float hitBox(const Aabb& b, const glm::vec3& origin, const glm::vec3& inverseDir, float maxT)
{
    const glm::vec3 t0 = (b.lo - origin) * inverseDir;
    const glm::vec3 t1 = (b.hi - origin) * inverseDir;
    const glm::vec3 tmin = glm::min(t0, t1);
    const glm::vec3 tmax = glm::max(t0, t1);
    const float enter = std::max(std::max(tmin.x, tmin.y), std::max(tmin.z, 0.f));
    const float leave = std::min(std::min(tmax.x, tmax.y), std::min(tmax.z, maxT));
    return enter <= leave ? enter : -1.f;
}

} // namespace

std::optional<TriangleHit> intersectTriangle(const Ray& ray, const glm::vec3& a, const glm::vec3& b, const glm::vec3& c)
{
    const glm::vec3 e1 = b - a;
    const glm::vec3 e2 = c - a;
    const glm::vec3 p = glm::cross(ray.direction, e2);
    const float det = glm::dot(e1, p);
    // Relative threshold: a face seen edge-on, or with no area, is not hit.
    const float scale = glm::length(e1) * glm::length(e2) * glm::length(ray.direction);
    if (!(std::abs(det) > 1e-12f * scale))
        return std::nullopt;
    const float inv = 1.f / det;
    const glm::vec3 s = ray.origin - a;
    const float u = glm::dot(s, p) * inv;
    if (u < 0.f || u > 1.f)
        return std::nullopt;
    const glm::vec3 q = glm::cross(s, e1);
    const float v = glm::dot(ray.direction, q) * inv;
    if (v < 0.f || u + v > 1.f)
        return std::nullopt;
    const float t = glm::dot(e2, q) * inv;
    if (!(t >= 0.f))
        return std::nullopt;
    // det > 0 exactly when the face normal cross(e1, e2) points against the ray.
    return TriangleHit{t, u, v, det > 0.f};
}

void TriangleBvh::build(std::span<const glm::vec3> positions, std::span<const std::uint32_t> indices)
{
    const std::size_t faces = indices.size() / 3;
    std::vector<glm::vec3> centroids(faces);
    for (std::size_t f = 0; f < faces; ++f)
        centroids[f] = (positions[indices[3 * f]] + positions[indices[3 * f + 1]] + positions[indices[3 * f + 2]]) / 3.f;
    m_tree.build(centroids, kLeafFaces);
    // Faces copied in tree order, so a leaf reads one contiguous run of indices.
    m_faceIds.assign(m_tree.order().begin(), m_tree.order().end());
    m_indices.resize(faces * 3);
    for (std::size_t i = 0; i < faces; ++i)
        for (std::size_t k = 0; k < 3; ++k)
            m_indices[3 * i + k] = indices[3 * m_faceIds[i] + k];
    refit(positions);
}

void TriangleBvh::refit(std::span<const glm::vec3> positions)
{
    m_positions = positions;
    const std::uint32_t* idx = m_indices.data();
    const glm::vec3* p = positions.data();
    m_tree.refit([idx, p](std::uint32_t first, std::uint32_t count) {
        Aabb b;
        for (std::uint32_t i = 3 * first, end = 3 * (first + count); i < end; ++i)
            b.grow(p[idx[i]]);
        return b;
    });
}

std::optional<RayHit> TriangleBvh::pick(const Ray& ray, float maxDistance) const
{
    if (m_tree.empty())
        return std::nullopt;
    // A finite stand-in for 1/0 keeps the slab test free of 0 * inf = NaN.
    glm::vec3 inverseDir;
    for (int k = 0; k < 3; ++k)
        inverseDir[k] = std::abs(ray.direction[k]) > 1e-30f ? 1.f / ray.direction[k] : std::copysign(1e30f, ray.direction[k]);
    const auto nodes = m_tree.nodes();
    std::optional<RayHit> best;
    float bestT = maxDistance;
    std::uint32_t stack[64];
    int top = 0;
    if (hitBox(nodes[0].box, ray.origin, inverseDir, bestT) >= 0.f)
        stack[top++] = 0;
    while (top > 0) {
        const BoundsTree::Node& n = nodes[stack[--top]];
        if (n.leaf()) {
            for (std::uint32_t i = n.first; i < n.first + n.count; ++i) {
                const auto hit = intersectTriangle(ray, m_positions[m_indices[3 * i]], m_positions[m_indices[3 * i + 1]],
                                                   m_positions[m_indices[3 * i + 2]]);
                // Ties keep the lower face index, so the result does not depend on the tree's order.
                if (hit && (hit->t < bestT || (best && hit->t == bestT && m_faceIds[i] < best->triangle))) {
                    bestT = hit->t;
                    best = RayHit{m_faceIds[i], glm::vec3(1.f - hit->u - hit->v, hit->u, hit->v), hit->t, hit->frontFacing};
                }
            }
            continue;
        }
        // Visit the nearer child first so the far one is usually culled by bestT.
        const std::uint32_t l = n.first, r = n.first + 1;
        const float tl = hitBox(nodes[l].box, ray.origin, inverseDir, bestT);
        const float tr = hitBox(nodes[r].box, ray.origin, inverseDir, bestT);
        if (tl >= 0.f && tr >= 0.f) {
            const bool leftFirst = tl <= tr;
            stack[top++] = leftFirst ? r : l;
            stack[top++] = leftFirst ? l : r;
        } else if (tl >= 0.f) {
            stack[top++] = l;
        } else if (tr >= 0.f) {
            stack[top++] = r;
        }
    }
    return best;
}

} // namespace marrow::mesh
