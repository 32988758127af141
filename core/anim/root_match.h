// SPDX-License-Identifier: MIT
#pragma once
#include "core/anim/clip.h"
#include "core/anim/skeleton.h"

#include <optional>

namespace marrow::anim {

// Clips with root motion (a walk that travels forward) each start where
// they were authored, so a crossfade from A late in its walk to B at its
// start lerps the root back to B's start: the character slides back during
// the blend. Matching moves B along the ground so that its root stands
// where A's does when the blend starts; heights and headings stay B's own
// (a hip's yaw sways with each step, so it is no heading to align on).
struct RootMatch {
    JointIndex joint = kNoParent;  // the topmost joint whose translation both clips animate
    glm::vec3 shift{0.f};          // added to B's local translation of that joint
};

// The joint nearest the top of the hierarchy (fewest ancestors, first in
// skeleton order) whose translation A and B both animate, and the shift
// that puts B's root at time tB over A's root at time tA: their difference
// with the part along the world's up (Y, taken into the joint's parent
// space at rest) removed. nullopt when no joint qualifies.
std::optional<RootMatch> matchRoots(const Skeleton& skeleton, const Clip& a, double timeA, const Clip& b,
                                    double timeB);

// Whether a clip travels: its topmost translated joint ends more than 5% of
// the rest pose's height away from where it starts, along the ground.
bool clipTravels(const Skeleton& skeleton, const Clip& clip);

} // namespace marrow::anim
