// SPDX-License-Identifier: MIT
// One dab's weight edit: skin::applyStrokeCapped (copy the stroke-start row,
// apply the mode, auto-normalise, prune, sort) over 2,000 rows of an
// 8-influence mesh with 64 joints, the factor falling off across the dab.
// Items are rows. Variants: Mix, Add and Smooth on a bone every row holds;
// Mix of a bone no row holds (each row full, so the smallest is dropped); Mix
// with a quarter of the joints locked.
#include "core/skin/falloff.h"
#include "core/skin/weight_ops.h"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <random>
#include <vector>

namespace marrow::bench {
namespace {

constexpr std::size_t kRows = 2000;
constexpr int kStride = 8;
constexpr std::uint16_t kJoints = 64;
constexpr std::uint16_t kPainted = 7;  // every generated row holds it
constexpr std::uint16_t kAbsent = 63;  // no generated row holds it

struct DabRows {
    std::vector<std::uint16_t> joints;
    std::vector<float> weights;
    std::vector<float> factors;        // smooth falloff over the dab's radius
    std::vector<float> smoothTargets;  // stand-ins for neighbour averages
};

// Rows of 8 distinct joints (kPainted among them, kAbsent never), random
// weights normalised and sorted: valid SkinWeights rows. Fixed seed.
const DabRows& dabRows()
{
    static const DabRows rows = [] {
        DabRows r;
        std::mt19937 rng(20261123);
        std::uniform_real_distribution<float> unit(0.f, 1.f);
        std::vector<std::uint16_t> pool;
        for (std::uint16_t j = 0; j < kJoints - 1; ++j)
            if (j != kPainted)
                pool.push_back(j);
        for (std::size_t v = 0; v < kRows; ++v) {
            std::shuffle(pool.begin(), pool.end(), rng);
            std::pair<float, std::uint16_t> row[kStride];
            float sum = 0.f;
            for (int k = 0; k < kStride; ++k) {
                row[k] = {0.02f + unit(rng), k == 0 ? kPainted : pool[static_cast<std::size_t>(k)]};
                sum += row[k].first;
            }
            std::sort(row, row + kStride, [](auto& a, auto& b) { return a.first > b.first; });
            for (auto& [w, j] : row) {
                r.joints.push_back(j);
                r.weights.push_back(w / sum);
            }
            r.factors.push_back(skin::falloff(skin::FalloffPreset::Smooth, static_cast<float>(v) / kRows));
            r.smoothTargets.push_back(unit(rng) * 0.5f);
        }
        return r;
    }();
    return rows;
}

enum class Variant { Mix, Add, Smooth, MixNewBone, MixLocked };

void BM_WeightDab(benchmark::State& state, Variant variant)
{
    const DabRows& d = dabRows();
    std::vector<std::uint16_t> outJoints(d.joints.size());
    std::vector<float> outWeights(d.weights.size());
    std::vector<std::uint8_t> locked(kJoints, 0);
    skin::WeightOp op;
    op.mode = variant == Variant::Add ? skin::BrushMode::Add
              : variant == Variant::Smooth ? skin::BrushMode::Smooth
                                           : skin::BrushMode::Mix;
    op.bone = variant == Variant::MixNewBone ? kAbsent : kPainted;
    op.brushWeight = 0.8f;
    op.maxInfluences = kStride;
    if (variant == Variant::MixLocked) {
        for (std::uint16_t j = 0; j < kJoints; j += 4)
            locked[j + 1] = 1;  // never kPainted (7 = 4 + 3)
        op.locked = locked;
    }
    const std::size_t k = kStride;
    for (auto _ : state) {
        std::size_t changed = 0;
        for (std::size_t v = 0; v < kRows; ++v) {
            op.smoothTarget = d.smoothTargets[v];
            changed += skin::applyStrokeCapped(op, d.factors[v], std::span(d.joints).subspan(v * k, k),
                                               std::span(d.weights).subspan(v * k, k),
                                               std::span(outJoints).subspan(v * k, k),
                                               std::span(outWeights).subspan(v * k, k));
        }
        benchmark::DoNotOptimize(changed);
        benchmark::DoNotOptimize(outWeights.data());
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(kRows));  // rows per second
}

BENCHMARK_CAPTURE(BM_WeightDab, mix_2000x8, Variant::Mix)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_WeightDab, add_2000x8, Variant::Add)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_WeightDab, smooth_2000x8, Variant::Smooth)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_WeightDab, mix_new_bone_2000x8, Variant::MixNewBone)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_WeightDab, mix_locked_2000x8, Variant::MixLocked)->Unit(benchmark::kMicrosecond);

} // namespace
} // namespace marrow::bench
