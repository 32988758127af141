// SPDX-License-Identifier: MIT
#include "core/skin/bulk_edit.h"

#include "core/skin/weight_row.h"

#include <algorithm>
#include <functional>

namespace marrow::skin {

namespace {

using RowEdit = std::function<bool(WeightRow&)>;  // false: leave the row as it was

mesh::SkinWeights editRows(const mesh::SkinWeights& weights, const WeightScope& scope, BulkReport* report,
                           const RowEdit& edit)
{
    std::vector<WeightRow> rows = readRows(weights);
    BulkReport local;
    for (std::size_t v = 0; v < rows.size(); ++v) {
        if (!scope.touches(v))
            continue;
        WeightRow row = rows[v];
        if (!edit(row)) {
            ++local.rowsUnnormalisable;
            continue;
        }
        local.rowsChanged += storeIfChanged(rows[v], std::move(row)) ? 1 : 0;
    }
    if (report)
        *report = local;
    return packRows(rows, weights.stride);
}

// The bone at `value`, the other unlocked weights filling the rest of 1.
bool setBone(WeightRow& row, const WeightScope& scope, std::uint16_t bone, float value)
{
    double lockedSum = 0.0;
    for (const Influence& i : row)
        if (scope.isLocked(i.joint) && i.joint != bone)
            lockedSum += i.weight;
    const float room = static_cast<float>(std::max(0.0, 1.0 - lockedSum));
    const float target = std::clamp(value, 0.f, room);
    setWeight(row, bone, target);
    const auto others = [&](std::uint16_t j) { return j != bone && !scope.isLocked(j); };
    if (!normaliseAround(row, others)) {
        // No other unlocked weight to fill the rest: the bone takes it all.
        if (target <= 0.f && room > 0.f)
            return false;
        setWeight(row, bone, room);
    }
    if (limitRow(row, scope.limit(), others) > 0)
        normaliseAround(row, others);
    return true;
}

} // namespace

mesh::SkinWeights invertBone(const mesh::SkinWeights& weights, const WeightScope& scope, std::uint16_t bone,
                             BulkReport* report)
{
    if (!scope.editable(bone))
        return weights;
    return editRows(weights, scope, report,
                    [&](WeightRow& row) { return setBone(row, scope, bone, 1.f - weightOf(row, bone)); });
}

mesh::SkinWeights floodBone(const mesh::SkinWeights& weights, const WeightScope& scope, std::uint16_t bone,
                            float value, BulkReport* report)
{
    if (!scope.editable(bone))
        return weights;
    return editRows(weights, scope, report, [&](WeightRow& row) { return setBone(row, scope, bone, value); });
}

mesh::SkinWeights pasteRow(const mesh::SkinWeights& weights, const WeightScope& scope, std::size_t from,
                           BulkReport* report)
{
    if (from >= weights.vertexCount())
        return weights;
    WeightRow source;
    for (const Influence& i : readRow(weights, from))
        if (!scope.isLocked(i.joint))
            source.push_back(i);
    const auto unlocked = [&](std::uint16_t j) { return !scope.isLocked(j); };
    return editRows(weights, scope, report, [&](WeightRow& row) {
        std::erase_if(row, [&](const Influence& i) { return unlocked(i.joint); });
        row.insert(row.end(), source.begin(), source.end());
        if (!normaliseAround(row, unlocked))
            return false;
        if (limitRow(row, scope.limit(), unlocked) > 0)
            normaliseAround(row, unlocked);
        return true;
    });
}

} // namespace marrow::skin
