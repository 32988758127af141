// SPDX-License-Identifier: MIT
#pragma once
#include "core/anim/transition_pose.h"

#include <optional>
#include <span>
#include <string>
#include <vector>

namespace marrow::anim {

enum class BakeRange : std::uint8_t {
    Full,   // the whole preview, [0, T]
    Blend,  // the blend only, [e, e + D s_max] (TransitionTiming::blendEnd), moved to start at 0
};

// Samples a transition into a clip at `fps`: every channel that A or B
// animates, for every joint, keyed LINEAR at every frame of the range (and
// at the range's end when it falls between frames), rotation keys in one
// hemisphere, and the morph-target weights of every mesh A or B keys
// (bakeTransitionMorphs; `morphDefaults`: per mesh, its default weights).
// Sampled at its key times, the clip equals the preview exactly.
// nullopt with `error` set for a bad timing or fps.
std::optional<Clip> bakeTransition(TransitionPoser& poser, double fps, BakeRange range, std::string name,
                                   std::string* error = nullptr,
                                   std::span<const std::vector<float>> morphDefaults = {});

} // namespace marrow::anim
