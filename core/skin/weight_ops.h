// SPDX-License-Identifier: MIT
#pragma once
#include "core/skin/brush_settings.h"

#include <cstdint>
#include <span>

namespace marrow::skin {

// Weights below this are removed from a painted row (unless their bone is locked).
constexpr float kPruneBelow = 1e-4f;

// One dab's edit of one vertex row: rows are SkinWeights rows (stride 4 or 8,
// joints uint16 and weights float, sorted by weight descending, ties by lower
// joint, zero-padded with joint 0 and weight 0). Owns nothing. With
// c = the bone's current weight, b = brushWeight, f = factor, all in [0, 1],
// the bone's new weight before normalising is clamp01 of
//   Mix       c + (b - c) f        (invert: b = 0)
//   Add       c + b f              (invert: Subtract)
//   Subtract  c - b f              (invert: Add)
//   Multiply  c + (c b - c) f
//   Smooth    c + (s - c) f        with s = smoothTarget
//   Sample    c                    (nothing changes)
struct WeightOp {
    BrushMode mode = BrushMode::Mix;
    std::uint16_t bone = 0;                // the painted joint, as row joints name it
    float brushWeight = 1.f;               // [0, 1], clamped; see the table above
    float factor = 0.f;                    // strength x falloff, [0, 1], clamped; 0 changes nothing
    bool invert = false;                   // Ctrl: Add <-> Subtract and Mix towards 0; no effect on the others
    float smoothTarget = 0.f;              // Smooth only: the edge neighbours' average weight of `bone`, [0, 1]
    bool autoNormalize = true;             // see applyWeightOp
    int maxInfluences = 8;                 // the document's limit, clamped to [1, stride]
    std::span<const std::uint8_t> locked;  // per joint: non-zero = locked; joints past its end are unlocked
};

// The bone's new weight before normalising (the table above), for a current
// weight `current`.
float paintedWeight(const WeightOp& op, float current);

// The weight of `bone` in a row, 0 when absent (the eyedropper's reading).
float rowWeight(std::span<const std::uint16_t> joints, std::span<const float> weights, std::uint16_t bone);

// Applies `op` to one row in place. Returns true when the row changed, false
// (row untouched) when nothing changes, the bone is locked, the mode is
// Sample, or the spans are not one row of stride 4 or 8. In order:
// 1. The bone's weight becomes paintedWeight(). If that equals its current
//    weight nothing happens (the row is not re-normalised either).
// 2. Max influences: a bone new to the row, whose row already holds
//    maxInfluences weights, takes the slot of the smallest unlocked one
//    (dropped, its weight given back by step 3). If every other is locked,
//    nothing changes. A new bone below kPruneBelow is not added.
// 3. autoNormalize: with L the locked bones' sum, the bone's weight is
//    clamped to 1 - L and the other unlocked weights are scaled together to
//    fill the rest, so what the bone gained or lost comes from or goes to
//    them in proportion to their weights. When no other unlocked weight is
//    left (all locked, or none), there is no one to take from or give to:
//    the bone gets exactly 1 - L, as Blender's auto-normalize does when it
//    falls back to normalising the active group. So subtracting from a sole
//    influence changes nothing, and painting an empty row gives the bone 1.
// 4. Unlocked weights below kPruneBelow are removed; with autoNormalize
//    their sum goes to the remaining unlocked weights other than the bone,
//    in proportion (to the bone when no other is left), so the painted value
//    stays as asked. When no unlocked weight at or above the threshold is
//    left and the removed sum is more than 1e-6, the largest small one is
//    kept instead: the row's sum outranks the threshold. Rounding is folded
//    into the largest unlocked weight other than the bone, so the row sums
//    to 1 within float epsilon.
// 5. The row is sorted and zero-padded again.
// Locked bones' weights are bit-identical afterwards, in every case. With
// autoNormalize off only steps 1, 2, 4 (no redistribution) and 5 run, and
// the row's sum moves with the bone's weight.
bool applyWeightOp(const WeightOp& op, std::span<std::uint16_t> joints, std::span<float> weights);

// Accumulate off (Unreal's per-stroke max falloff): within one stroke each
// vertex is painted from its row at stroke start with the strongest factor
// any dab of the stroke has given it so far, never compounding dab on dab.
// However often a stroke crosses a vertex, the result is what one pass at
// that strongest factor gives; at full strength, exactly one full pass.
// The strongest factor after a dab of factor `dabFactor`:
float strongestStrokeFactor(float strongestSoFar, float dabFactor);
// The bone's target weight under that rule: paintedWeight(op with factor =
// strongestFactor, startWeight), where startWeight is the bone's weight in
// the stroke-start row (WeightDelta's "before").
float strokeTargetWeight(const WeightOp& op, float startWeight, float strongestFactor);
// The row version: copies the stroke-start row to out and applies op there
// with factor = strongestFactor (op.factor is ignored). Returns whether out
// differs from the start row; false with out untouched on bad spans.
bool applyStrokeCapped(const WeightOp& op, float strongestFactor, std::span<const std::uint16_t> startJoints,
                       std::span<const float> startWeights, std::span<std::uint16_t> outJoints,
                       std::span<float> outWeights);

} // namespace marrow::skin
