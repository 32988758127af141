// SPDX-License-Identifier: MIT
#include "core/skin/paired_weight_ops.h"

#include "core/mesh/skin_weights.h"

#include <algorithm>
#include <array>
#include <utility>

namespace marrow::skin {

bool applyPairedWeightOps(const WeightOp& first, const WeightOp& second, std::span<std::uint16_t> joints,
                          std::span<float> weights)
{
    const std::size_t k = weights.size();
    if ((k != 4 && k != 8) || joints.size() != k)
        return false;
    std::array<std::uint16_t, mesh::kMaxInfluences> j1{}, j2{};
    std::array<float, mesh::kMaxInfluences> w1{}, w2{};
    std::copy(joints.begin(), joints.end(), j1.begin());
    std::copy(weights.begin(), weights.end(), w1.begin());
    std::copy(joints.begin(), joints.end(), j2.begin());
    std::copy(weights.begin(), weights.end(), w2.begin());
    const std::span<std::uint16_t> a(j1.data(), k), b(j2.data(), k);
    const std::span<float> wa(w1.data(), k), wb(w2.data(), k);
    bool changed = applyWeightOp(first, a, wa);
    changed = applyWeightOp(second, a, wa) || changed;
    applyWeightOp(second, b, wb);
    applyWeightOp(first, b, wb);

    // Union of the two rows' bones, each weight averaged (0 where absent).
    std::array<std::pair<std::uint16_t, double>, 2 * mesh::kMaxInfluences> merged{};
    std::size_t n = 0;
    auto add = [&](std::uint16_t joint, double w) {
        for (std::size_t i = 0; i < n; ++i)
            if (merged[i].first == joint) {
                merged[i].second += w;
                return;
            }
        merged[n++] = {joint, w};
    };
    for (std::size_t i = 0; i < k; ++i) {
        if (wa[i] > 0.f)
            add(a[i], .5 * wa[i]);
        if (wb[i] > 0.f)
            add(b[i], .5 * wb[i]);
    }
    if (n > k) {  // the orders dropped different bones: keep the first order
        std::copy(a.begin(), a.end(), joints.begin());
        std::copy(wa.begin(), wa.end(), weights.begin());
        return changed;
    }
    // Sorted as rows are: weight descending, ties by lower joint, zero-padded.
    std::sort(merged.begin(), merged.begin() + static_cast<std::ptrdiff_t>(n), [](const auto& x, const auto& y) {
        return x.second != y.second ? x.second > y.second : x.first < y.first;
    });
    bool differs = false;
    for (std::size_t i = 0; i < k; ++i) {
        const std::uint16_t joint = i < n ? merged[i].first : std::uint16_t(0);
        const float w = i < n ? static_cast<float>(merged[i].second) : 0.f;
        differs |= joints[i] != joint || weights[i] != w;
        joints[i] = joint;
        weights[i] = w;
    }
    return differs;
}

} // namespace marrow::skin
