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

// `after` (an edit of `before`) made to fit a newly chosen clip: a new A
// clamps the exit into A's length and cycles A when it loops (clipLoops),
// a new B clamps the offset into B's length and cycles B likewise; the
// rest is left as edited (a clip the rig lacks too: the edit is refused later).
Transition followedClips(const Rig& rig, const Transition& before, Transition after);

// Whether a clip ends where it starts (every animated channel's first and
// last key within a small tolerance): a cycle such as a walk. With the
// skeleton, the root's travel along the ground is allowed too (a walk with
// root motion is a cycle that moves on; anim::RootMatch carries it).
bool clipLoops(const anim::Clip& clip, const anim::Skeleton* skeleton = nullptr);

} // namespace marrow::model
