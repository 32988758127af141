// SPDX-License-Identifier: MIT
#include "core/skin/bulk_smooth.h"

#include "core/skin/weight_row.h"

#include <algorithm>
#include <set>

namespace marrow::skin {

namespace {

bool isRepresentative(const WeightSurface& s, std::size_t v)
{
    return !s.weld || s.weld->representative(static_cast<std::uint32_t>(v)) == v;
}

bool selected(const WeightScope& scope, const WeightSurface& s, std::size_t v)
{
    if (!s.weld)
        return scope.touches(v);
    for (std::uint32_t c : s.weld->copiesOf(static_cast<std::uint32_t>(v)))
        if (scope.touches(c))
            return true;
    return false;
}

// Renormalises and limits an edited row; false when it cannot sum to 1.
bool settle(WeightRow& row, const WeightScope& scope, BulkReport& report)
{
    const auto unlocked = [&](std::uint16_t j) { return !scope.isLocked(j); };
    if (!normaliseAround(row, unlocked))
        return false;
    if (const std::size_t dropped = limitRow(row, scope.limit(), unlocked); dropped > 0) {
        report.influencesRemoved += dropped;
        normaliseAround(row, unlocked);
    }
    return true;
}

// Writes each representative's new row to its copies; counts changed rows.
mesh::SkinWeights finish(const mesh::SkinWeights& weights, std::vector<WeightRow>& rows, const WeightSurface& s,
                         BulkReport& local, BulkReport* report)
{
    if (s.weld)
        for (std::size_t v = 0; v < rows.size(); ++v)
            if (!isRepresentative(s, v))
                rows[v] = rows[s.weld->representative(static_cast<std::uint32_t>(v))];
    mesh::SkinWeights out = packRows(rows, weights.stride);
    const mesh::SkinWeights same = out.stride == weights.stride ? weights : mesh::withStride(weights, out.stride);
    for (std::size_t v = 0; v < rows.size(); ++v) {
        const auto a = out.weightRow(v), b = same.weightRow(v);
        const auto ja = out.jointRow(v), jb = same.jointRow(v);
        if (!std::equal(a.begin(), a.end(), b.begin()) || !std::equal(ja.begin(), ja.end(), jb.begin()))
            ++local.rowsChanged;
    }
    if (report)
        *report = local;
    return out;
}

} // namespace

mesh::SkinWeights smoothWeights(const mesh::SkinWeights& weights, const WeightScope& scope,
                                const WeightSurface& surface, int iterations, float factor, BulkReport* report)
{
    const float f = std::clamp(factor, 0.f, 1.f);
    std::vector<WeightRow> rows = readRows(weights);
    const std::size_t n = std::min(rows.size(), surface.adjacency.vertexCount());
    std::vector<std::uint8_t> active(rows.size(), 0);
    for (std::size_t v = 0; v < n; ++v)
        active[v] = isRepresentative(surface, v) && selected(scope, surface, v) &&
                    !surface.adjacency.neighbours(v).empty();
    for (int it = 0; it < iterations; ++it) {
        std::vector<WeightRow> next = rows;
        for (std::size_t v = 0; v < n; ++v) {
            if (!active[v])
                continue;
            const auto around = surface.adjacency.neighbours(v);
            std::set<std::uint16_t> bones;
            for (const Influence& i : rows[v])
                bones.insert(i.joint);
            for (std::uint32_t u : around)
                for (const Influence& i : rows[u])
                    bones.insert(i.joint);
            for (std::uint16_t j : bones) {
                if (!scope.editable(j))
                    continue;
                double mean = 0.0;
                for (std::uint32_t u : around)
                    mean += weightOf(rows[u], j);
                mean /= static_cast<double>(around.size());
                setWeight(next[v], j, static_cast<float>((1.0 - f) * weightOf(rows[v], j) + f * mean));
            }
        }
        rows = std::move(next);
    }
    BulkReport local;
    const std::vector<WeightRow> original = readRows(weights);
    for (std::size_t v = 0; v < n; ++v)
        if (active[v] && !settle(rows[v], scope, local)) {
            rows[v] = original[v];
            ++local.rowsUnnormalisable;
        }
    return finish(weights, rows, surface, local, report);
}

mesh::SkinWeights hammerWeights(const mesh::SkinWeights& weights, const WeightScope& scope,
                                const WeightSurface& surface, BulkReport* report)
{
    std::vector<WeightRow> rows = readRows(weights);
    const std::vector<WeightRow> original = rows;
    BulkReport local;
    const std::size_t n = std::min(rows.size(), surface.adjacency.vertexCount());
    for (std::size_t v = 0; v < n; ++v) {
        if (!isRepresentative(surface, v) || !selected(scope, surface, v))
            continue;
        std::vector<std::uint32_t> donors;
        for (std::uint32_t u : surface.adjacency.neighbours(v))
            if (!selected(scope, surface, u))
                donors.push_back(u);
        if (donors.empty())
            continue;
        std::set<std::uint16_t> bones;
        for (const Influence& i : original[v])
            bones.insert(i.joint);
        for (std::uint32_t u : donors)
            for (const Influence& i : original[u])
                bones.insert(i.joint);
        for (std::uint16_t j : bones) {
            if (!scope.editable(j))
                continue;
            double mean = 0.0;
            for (std::uint32_t u : donors)
                mean += weightOf(original[u], j);
            setWeight(rows[v], j, static_cast<float>(mean / static_cast<double>(donors.size())));
        }
        if (!settle(rows[v], scope, local)) {
            rows[v] = original[v];
            ++local.rowsUnnormalisable;
        }
    }
    return finish(weights, rows, surface, local, report);
}

} // namespace marrow::skin
