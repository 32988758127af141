// SPDX-License-Identifier: MIT
#pragma once
#include "core/mesh/skin_weights.h"
#include "core/skin/brush_settings.h"
#include "core/skin/stroke_painter.h"
#include "core/skin/weight_delta.h"

#include <glm/vec2.hpp>

#include <span>

namespace marrow::skin {

// Blender's weight gradient: a line dragged over the view, in window pixels.
struct GradientLine {
    glm::vec2 start{0.f};
    glm::vec2 end{0.f};
    bool radial = false;  // by distance from start over |end - start|; else along the line
};

// The gradient's factor at a window point: 1 at the start, falling with the
// falloff preset to 0 at the end (the normalised distance is the point's
// fraction along the line, or its distance from the start over the line's
// length when radial). Before the start 1, past the end 0; a line shorter
// than a pixel gives 0 everywhere; a non-finite point 0.
float gradientFactor(const GradientLine& line, FalloffPreset falloff, glm::vec2 point);

// The rows a gradient gives, as the delta from `current` to them. Each
// selected position (target.mask: one selected copy selects its position)
// with a finite projected point gets the bone's weight mixed towards
// settings.weight x gradientFactor by settings.strength, from its row in
// `start` (the weights when the drag began, so a drag re-run from start
// never compounds), with the brush's locks, auto-normalise and the row's
// influence limit (applyWeightOp). The rows go through the target's
// WeldedRowWriter: every welded copy gets its position's row, and with a
// mirror (target.mirrorVertex) each mirror position outside the selection
// takes the mirrored row (joints swapped); a mirror position that is
// selected too (or on the plane) also takes the mirrored bone at its
// partner's value. A bone that mirrors to itself is painted once per
// position. `projected` holds one window point per vertex.
WeightDelta gradientDelta(const mesh::SkinWeights& start, const mesh::SkinWeights& current,
                          const BrushSettings& settings, const StrokeTarget& target, const GradientLine& line,
                          std::span<const glm::vec2> projected);

} // namespace marrow::skin
