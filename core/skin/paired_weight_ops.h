// SPDX-License-Identifier: MIT
#pragma once
#include "core/skin/weight_ops.h"

#include <cstdint>
#include <span>

namespace marrow::skin {

// Two ops on one row (a vertex on the mirror plane painted with a bone and
// with its mirror bone, say upperarm_L and upperarm_R), applied so that
// neither goes first: the row is the average of "first then second" and
// "second then first". Applied one after the other, the second op would
// normalise the first bone's fresh weight away and the plane would lean to
// one side; averaged, a row that was a mirror image of itself stays one.
// Both orders keep locked bones bit for bit and sum to 1, so the average
// does too. When the two orders keep different bones (the influence limit
// dropped one), the average would hold too many: the first order is kept.
// Rows are stride 4 or 8 as in applyWeightOp. Returns whether the row changed.
bool applyPairedWeightOps(const WeightOp& first, const WeightOp& second, std::span<std::uint16_t> joints,
                          std::span<float> weights);

} // namespace marrow::skin
