// SPDX-License-Identifier: MIT
#include "core/skin/bulk_mirror.h"

#include "core/mesh/surface_locator.h"
#include "core/mesh/vertex_mirror_map.h"
#include "core/skin/weight_row.h"

#include <glm/geometric.hpp>

#include <cmath>
#include <functional>
#include <map>

namespace marrow::skin {

namespace {

constexpr float kTolerance = 1e-5f;  // of the bounding-box diagonal

float diagonal(std::span<const glm::vec3> positions)
{
    mesh::Aabb box;
    for (const glm::vec3& p : positions)
        box.grow(p);
    return box.empty() ? 0.f : glm::length(box.hi - box.lo);
}

// The blend of three rows by barycentric weights.
WeightRow blend(const std::vector<WeightRow>& rows, const std::uint32_t corners[3], const glm::vec3& bary)
{
    std::map<std::uint16_t, double> sum;
    for (int k = 0; k < 3; ++k)
        for (const Influence& i : rows[corners[k]])
            sum[i.joint] += static_cast<double>(bary[k]) * i.weight;
    WeightRow out;
    for (const auto& [joint, w] : sum)
        if (w > 0.0)
            out.push_back({joint, static_cast<float>(w)});
    return out;
}

// Whether a locked bone held the row back from the plain mirror of `source`
// (every joint swapped, normalised): a locked weight kept, or a mirrored one refused.
bool keptByLocks(const WeightRow& result, const WeightRow& original, const WeightRow& source,
                 const WeightScope& scope, const std::function<std::uint16_t(std::uint16_t)>& mirrorJoint)
{
    WeightRow plain;
    bool locks = false;
    for (const Influence& i : original)
        locks = locks || (scope.isLocked(i.joint) && i.weight > 0.f);
    for (const Influence& i : source) {
        const std::uint16_t j = mirrorJoint(i.joint);
        locks = locks || (scope.isLocked(j) && i.weight > 0.f);
        setWeight(plain, j, weightOf(plain, j) + i.weight);
    }
    if (!locks)
        return false;
    const float sum = rowSum(plain);
    for (const Influence& i : plain)
        if (std::abs(weightOf(result, i.joint) - (sum > 0.f ? i.weight / sum : 0.f)) > 1e-5f)
            return true;
    for (const Influence& i : result)
        if (weightOf(plain, i.joint) <= 0.f && i.weight > 1e-5f)
            return true;
    return false;
}

} // namespace

mesh::SkinWeights mirrorWeights(const mesh::SkinWeights& weights, const WeightScope& scope,
                                const WeightGeometry& geometry, const mesh::MirrorPlane& plane, bool fromPositive,
                                std::span<const std::uint16_t> jointMirror, BulkReport* report)
{
    const std::size_t n = std::min(weights.vertexCount(), geometry.positions.size());
    const float tolerance = kTolerance * diagonal(geometry.positions);
    const float sign = fromPositive ? 1.f : -1.f;
    const auto side = [&](std::size_t v) { return sign * plane.signedDistance(geometry.positions[v]); };
    const mesh::VertexMirrorMap pairs = mesh::VertexMirrorMap::build(
        geometry.positions, plane, {.exactTolerance = kTolerance, .nearestTolerance = kTolerance});
    // The source side's surface, for targets with no exact twin.
    std::vector<std::uint32_t> sourceFaces;
    for (std::size_t f = 0; f + 2 < geometry.indices.size(); f += 3)
        if (side(geometry.indices[f]) >= -tolerance && side(geometry.indices[f + 1]) >= -tolerance &&
            side(geometry.indices[f + 2]) >= -tolerance)
            sourceFaces.push_back(static_cast<std::uint32_t>(f / 3));
    mesh::SurfaceLocator surface;
    surface.build(geometry.positions, geometry.indices, sourceFaces);

    const std::vector<WeightRow> original = readRows(weights);
    std::vector<WeightRow> rows = original;
    const std::function<std::uint16_t(std::uint16_t)> mirrorJoint = [&](std::uint16_t k) {
        return k < jointMirror.size() ? jointMirror[k] : k;
    };
    BulkReport local;
    for (std::size_t v = 0; v < n; ++v) {
        if (!scope.touches(v) || side(v) >= -tolerance)
            continue;
        ++local.mirrorTargets;
        const std::uint32_t twin = pairs.partner[v];
        WeightRow source;
        if (twin != mesh::kNoMirror && twin != v && side(twin) > tolerance &&
            glm::length(geometry.positions[twin] - plane.reflect(geometry.positions[v])) <= tolerance) {
            source = original[twin];
        } else if (const auto hit = surface.closest(plane.reflect(geometry.positions[v]))) {
            const std::uint32_t corners[3] = {geometry.indices[3 * hit->triangle],
                                              geometry.indices[3 * hit->triangle + 1],
                                              geometry.indices[3 * hit->triangle + 2]};
            source = blend(original, corners, hit->barycentric);
            ++local.surfaceFallbacks;
        } else {
            continue;  // no source side at all
        }
        WeightRow row;
        for (const Influence& i : original[v])
            if (!scope.editable(i.joint))
                row.push_back(i);
        for (const Influence& i : source) {
            const std::uint16_t j = mirrorJoint(i.joint);
            if (scope.editable(j))
                setWeight(row, j, weightOf(row, j) + i.weight);
        }
        const auto editable = [&](std::uint16_t j) { return scope.editable(j); };
        if (!normaliseAround(row, editable)) {
            ++local.rowsUnnormalisable;
            local.rowsKeptByLocks += keptByLocks(original[v], original[v], source, scope, mirrorJoint) ? 1 : 0;
            continue;
        }
        if (limitRow(row, scope.limit(), editable) > 0)
            normaliseAround(row, editable);
        local.rowsKeptByLocks += keptByLocks(row, original[v], source, scope, mirrorJoint) ? 1 : 0;
        local.rowsChanged += storeIfChanged(rows[v], std::move(row)) ? 1 : 0;
    }
    if (report)
        *report = local;
    return packRows(rows, weights.stride);
}

} // namespace marrow::skin
