// SPDX-License-Identifier: MIT
#include "core/mesh/cotan_laplacian.h"

#include <glm/geometric.hpp>

#include <algorithm>
#include <cmath>

namespace marrow::mesh {

namespace {

constexpr double kMaxCot = 1e4;

struct DVec {
    double x, y, z;
};
DVec sub(const glm::vec3& a, const glm::vec3& b)
{
    return {double(a.x) - b.x, double(a.y) - b.y, double(a.z) - b.z};
}
double dot(const DVec& a, const DVec& b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
DVec cross(const DVec& a, const DVec& b)
{
    return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}

} // namespace

CotanLaplacian CotanLaplacian::build(std::span<const glm::vec3> positions, std::span<const std::uint32_t> triangles)
{
    CotanLaplacian out;
    out.mass.assign(positions.size(), 0.0);
    std::vector<double> diagonal(positions.size(), 0.0);
    double scale2 = 0.0;
    for (const glm::vec3& p : positions)
        scale2 = std::max(scale2, double(glm::dot(p, p)));
    const double minArea2 = 1e-24 * std::max(scale2 * scale2, 1e-30);
    out.stiffness.reserve(triangles.size() * 2 + positions.size());
    for (std::size_t t = 0; t + 2 < triangles.size(); t += 3) {
        const std::uint32_t v[3] = {triangles[t], triangles[t + 1], triangles[t + 2]};
        if (v[0] == v[1] || v[1] == v[2] || v[0] == v[2])
            continue;
        const DVec n = cross(sub(positions[v[1]], positions[v[0]]), sub(positions[v[2]], positions[v[0]]));
        const double area2 = dot(n, n);  // (2 x area)^2
        if (!(area2 > minArea2))
            continue;
        const double doubleArea = std::sqrt(area2);
        for (int k = 0; k < 3; ++k) {
            // The angle at corner k faces edge (k + 1, k + 2): cot = dot / |cross|.
            const std::uint32_t a = v[k], b = v[(k + 1) % 3], c = v[(k + 2) % 3];
            const double cot = std::clamp(dot(sub(positions[b], positions[a]), sub(positions[c], positions[a])) /
                                              doubleArea,
                                          -kMaxCot, kMaxCot);
            const double w = 0.5 * cot;
            out.stiffness.push_back({b, c, -w});
            out.stiffness.push_back({c, b, -w});
            diagonal[b] += w;
            diagonal[c] += w;
            out.mass[a] += doubleArea / 6.0;  // a third of the area
        }
    }
    for (std::size_t i = 0; i < positions.size(); ++i)
        out.stiffness.push_back({static_cast<std::uint32_t>(i), static_cast<std::uint32_t>(i), diagonal[i]});
    return out;
}

} // namespace marrow::mesh
