// SPDX-License-Identifier: MIT
#pragma once
#include "core/mesh/skin_weights.h"
#include "core/skin/weight_scope.h"

#include <cstdint>
#include <functional>
#include <vector>

namespace marrow::skin {

// One vertex's influences, unpadded and in no particular order while an
// operation edits them; at most one entry per joint.
struct Influence {
    std::uint16_t joint = 0;
    float weight = 0.f;
    bool operator==(const Influence&) const = default;
};
using WeightRow = std::vector<Influence>;

// Vertex v's non-zero influences.
WeightRow readRow(const mesh::SkinWeights& weights, std::size_t v);
// The weight of `joint` in the row (0 when absent), and a setter that adds,
// updates or (for 0) removes it.
float weightOf(const WeightRow& row, std::uint16_t joint);
void setWeight(WeightRow& row, std::uint16_t joint, float weight);
// Vertex v's weight on `joint` read straight from the table, without a
// WeightRow (per-cell reads: the weight table, weight health); 0 when absent
// or out of range.
float weightOf(const mesh::SkinWeights& weights, std::size_t v, std::uint16_t joint);
float rowSum(const WeightRow& row);
// Rows' canonical order: weight descending, ties by the lower joint.
void sortRow(WeightRow& row);

// Scales the weights `scaled` selects so the row sums to 1, the others kept:
// they share 1 - (the others' sum), in proportion. False (row untouched)
// when the scaled ones sum to 0, or the others alone exceed 1 (nothing
// left to share): the caller counts such rows.
bool normaliseAround(WeightRow& row, const std::function<bool(std::uint16_t)>& scaled);
// Drops the smallest influences `droppable` allows (ties: the higher joint
// first) until the row holds at most `limit`. Returns how many it dropped.
std::size_t limitRow(WeightRow& row, int limit, const std::function<bool(std::uint16_t)>& droppable);

// Stores `row` (sorted) in `stored` when it differs from it; whether it did.
// The operations count changed rows with it.
bool storeIfChanged(WeightRow& stored, WeightRow row);

// Writes rows back as SkinWeights: each sorted and zero-padded, at the
// original stride, or 8 when some row holds more than the original allows.
mesh::SkinWeights packRows(const std::vector<WeightRow>& rows, int originalStride);
std::vector<WeightRow> readRows(const mesh::SkinWeights& weights);

} // namespace marrow::skin
