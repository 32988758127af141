// SPDX-License-Identifier: MIT
#include "core/skin/bone_heat.h"
#include "core/skin/rigid_shells.h"

#include "core/mesh/cotan_laplacian.h"
#include "core/mesh/surface_locator.h"
#include "core/mesh/vertex_weld.h"

#include <Eigen/SparseCholesky>
#include <Eigen/SparseCore>
#include <glm/geometric.hpp>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace marrow::skin {

namespace {

constexpr float kTie = 1e-4f;          // sources within this fraction of the nearest share a vertex
constexpr std::size_t kMaxRays = 12;   // candidates tried per vertex before giving up on visibility
constexpr double kDiffusion = 0.25;   // the stiffness scale: Blender's (see bone_heat.h)

// The welded mesh the solve runs on: one vertex per position group.
struct Welded {
    mesh::VertexWeld weld;
    std::vector<std::uint32_t> group;       // per input vertex: its welded vertex
    std::vector<glm::vec3> positions;       // per welded vertex
    std::vector<std::uint32_t> triangles;   // non-degenerate, welded
};

Welded weldMesh(std::span<const glm::vec3> positions, std::span<const std::uint32_t> triangles)
{
    Welded w{mesh::VertexWeld::build(positions), {}, {}, {}};
    std::vector<std::uint32_t> compact(positions.size(), 0);
    for (std::uint32_t v = 0; v < positions.size(); ++v)
        if (w.weld.representative(v) == v) {
            compact[v] = static_cast<std::uint32_t>(w.positions.size());
            w.positions.push_back(positions[v]);
        }
    w.group.resize(positions.size());
    for (std::uint32_t v = 0; v < positions.size(); ++v)
        w.group[v] = compact[w.weld.representative(v)];
    for (std::size_t t = 0; t + 2 < triangles.size(); t += 3) {
        const std::uint32_t a = w.group[triangles[t]], b = w.group[triangles[t + 1]], c = w.group[triangles[t + 2]];
        if (a != b && b != c && a != c)
            w.triangles.insert(w.triangles.end(), {a, b, c});
    }
    return w;
}

// Area-weighted vertex normals, turned outward per shell: a shell whose
// normals mostly face its nearest bones is wound inside out (a vote, not
// the enclosed volume's sign, which an open shell far from the origin
// gets wrong).
std::vector<glm::vec3> outwardNormals(const Welded& w, const std::vector<std::uint32_t>& shell, std::size_t shells,
                                      std::span<const HeatSource> sources)
{
    std::vector<glm::vec3> normals(w.positions.size(), glm::vec3(0.f));
    for (std::size_t t = 0; t + 2 < w.triangles.size(); t += 3) {
        const glm::vec3 &a = w.positions[w.triangles[t]], &b = w.positions[w.triangles[t + 1]],
                        &c = w.positions[w.triangles[t + 2]];
        const glm::vec3 n = glm::cross(b - a, c - a);
        for (std::size_t k = 0; k < 3; ++k)
            normals[w.triangles[t + k]] += n;
    }
    std::vector<double> vote(shells, 0.0);
    for (std::size_t v = 0; v < normals.size(); ++v) {
        const float len = glm::length(normals[v]);
        normals[v] = len > 0.f ? normals[v] / len : glm::vec3(0.f);
        float best = std::numeric_limits<float>::max();
        glm::vec3 nearest = w.positions[v], q(0.f);
        for (const HeatSource& source : sources)
            if (const float d = sourceDistance(w.positions[v], source, q); d < best) {
                best = d;
                nearest = q;
            }
        vote[shell[v]] += glm::dot(normals[v], w.positions[v] - nearest) > 0.f ? 1.0 : -1.0;
    }
    for (std::size_t v = 0; v < normals.size(); ++v)
        if (vote[shell[v]] < 0.0)
            normals[v] = -normals[v];
    return normals;
}

// Whether the segment from p to q crosses no surface facing it (Blender's
// rule: a face seen from its back, as when leaving the mesh, does not block).
bool visible(const mesh::SurfaceLocator& bvh, const glm::vec3& p, const glm::vec3& q, float offset)
{
    const glm::vec3 d = q - p;
    const float length = glm::length(d);
    if (length <= 2.f * offset)
        return true;
    const glm::vec3 dir = d / length;
    mesh::Ray ray{p + offset * dir, dir};
    float left = length - 2.f * offset;
    for (int hop = 0; hop < 16; ++hop) {
        const auto hit = bvh.pick(ray, left);
        if (!hit)
            return true;
        if (hit->frontFacing)
            return false;
        ray.origin = hit->point(ray) + offset * dir;
        left -= hit->distance + offset;
        if (left <= 0.f)
            return true;
    }
    return true;
}

struct VertexHeat {
    float heat = 0.f;                  // H_ii
    std::vector<std::uint16_t> near;   // the sources sharing it
    std::uint16_t nearest = 0;         // the nearest source regardless of visibility
    float nearestDistance = 0.f;
};

VertexHeat heatOf(const glm::vec3& p, const glm::vec3& normal, std::span<const HeatSource> sources,
                  const mesh::SurfaceLocator& bvh, float scale, BoneHeatReport& report)
{
    std::vector<std::pair<float, std::uint16_t>> order;
    std::vector<glm::vec3> closest(sources.size());
    order.reserve(sources.size());
    for (std::size_t s = 0; s < sources.size(); ++s) {
        const float d = sourceDistance(p, sources[s], closest[s]);
        const float cosine = d > 0.f ? glm::dot((p - closest[s]) / d, normal) : 1.f;
        order.push_back({d / (0.5f * (cosine + 1.001f)), static_cast<std::uint16_t>(s)});
    }
    std::sort(order.begin(), order.end());
    VertexHeat out;
    out.nearest = order.front().second;
    out.nearestDistance = order.front().first;
    const float offset = 1e-5f * scale;
    std::size_t first = order.size();
    for (std::size_t k = 0; k < order.size() && k < kMaxRays; ++k)
        if (visible(bvh, p, closest[order[k].second], offset)) {
            first = k;
            break;
        }
    if (first == order.size()) {
        ++report.noneVisible;
        first = 0;
    } else if (first > 0 && order[first].first > order[0].first * (1.f + kTie)) {
        ++report.hiddenNearest;
    }
    const float d = order[first].first;
    for (std::size_t k = first; k < order.size() && order[k].first <= d * (1.f + kTie); ++k)
        if (k == first || visible(bvh, p, closest[order[k].second], offset))
            out.near.push_back(order[k].second);
    const float clamped = std::max(d, 1e-4f * scale);
    out.heat = static_cast<float>(out.near.size()) / (clamped * clamped);
    return out;
}

} // namespace

