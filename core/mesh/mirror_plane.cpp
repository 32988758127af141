// SPDX-License-Identifier: MIT
#include "core/mesh/mirror_plane.h"

#include <glm/geometric.hpp>
#include <glm/mat3x3.hpp>

#include <cmath>

namespace marrow::mesh {

MirrorPlane MirrorPlane::axis(int axis)
{
    MirrorPlane p;
    p.normal = glm::vec3(0.f);
    p.normal[axis < 0 || axis > 2 ? 0 : axis] = 1.f;
    return p;
}

std::optional<MirrorPlane> MirrorPlane::fit(std::span<const std::pair<glm::vec3, glm::vec3>> pairs)
{
    if (pairs.empty())
        return std::nullopt;
    // Scatter matrix of the differences, in double: its dominant eigenvector is the normal.
    double s[3][3] = {};
    glm::dvec3 midSum(0.0);
    double scale = 0.0;
    for (const auto& [l, r] : pairs) {
        const glm::dvec3 d = glm::dvec3(l) - glm::dvec3(r);
        for (int i = 0; i < 3; ++i)
            for (int j = 0; j < 3; ++j)
                s[i][j] += d[i] * d[j];
        midSum += (glm::dvec3(l) + glm::dvec3(r)) * 0.5;
        scale += glm::dot(d, d);
    }
    if (!(scale > 0.0) || !std::isfinite(scale))
        return std::nullopt;
    // Power iteration from the largest difference's direction; for a nearly
    // symmetric rig the dominant eigenvalue is far above the others, so this
    // converges in a few steps. 100 steps cover the slow cases.
    glm::dvec3 n(0.0);
    double longest = -1.0;
    for (const auto& [l, r] : pairs) {
        const glm::dvec3 d = glm::dvec3(l) - glm::dvec3(r);
        if (glm::dot(d, d) > longest) {
            longest = glm::dot(d, d);
            n = d;
        }
    }
    n = glm::normalize(n);
    for (int it = 0; it < 100; ++it) {
        glm::dvec3 m(0.0);
        for (int i = 0; i < 3; ++i)
            m[i] = s[i][0] * n.x + s[i][1] * n.y + s[i][2] * n.z;
        const double len = glm::length(m);
        if (!(len > 0.0))
            break;
        const glm::dvec3 next = m / len;
        const bool done = glm::dot(next - n, next - n) < 1e-24;
        n = next;
        if (done)
            break;
    }
    const glm::dvec3 first = glm::dvec3(pairs[0].first) - glm::dvec3(pairs[0].second);
    if (glm::dot(n, first) < 0.0)
        n = -n;
    const glm::dvec3 mid = midSum / static_cast<double>(pairs.size());
    MirrorPlane p;
    p.normal = glm::vec3(n);
    p.offset = static_cast<float>(glm::dot(n, mid));
    return p;
}

float MirrorPlane::signedDistance(const glm::vec3& p) const
{
    return glm::dot(normal, p) - offset;
}

glm::vec3 MirrorPlane::reflect(const glm::vec3& p) const
{
    return p - 2.f * signedDistance(p) * normal;
}

} // namespace marrow::mesh
