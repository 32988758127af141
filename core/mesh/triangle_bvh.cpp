// SPDX-License-Identifier: MIT
#include "core/mesh/triangle_bvh.h"

#include <glm/geometric.hpp>

#include <algorithm>
#include <cmath>

namespace marrow::mesh {

namespace {

// Slab test; returns the entry distance, or a negative value when missed.
float hitBox(const Aabb& b, const glm::vec3& origin, const glm::vec3& inverseDir, float maxT)
{
    if (b.empty())
        return -1.f;
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

void TriangleBvh::build(const VertexBvh& vertices, std::span<const std::uint32_t> indices)
{
    m_vertices = &vertices;
    const auto nodes = vertices.tree().nodes();
    const std::size_t faces = indices.size() / 3;
    // Per vertex: its slot in the points array and the leaf holding it.
    std::vector<std::uint32_t> slot(vertices.vertexCount()), leafOf(vertices.vertexCount());
    for (std::uint32_t n = 0; n < nodes.size(); ++n)
        if (nodes[n].leaf())
            for (std::uint32_t i = nodes[n].first; i < nodes[n].first + nodes[n].count; ++i) {
                slot[vertices.vertexAt(i)] = i;
                leafOf[vertices.vertexAt(i)] = n;
            }
    // Faces grouped by the leaf of their first corner (a counting sort keeps face order within a leaf).
    m_faceStart.assign(nodes.size() + 1, 0);
    for (std::size_t f = 0; f < faces; ++f)
        ++m_faceStart[leafOf[indices[3 * f]] + 1];
    for (std::size_t n = 0; n < nodes.size(); ++n)
        m_faceStart[n + 1] += m_faceStart[n];
    std::vector<std::uint32_t> fill(m_faceStart.begin(), m_faceStart.end() - 1);
    m_corners.resize(3 * faces);
    m_faceIds.resize(faces);
    for (std::size_t f = 0; f < faces; ++f) {
        const std::uint32_t k = fill[leafOf[indices[3 * f]]]++;
        m_faceIds[k] = static_cast<std::uint32_t>(f);
        for (std::size_t c = 0; c < 3; ++c)
            m_corners[3 * k + c] = slot[indices[3 * f + c]];
    }
    // Neighbour leaves: every leaf a corner of one of this leaf's faces lies in.
    m_nearStart.assign(nodes.size() + 1, 0);
    m_near.clear();
    std::vector<std::uint32_t> seen;
    for (std::uint32_t n = 0; n < nodes.size(); ++n) {
        seen.clear();
        for (std::uint32_t k = m_faceStart[n]; k < m_faceStart[n + 1]; ++k)
            for (std::size_t c = 0; c < 3; ++c)
                seen.push_back(leafOf[indices[3 * m_faceIds[k] + c]]);
        std::sort(seen.begin(), seen.end());
        seen.erase(std::unique(seen.begin(), seen.end()), seen.end());
        m_near.insert(m_near.end(), seen.begin(), seen.end());
        m_nearStart[n + 1] = static_cast<std::uint32_t>(m_near.size());
    }
    m_boxes.assign(nodes.size(), Aabb{});
    refit();
}

void TriangleBvh::refit()
{
    if (!m_vertices)
        return;
    const auto nodes = m_vertices->tree().nodes();
    for (std::size_t n = nodes.size(); n-- > 0;) {
        Aabb b;
        if (nodes[n].leaf()) {
            for (std::uint32_t k = m_nearStart[n]; k < m_nearStart[n + 1]; ++k)
                b.grow(nodes[m_near[k]].box);
        } else {
            b = m_boxes[nodes[n].first];
            b.grow(m_boxes[nodes[n].first + 1]);
        }
        m_boxes[n] = b;
    }
}

std::optional<RayHit> TriangleBvh::pick(const Ray& ray, float maxDistance) const
{
    if (!m_vertices || m_faceIds.empty())
        return std::nullopt;
    // A finite stand-in for 1/0 keeps the slab test free of 0 * inf = NaN.
    glm::vec3 inverseDir;
    for (int k = 0; k < 3; ++k)
        inverseDir[k] = std::abs(ray.direction[k]) > 1e-30f ? 1.f / ray.direction[k] : std::copysign(1e30f, ray.direction[k]);
    const auto nodes = m_vertices->tree().nodes();
    const glm::vec3* p = m_vertices->points().data();
    std::optional<RayHit> best;
    float bestT = maxDistance;
    std::uint32_t stack[64];
    int top = 0;
    if (hitBox(m_boxes[0], ray.origin, inverseDir, bestT) >= 0.f)
        stack[top++] = 0;
    while (top > 0) {
        const std::uint32_t node = stack[--top];
        const BoundsTree::Node& n = nodes[node];
        if (n.leaf()) {
            for (std::uint32_t i = m_faceStart[node]; i < m_faceStart[node + 1]; ++i) {
                const auto hit = intersectTriangle(ray, p[m_corners[3 * i]], p[m_corners[3 * i + 1]], p[m_corners[3 * i + 2]]);
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
        const float tl = hitBox(m_boxes[l], ray.origin, inverseDir, bestT);
        const float tr = hitBox(m_boxes[r], ray.origin, inverseDir, bestT);
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
