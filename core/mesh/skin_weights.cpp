// SPDX-License-Identifier: MIT
#include "core/mesh/skin_weights.h"

#include <algorithm>
#include <cmath>

namespace marrow::mesh {

int SkinWeights::maxInfluences() const
{
    int best = 0;
    const std::size_t n = vertexCount();
    for (std::size_t v = 0; v < n; ++v) {
        int count = 0;
        for (float w : weightRow(v))
            count += w > 0.f;
        best = std::max(best, count);
    }
    return best;
}

std::optional<std::string> SkinWeights::validate(std::size_t skinJointCount, float minimumSum) const
{
    if (stride != 4 && stride != 8)
        return "stride must be 4 or 8";
    if (joints.size() != weights.size() || weights.size() % static_cast<std::size_t>(stride) != 0)
        return "joint and weight arrays do not match the stride";
    const std::size_t n = vertexCount();
    for (std::size_t v = 0; v < n; ++v) {
        auto j = jointRow(v);
        auto w = weightRow(v);
        float sum = 0.f;
        for (int k = 0; k < stride; ++k) {
            if (!std::isfinite(w[k]) || w[k] < 0.f)
                return "vertex " + std::to_string(v) + " has an invalid weight";
            if (k > 0 && w[k] > w[k - 1])
                return "vertex " + std::to_string(v) + " is not sorted by weight";
            if (w[k] == 0.f && j[k] != 0)
                return "vertex " + std::to_string(v) + " has padding with joint " + std::to_string(j[k]);
            if (w[k] > 0.f && j[k] >= skinJointCount)
                return "vertex " + std::to_string(v) + " uses joint " + std::to_string(j[k]) + ", out of range";
            for (int m = 0; m < k; ++m)
                if (w[k] > 0.f && j[m] == j[k])
                    return "vertex " + std::to_string(v) + " repeats joint " + std::to_string(j[k]);
            sum += w[k];
        }
        if (!(sum > minimumSum))
            return "vertex " + std::to_string(v) + " weights sum to " + std::to_string(sum);
    }
    return std::nullopt;
}

float deformRowScale(std::span<const float> row)
{
    float sum = 0.f;
    for (float w : row)
        sum += w;
    return sum > 0.f && std::fabs(sum - 1.f) > kUnnormalisedRow ? 1.f / sum : 1.f;
}

SkinWeights withStride(const SkinWeights& in, int stride)
{
    SkinWeights out;
    out.stride = stride;
    const std::size_t n = in.vertexCount();
    const auto to = static_cast<std::size_t>(stride);
    out.joints.assign(n * to, 0);
    out.weights.assign(n * to, 0.f);
    const std::size_t kept = std::min(to, static_cast<std::size_t>(in.stride));
    for (std::size_t v = 0; v < n; ++v) {
        auto j = in.jointRow(v);
        auto w = in.weightRow(v);
        double sum = 0.0;
        for (std::size_t k = 0; k < kept; ++k)
            sum += w[k];
        // Only a row that lost weight is rescaled, so widening copies bit for bit.
        const bool dropped = kept < static_cast<std::size_t>(in.stride) && w[kept] > 0.f;
        for (std::size_t k = 0; k < kept; ++k) {
            out.joints[v * to + k] = j[k];
            out.weights[v * to + k] = dropped && sum > 0.0 ? static_cast<float>(w[k] / sum) : w[k];
        }
    }
    return out;
}

SkinWeights SkinWeightsBuilder::build(const std::vector<std::vector<Influence>>& rows, Report& report)
{
    std::size_t widest = 0;
    std::vector<Influence> merged;
    // First pass: how wide must a row be? Distinct joints only, as repeats merge.
    for (const auto& row : rows) {
        std::size_t positive = 0;
        for (std::size_t k = 0; k < row.size(); ++k) {
            if (!(row[k].weight > 0.f))
                continue;
            bool repeat = false;
            for (std::size_t m = 0; m < k && !repeat; ++m)
                repeat = row[m].weight > 0.f && row[m].joint == row[k].joint;
            positive += !repeat;
        }
        widest = std::max(widest, positive);
    }
    SkinWeights out;
    out.stride = widest > 4 ? 8 : 4;
    const std::size_t stride = static_cast<std::size_t>(out.stride);
    out.joints.assign(rows.size() * stride, 0);
    out.weights.assign(rows.size() * stride, 0.f);
    for (std::size_t v = 0; v < rows.size(); ++v) {
        merged.clear();
        for (const Influence& in : rows[v]) {
            if (!(in.weight > 0.f))
                continue;
            auto it = std::find_if(merged.begin(), merged.end(), [&](const Influence& m) { return m.joint == in.joint; });
            if (it != merged.end())
                it->weight += in.weight;
            else
                merged.push_back(in);
        }
        // Ties keep the lower joint first, so the order is deterministic.
        std::sort(merged.begin(), merged.end(), [](const Influence& x, const Influence& y) {
            return x.weight != y.weight ? x.weight > y.weight : x.joint < y.joint;
        });
        if (merged.empty()) {
            report.zeroRows.push_back(static_cast<std::uint32_t>(v));
            continue;
        }
        double before = 0.0;
        for (const Influence& m : merged)
            before += m.weight;
        if (merged.size() > static_cast<std::size_t>(kMaxInfluences)) {
            ++report.truncated;
            report.truncatedRows.push_back(static_cast<std::uint32_t>(v));
            report.influencesDropped += merged.size() - kMaxInfluences;
            merged.resize(kMaxInfluences);
        } else if (std::fabs(before - 1.0) > 1e-3) {
            ++report.renormalised;
            report.renormalisedRows.push_back(static_cast<std::uint32_t>(v));
        }
        double sum = 0.0;
        for (const Influence& m : merged)
            sum += m.weight;
        for (std::size_t k = 0; k < merged.size(); ++k) {
            out.joints[v * stride + k] = static_cast<std::uint16_t>(merged[k].joint);
            out.weights[v * stride + k] = static_cast<float>(merged[k].weight / sum);
        }
    }
    return out;
}

} // namespace marrow::mesh
