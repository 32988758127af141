// SPDX-License-Identifier: MIT
#include "core/skin/rigid_shells.h"

#include "core/mesh/vertex_weld.h"

#include <glm/geometric.hpp>
#include <glm/vec3.hpp>

#include <algorithm>
#include <limits>
#include <numeric>

namespace marrow::skin {

std::vector<std::uint32_t> connectedShells(std::size_t n, std::span<const std::uint32_t> triangles, std::size_t& count)
{
    std::vector<std::uint32_t> parent(n);
    std::iota(parent.begin(), parent.end(), 0u);
    const auto find = [&](std::uint32_t x) {
        while (parent[x] != x)
            x = parent[x] = parent[parent[x]];
        return x;
    };
    for (std::size_t t = 0; t + 2 < triangles.size(); t += 3)
        for (std::size_t k = 0; k < 2; ++k)
            parent[find(triangles[t + k])] = find(triangles[t + k + 1]);
    std::vector<std::uint32_t> shell(n), id(n, ~0u);
    count = 0;
    for (std::uint32_t v = 0; v < n; ++v) {
        const std::uint32_t root = find(v);
        if (id[root] == ~0u)
            id[root] = static_cast<std::uint32_t>(count++);
        shell[v] = id[root];
    }
    return shell;
}

std::vector<std::uint32_t> positionShells(std::span<const glm::vec3> positions,
                                          std::span<const std::uint32_t> triangles, std::size_t& count)
{
    const mesh::VertexWeld weld = mesh::VertexWeld::build(positions);
    std::vector<std::uint32_t> welded = weld.weldIndices(triangles);
    // Copies of a vertex join through their representative.
    for (std::uint32_t v = 0; v < positions.size(); ++v)
        if (const std::uint32_t r = weld.representative(v); r != v)
            welded.insert(welded.end(), {v, r, r});
    return connectedShells(positions.size(), welded, count);
}

float sourceDistance(const glm::vec3& p, const HeatSource& s, glm::vec3& closest)
{
    float best = std::numeric_limits<float>::max();
    for (const HeatSource::Segment& seg : s.segments) {
        const glm::vec3 q = closestOnSegment(p, seg.head, seg.tail);
        const float d = glm::length(q - p);
        if (d < best) {
            best = d;
            closest = q;
        }
    }
    return best;
}

std::vector<std::uint16_t> nearestSourcePerShell(std::span<const glm::vec3> positions,
                                                 std::span<const std::uint32_t> shell, std::size_t count,
                                                 std::span<const HeatSource> sources,
                                                 std::span<const std::uint8_t> skip)
{
    const auto skipped = [&](std::uint32_t s) { return s < skip.size() && skip[s] != 0; };
    // Centroids in double: a shell far from the origin sums many floats.
    std::vector<glm::dvec3> sum(count, glm::dvec3(0.0));
    std::vector<std::size_t> size(count, 0);
    for (std::size_t v = 0; v < positions.size(); ++v) {
        sum[shell[v]] += glm::dvec3(positions[v]);
        ++size[shell[v]];
    }
    std::vector<std::uint16_t> nearest(count, 0);
    for (std::uint32_t s = 0; s < count; ++s) {
        if (skipped(s) || size[s] == 0)
            continue;
        const glm::vec3 centroid(sum[s] / static_cast<double>(size[s]));
        float best = std::numeric_limits<float>::max();
        glm::vec3 q;
        for (std::size_t k = 0; k < sources.size(); ++k)
            if (const float d = sourceDistance(centroid, sources[k], q); d < best) {
                best = d;
                nearest[s] = static_cast<std::uint16_t>(k);
            }
    }
    return nearest;
}

std::size_t RigidProps::propShells() const
{
    if (wholeMesh())
        return 0;
    return static_cast<std::size_t>(std::count_if(shellBone.begin(), shellBone.end(),
                                                  [](std::uint16_t b) { return b != kNone; }));
}

RigidProps findRigidProps(std::span<const glm::vec3> positions, std::span<const std::uint32_t> triangles,
                          std::span<const WeightRow> rows)
{
    RigidProps props;
    std::size_t count = 0;
    props.shell = positionShells(positions, triangles, count);
    props.shellBone.assign(count, RigidProps::kNone);
    if (rows.size() != positions.size() || positions.empty())
        return props;
    constexpr float kWhole = 1e-4f;
    constexpr std::uint16_t kUnset = 0xfffe;  // a shell not met yet
    std::vector<std::uint16_t> bone(count, kUnset);
    std::uint16_t meshBone = kUnset;
    for (std::size_t v = 0; v < positions.size(); ++v) {
        std::uint16_t one = RigidProps::kNone;
        int nonZero = 0;
        for (const Influence& i : rows[v])
            if (i.weight > 0.f) {
                ++nonZero;
                one = i.weight >= 1.f - kWhole ? i.joint : RigidProps::kNone;
            }
        if (nonZero != 1)
            one = RigidProps::kNone;
        std::uint16_t& b = bone[props.shell[v]];
        b = b == kUnset || b == one ? one : RigidProps::kNone;
        meshBone = meshBone == kUnset || meshBone == one ? one : RigidProps::kNone;
    }
    if (meshBone != kUnset && meshBone != RigidProps::kNone) {
        props.meshBone = meshBone;
        return props;
    }
    for (std::size_t s = 0; s < count; ++s)
        props.shellBone[s] = bone[s] == kUnset ? RigidProps::kNone : bone[s];
    return props;
}

} // namespace marrow::skin
