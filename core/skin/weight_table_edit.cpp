// SPDX-License-Identifier: MIT
#include "core/skin/weight_table_edit.h"

#include "core/skin/weight_row.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <vector>

namespace marrow::skin {

namespace {

// A row's weights of the joints `pick` selects, summed.
float sumOf(const WeightRow& row, const std::function<bool(std::uint16_t)>& pick)
{
    float s = 0.f;
    for (const Influence& i : row)
        if (pick(i.joint))
            s += i.weight;
    return s;
}

void scale(WeightRow& row, const std::function<bool(std::uint16_t)>& pick, float factor)
{
    for (Influence& i : row)
        if (pick(i.joint))
            i.weight *= factor;
}

} // namespace

WeightDelta tableEditDelta(const mesh::SkinWeights& weights, std::span<const CellEdit> edits, const WeightScope& scope,
                           std::size_t skinJoints)
{
    const std::size_t n = weights.vertexCount();
    std::map<std::uint32_t, std::vector<CellEdit>> byVertex;  // in vertex order; edits in the order given
    for (const CellEdit& e : edits)
        if (e.vertex < n && e.joint < skinJoints && std::isfinite(e.weight) && !scope.isLocked(e.joint))
            byVertex[e.vertex].push_back(e);
    WeightDelta delta(weights.stride);
    const auto stride = static_cast<std::size_t>(weights.stride);
    for (const auto& [vertex, cells] : byVertex) {
        WeightRow row = readRow(weights, vertex);
        std::set<std::uint16_t> held;
        for (const CellEdit& e : cells) {
            setWeight(row, e.joint, std::clamp(e.weight, 0.f, 1.f));
            held.insert(e.joint);
        }
        const auto isHeld = [&](std::uint16_t j) { return held.count(j) != 0; };
        const auto isOther = [&](std::uint16_t j) { return !held.count(j) && !scope.isLocked(j); };
        // A new bone in a full row: the smallest other unlocked influence goes first.
        limitRow(row, weights.stride, isOther);
        const float locked = sumOf(row, [&](std::uint16_t j) { return scope.isLocked(j); });
        const float room = std::max(0.f, 1.f - locked);
        const float edited = sumOf(row, isHeld);
        if (edited > room && edited > 0.f)
            scale(row, isHeld, room / edited);
        if (!normaliseAround(row, isOther)) {
            // Nothing else takes the rest: the edited weights fill the row.
            const float now = sumOf(row, isHeld);
            if (now > 0.f)
                scale(row, isHeld, room / now);
        }
        row.erase(std::remove_if(row.begin(), row.end(), [](const Influence& i) { return !(i.weight > 0.f); }), row.end());
        sortRow(row);
        std::vector<std::uint16_t> joints(stride, 0);
        std::vector<float> after(stride, 0.f);
        for (std::size_t k = 0; k < row.size() && k < stride; ++k) {
            joints[k] = row[k].joint;
            after[k] = row[k].weight;
        }
        const auto beforeJ = weights.jointRow(vertex);
        const auto beforeW = weights.weightRow(vertex);
        if (std::equal(after.begin(), after.end(), beforeW.begin()) && std::equal(joints.begin(), joints.end(), beforeJ.begin()))
            continue;
        delta.add(vertex, beforeJ, beforeW, joints, after);
    }
    return delta;
}

} // namespace marrow::skin
