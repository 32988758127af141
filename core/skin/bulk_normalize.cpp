// SPDX-License-Identifier: MIT
#include "core/skin/bulk_normalize.h"

#include "core/skin/weight_row.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace marrow::skin {

namespace {

// Applies `edit` to every scope row; counts the rows it changed.
template <class Edit>
mesh::SkinWeights eachRow(const mesh::SkinWeights& weights, const WeightScope& scope, BulkReport* report, Edit edit)
{
    std::vector<WeightRow> rows = readRows(weights);
    BulkReport local;
    for (std::size_t v = 0; v < rows.size(); ++v) {
        if (!scope.touches(v))
            continue;
        WeightRow row = rows[v];
        edit(row, local);
        local.rowsChanged += storeIfChanged(rows[v], std::move(row)) ? 1 : 0;
    }
    if (report)
        *report = local;
    return packRows(rows, weights.stride);
}

} // namespace

mesh::SkinWeights normalizeAll(const mesh::SkinWeights& weights, const WeightScope& scope, BulkReport* report)
{
    return eachRow(weights, scope, report, [&](WeightRow& row, BulkReport& r) {
        // A row already summing to 1 stays bit for bit: normalising twice changes nothing.
        if (std::abs(rowSum(row) - 1.f) <= 1e-6f)
            return;
        if (!normaliseAround(row, [&](std::uint16_t j) { return scope.editable(j); }))
            ++r.rowsUnnormalisable;
    });
}

mesh::SkinWeights limitTotal(const mesh::SkinWeights& weights, const WeightScope& scope, int n, BulkReport* report)
{
    return eachRow(weights, scope, report, [&](WeightRow& row, BulkReport& r) {
        const std::size_t dropped = limitRow(row, n, [&](std::uint16_t j) { return scope.editable(j); });
        if (dropped == 0)
            return;
        r.influencesRemoved += dropped;
        if (!normaliseAround(row, [&](std::uint16_t j) { return !scope.isLocked(j); }))
            ++r.rowsUnnormalisable;
    });
}

mesh::SkinWeights cleanWeights(const mesh::SkinWeights& weights, const WeightScope& scope, float eps,
                               BulkReport* report)
{
    return eachRow(weights, scope, report, [&](WeightRow& row, BulkReport& r) {
        if (row.empty())
            return;
        sortRow(row);
        const bool allSmall = std::all_of(row.begin(), row.end(), [&](const Influence& i) { return i.weight < eps; });
        // Kept whatever happens: the largest when all are small, and the
        // largest unlocked one (a row never ends with locked weights alone).
        const auto largestUnlocked = std::find_if(row.begin(), row.end(),
                                                  [&](const Influence& i) { return !scope.isLocked(i.joint); });
        const int keepUnlocked = largestUnlocked != row.end() ? largestUnlocked->joint : -1;
        const int keepLargest = allSmall ? row.front().joint : -1;
        const std::size_t before = row.size();
        std::erase_if(row, [&](const Influence& i) {
            return i.joint != keepUnlocked && i.joint != keepLargest && i.weight < eps && scope.editable(i.joint);
        });
        if (row.size() == before)
            return;
        r.influencesRemoved += before - row.size();
        if (!normaliseAround(row, [&](std::uint16_t j) { return !scope.isLocked(j); }))
            ++r.rowsUnnormalisable;
    });
}

mesh::SkinWeights quantizeWeights(const mesh::SkinWeights& weights, const WeightScope& scope, int bits,
                                  BulkReport* report)
{
    const std::int64_t units = bits == 16 ? 65535 : 255;
    return eachRow(weights, scope, report, [&](WeightRow& row, BulkReport& r) {
        double sum = 0.0;
        for (const Influence& i : row)
            sum += i.weight;
        if (row.empty() || !(sum > 0.0))
            return;
        struct Share {
            std::size_t index;
            std::int64_t whole;
            double remainder;
        };
        std::vector<Share> shares;
        std::int64_t given = 0;
        for (std::size_t k = 0; k < row.size(); ++k) {
            const double exact = static_cast<double>(row[k].weight) / sum * static_cast<double>(units);
            const auto whole = static_cast<std::int64_t>(std::floor(exact));
            shares.push_back({k, whole, exact - static_cast<double>(whole)});
            given += whole;
        }
        std::sort(shares.begin(), shares.end(), [&](const Share& a, const Share& b) {
            if (a.remainder != b.remainder)
                return a.remainder > b.remainder;
            if (row[a.index].weight != row[b.index].weight)
                return row[a.index].weight > row[b.index].weight;
            return row[a.index].joint < row[b.index].joint;
        });
        for (std::size_t k = 0; given < units && k < shares.size(); ++k, ++given)
            ++shares[k].whole;
        WeightRow out;
        for (const Share& s : shares)
            if (s.whole > 0)
                out.push_back({row[s.index].joint,
                               static_cast<float>(static_cast<double>(s.whole) / static_cast<double>(units))});
        r.influencesRemoved += row.size() - out.size();
        row = std::move(out);
    });
}

} // namespace marrow::skin
