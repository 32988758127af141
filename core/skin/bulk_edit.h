// SPDX-License-Identifier: MIT
#pragma once
#include "core/mesh/skin_weights.h"
#include "core/skin/weight_scope.h"

#include <cstdint>

namespace marrow::skin {

// Invert: the bone's weight w becomes 1 - w on the scope's vertices; the
// other unlocked weights are scaled to fill the rest of 1 (when there are
// none, the bone takes 1 - the locked sum), and the scope's limit applied
// (a bone new to a full row takes the smallest unlocked one's place). A
// locked bone changes nothing.
mesh::SkinWeights invertBone(const mesh::SkinWeights& weights, const WeightScope& scope, std::uint16_t bone,
                             BulkReport* report = nullptr);

// Flood: the bone's weight becomes `value` (clamped to [0, 1]) on the
// scope's vertices, the rest as Invert.
mesh::SkinWeights floodBone(const mesh::SkinWeights& weights, const WeightScope& scope, std::uint16_t bone,
                            float value, BulkReport* report = nullptr);

// Paste: the scope's vertices take vertex `from`'s unlocked weights (their
// own locked ones kept), renormalised and limited.
mesh::SkinWeights pasteRow(const mesh::SkinWeights& weights, const WeightScope& scope, std::size_t from,
                           BulkReport* report = nullptr);

} // namespace marrow::skin