glm::vec3 closestOnSegment(const glm::vec3& p, const glm::vec3& a, const glm::vec3& b)
{
    const glm::vec3 ab = b - a;
    const float len2 = glm::dot(ab, ab);
    if (!(len2 > 0.f))
        return a;
    return a + std::clamp(glm::dot(p - a, ab) / len2, 0.f, 1.f) * ab;
}

std::vector<WeightRow> boneHeatWeights(std::span<const glm::vec3> positions, std::span<const std::uint32_t> triangles,
                                       std::span<const HeatSource> sources, const BoneHeatOptions& options,
                                       BoneHeatReport* reportOut)
{
    BoneHeatReport report;
    report.vertices = positions.size();
    std::vector<WeightRow> out(positions.size());
    if (positions.empty() || sources.empty()) {
        if (reportOut)
            *reportOut = report;
        return out;
    }
    const Welded w = weldMesh(positions, triangles);
    const std::size_t n = w.positions.size();
    report.solved = n;
    std::vector<std::uint32_t> shell = connectedShells(n, w.triangles, report.shells);
    mesh::Aabb box;
    for (const glm::vec3& p : w.positions)
        box.grow(p);
    const float scale = std::max(glm::length(box.hi - box.lo), 1e-6f);

    mesh::SurfaceLocator triangleTree;
    triangleTree.build(w.positions, w.triangles);
    const std::vector<glm::vec3> normals = outwardNormals(w, shell, report.shells, sources);
    std::vector<VertexHeat> heat(n);
    for (std::size_t v = 0; v < n; ++v)
        heat[v] = heatOf(w.positions[v], normals[v], sources, triangleTree, scale, report);

    // (K + M H) w_j = M H p_j, one factorisation.
    const mesh::CotanLaplacian lap = mesh::CotanLaplacian::build(w.positions, w.triangles);
    double minMass = std::numeric_limits<double>::max();
    for (double m : lap.mass)
        if (m > 0.0)
            minMass = std::min(minMass, m);
    if (minMass == std::numeric_limits<double>::max())
        minMass = 1e-12 * double(scale) * scale;
    std::vector<double> mass(lap.mass);
    for (double& m : mass)
        m = m > 0.0 ? m : minMass;  // a vertex in no triangle still weighs
    std::vector<Eigen::Triplet<double>> entries;
    entries.reserve(lap.stiffness.size() + n);
    for (const auto& e : lap.stiffness)
        entries.emplace_back(static_cast<int>(e.row), static_cast<int>(e.col), kDiffusion * e.value);
    for (std::size_t v = 0; v < n; ++v)
        entries.emplace_back(static_cast<int>(v), static_cast<int>(v), mass[v] * heat[v].heat);
    Eigen::SparseMatrix<double> a(static_cast<Eigen::Index>(n), static_cast<Eigen::Index>(n));
    a.setFromTriplets(entries.begin(), entries.end());
    Eigen::SimplicialLDLT<Eigen::SparseMatrix<double>> solver(a);
    // Per source, the vertices it heats: b_j = M H p_j there, zero elsewhere.
    std::vector<std::vector<std::uint32_t>> heated(sources.size());
    for (std::size_t v = 0; v < n; ++v)
        for (std::uint16_t s : heat[v].near)
            heated[s].push_back(static_cast<std::uint32_t>(v));
    std::vector<float> solved(n * sources.size(), 0.f);
    if (solver.info() == Eigen::Success) {
        Eigen::VectorXd rhs = Eigen::VectorXd::Zero(static_cast<Eigen::Index>(n)), x;
        for (std::size_t s = 0; s < sources.size(); ++s) {
            if (heated[s].empty())
                continue;
            for (std::uint32_t v : heated[s])
                rhs[v] = mass[v] * heat[v].heat / static_cast<double>(heat[v].near.size());
            x = solver.solve(rhs);
            for (std::uint32_t v : heated[s])
                rhs[v] = 0.0;
            for (std::size_t v = 0; v < n; ++v)
                solved[v * sources.size() + s] = static_cast<float>(x[static_cast<Eigen::Index>(v)]);
        }
    }

    // Rows: clamp, cut, limit, normalise; a row left empty takes its nearest bone.
    std::vector<WeightRow> rows(n);
    for (std::size_t v = 0; v < n; ++v) {
        WeightRow& row = rows[v];
        for (std::size_t s = 0; s < sources.size(); ++s) {
            const float x = std::min(solved[v * sources.size() + s], 1.f);
            if (x >= options.minWeight && std::isfinite(x))
                row.push_back({static_cast<std::uint16_t>(s), x});
        }
        limitRow(row, std::clamp(options.maxInfluences, 1, 8), [](std::uint16_t) { return true; });
        if (!normaliseAround(row, [](std::uint16_t) { return true; })) {
            row = {{heat[v].nearest, 1.f}};
            ++report.emptyRows;
        }
    }
    if (options.rigidIslands && report.shells > 1) {
        std::vector<std::size_t> size(report.shells, 0);
        for (std::uint32_t s : shell)
            ++size[s];
        const auto largest = static_cast<std::uint32_t>(std::max_element(size.begin(), size.end()) - size.begin());
        // Each other shell: the source nearest its vertices on average.
        std::vector<std::uint8_t> skip(report.shells, 0);
        skip[largest] = 1;
        const std::vector<std::uint16_t> nearest = nearestSourcePerShell(w.positions, shell, report.shells, sources, skip);
        for (std::size_t v = 0; v < n; ++v)
            if (shell[v] != largest)
                rows[v] = {{nearest[shell[v]], 1.f}};
        report.rigidShells = report.shells - 1;
    }
    for (std::size_t v = 0; v < positions.size(); ++v)
        out[v] = rows[w.group[v]];
    if (reportOut)
        *reportOut = report;
    return out;
}

} // namespace marrow::skin
