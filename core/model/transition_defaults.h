// SPDX-License-Identifier: MIT
#pragma once
#include "core/model/rig.h"

namespace marrow::model {

// What "New Transition" makes from clip A to clip B: named "A_to_B" (made
// unique), leaving A a quarter second before its end (never before 0),
// into B's start, blending over a quarter second with smoothstep, on
// frames of `fps`. Clips that loop (first and last pose equal) cycle, so a
// walk keeps walking through the blend; when either clip travels (root
// motion) B's root is matched to A's. The rig must hold both clips.
Transition defaultTransition(const Rig& rig, ClipId a, ClipId b, double fps);

// Whether a clip ends where it starts (every animated channel's first and
// last key within a small tolerance): a cycle such as a walk. With the
// skeleton, the root's travel along the ground is allowed too (a walk with
// root motion is a cycle that moves on; anim::RootMatch carries it).
bool clipLoops(const anim::Clip& clip, const anim::Skeleton* skeleton = nullptr);

} // namespace marrow::model
