// SPDX-License-Identifier: MIT
#pragma once
#include "core/anim/clip.h"
#include "core/anim/transition_timing.h"

#include <span>
#include <vector>

namespace marrow::anim {

// What a transition does to morph-target weights, baked: for every mesh that
// A or B keys, one LINEAR track keyed at `times` (seconds from `start` in
// the preview). Each key is A's weights at tA (the mesh's defaults where A
// keys none) blended toward B's at tB by the transition's weight, the
// arithmetic model::MorphWeights::blendToward uses for the preview, so the
// baked clip equals the preview at its keys. `defaults`: per mesh, its
// default weights, one per target (a mesh past its end counts its targets
// from the tracks, with defaults of 0).
void bakeTransitionMorphs(const Clip& a, const Clip& b, const TransitionTiming& timing, double start,
                          std::span<const double> times, std::span<const std::vector<float>> defaults,
                          Clip& baked);

} // namespace marrow::anim
