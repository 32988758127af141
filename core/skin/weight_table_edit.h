// SPDX-License-Identifier: MIT
#pragma once
#include "core/mesh/skin_weights.h"
#include "core/skin/weight_delta.h"
#include "core/skin/weight_scope.h"

#include <cstdint>
#include <span>

namespace marrow::skin {

// The weight table's edits (Maya's Component Editor): typing a value in a
// vertex's bone column, or pasting a block of them.
struct CellEdit {
    std::uint32_t vertex = 0;
    std::uint16_t joint = 0;  // a skin joint, as rows name them
    float weight = 0.f;
};

// The rows the edits give, as a delta of the rows that change. In each row
// the edited bones take their values (clamped to [0, 1]; a locked bone's
// edit is ignored) and are held with the locked ones; the row's other
// bones share what is left of 1 in proportion. When the held weights pass
// 1 they are scaled down to fit; when nothing else can take the rest, the
// edited weights are scaled up to sum to it, so a row always sums to 1. A
// bone new to a full row pushes out the row's smallest other unlocked
// influence (the row keeps the mesh's stride). Out-of-range vertices and
// joints, and NaN values, are skipped.
WeightDelta tableEditDelta(const mesh::SkinWeights& weights, std::span<const CellEdit> edits, const WeightScope& scope,
                           std::size_t skinJoints);

} // namespace marrow::skin
