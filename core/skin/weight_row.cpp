// SPDX-License-Identifier: MIT
#include "core/skin/weight_row.h"

#include <algorithm>

namespace marrow::skin {

WeightRow readRow(const mesh::SkinWeights& weights, std::size_t v)
{
    WeightRow row;
    const auto joints = weights.jointRow(v);
    const auto values = weights.weightRow(v);
    for (std::size_t k = 0; k < values.size(); ++k)
        if (values[k] > 0.f)
            row.push_back({joints[k], values[k]});
    return row;
}

std::vector<WeightRow> readRows(const mesh::SkinWeights& weights)
{
    std::vector<WeightRow> rows(weights.vertexCount());
    for (std::size_t v = 0; v < rows.size(); ++v)
        rows[v] = readRow(weights, v);
    return rows;
}

float weightOf(const WeightRow& row, std::uint16_t joint)
{
    for (const Influence& i : row)
        if (i.joint == joint)
            return i.weight;
    return 0.f;
}

float weightOf(const mesh::SkinWeights& weights, std::size_t v, std::uint16_t joint)
{
    if (v >= weights.vertexCount())
        return 0.f;
    const auto joints = weights.jointRow(v);
    const auto values = weights.weightRow(v);
    float sum = 0.f;
    for (std::size_t k = 0; k < joints.size(); ++k)
        if (joints[k] == joint && values[k] > 0.f)
            sum += values[k];
    return sum;
}

void setWeight(WeightRow& row, std::uint16_t joint, float weight)
{
    auto it = std::find_if(row.begin(), row.end(), [&](const Influence& i) { return i.joint == joint; });
    if (weight <= 0.f) {
        if (it != row.end())
            row.erase(it);
    } else if (it != row.end()) {
        it->weight = weight;
    } else {
        row.push_back({joint, weight});
    }
}

float rowSum(const WeightRow& row)
{
    double sum = 0.0;
    for (const Influence& i : row)
        sum += i.weight;
    return static_cast<float>(sum);
}

void sortRow(WeightRow& row)
{
    std::sort(row.begin(), row.end(), [](const Influence& a, const Influence& b) {
        return a.weight != b.weight ? a.weight > b.weight : a.joint < b.joint;
    });
}

bool normaliseAround(WeightRow& row, const std::function<bool(std::uint16_t)>& scaled)
{
    double kept = 0.0, scaledSum = 0.0;
    for (const Influence& i : row)
        (scaled(i.joint) ? scaledSum : kept) += i.weight;
    if (scaledSum <= 0.0 || kept > 1.0 + 1e-6)
        return false;
    const double factor = std::max(0.0, 1.0 - kept) / scaledSum;
    for (Influence& i : row)
        if (scaled(i.joint))
            i.weight = static_cast<float>(i.weight * factor);
    std::erase_if(row, [](const Influence& i) { return !(i.weight > 0.f); });
    return true;
}

std::size_t limitRow(WeightRow& row, int limit, const std::function<bool(std::uint16_t)>& droppable)
{
    std::size_t dropped = 0;
    while (row.size() > static_cast<std::size_t>(std::max(limit, 0))) {
        auto victim = row.end();
        for (auto it = row.begin(); it != row.end(); ++it) {
            if (!droppable(it->joint))
                continue;
            if (victim == row.end() || it->weight < victim->weight ||
                (it->weight == victim->weight && it->joint > victim->joint))
                victim = it;
        }
        if (victim == row.end())
            break;
        row.erase(victim);
        ++dropped;
    }
    return dropped;
}

bool storeIfChanged(WeightRow& stored, WeightRow row)
{
    sortRow(row);
    WeightRow before = stored;
    sortRow(before);
    if (row == before)
        return false;
    stored = std::move(row);
    return true;
}

mesh::SkinWeights packRows(const std::vector<WeightRow>& rows, int originalStride)
{
    int stride = originalStride == 8 ? 8 : 4;
    for (const WeightRow& row : rows)
        if (row.size() > 4)
            stride = 8;
    mesh::SkinWeights out;
    out.stride = stride;
    out.joints.assign(rows.size() * static_cast<std::size_t>(stride), 0);
    out.weights.assign(rows.size() * static_cast<std::size_t>(stride), 0.f);
    for (std::size_t v = 0; v < rows.size(); ++v) {
        WeightRow row = rows[v];
        sortRow(row);
        for (std::size_t k = 0; k < row.size() && k < static_cast<std::size_t>(stride); ++k) {
            out.joints[v * static_cast<std::size_t>(stride) + k] = row[k].joint;
            out.weights[v * static_cast<std::size_t>(stride) + k] = row[k].weight;
        }
    }
    return out;
}

} // namespace marrow::skin
