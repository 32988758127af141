// SPDX-License-Identifier: MIT
#pragma once
#include "core/anim/transition_bake.h"
#include "core/model/rig.h"

#include <optional>
#include <string>

namespace marrow::model {

// A transition of `rig` sampled into a clip named `name` (anim::bakeTransition
// through the transition's own poser, morph weights from the meshes'
// defaults), each track in its bone's rotation mode as Rig::validate
// requires. What Bake (the Transitions dock) and File › Export's baked
// transitions both make. nullopt with `error` when the transition does not
// fit the rig or cannot be sampled.
std::optional<anim::Clip> bakedTransitionClip(const Rig& rig, const Transition& transition, double fps,
                                              anim::BakeRange range, std::string name, std::string& error);

} // namespace marrow::model
