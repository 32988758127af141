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
// A side that cycles carries its root motion through each loop (as
// Blender's Cycles modifier "repeat with offset"), so a looping walk keeps
// walking on instead of jumping back at each loop.
struct RootMatch {
    JointIndex joint = kNoParent;  // the topmost joint whose translation both clips animate
    glm::vec3 shift{0.f};          // added to B's local translation of that joint
    glm::vec3 cycleA{0.f};         // how far one whole cycle of A moves it along the ground
    glm::vec3 cycleB{0.f};
    glm::vec3 up{0.f, 1.f, 0.f};   // the world's up in the joint's parent space (the rest pose's)

    // The root's offset on A (or B) after `loops` whole cycles, shift included for B.
    glm::vec3 offsetA(long long loops) const { return static_cast<float>(loops) * cycleA; }
    glm::vec3 offsetB(long long loops) const { return shift + static_cast<float>(loops) * cycleB; }
};

// The joint nearest the top of the hierarchy (fewest ancestors, first in
// skeleton order) whose translation A and B both animate, each clip's travel
// per cycle, and the shift that puts B's root at time tB after loopsB cycles
// over A's root at time tA after loopsA cycles: their difference with the
// part along the world's up (Y, taken into the joint's parent space at rest)
// removed. nullopt when no joint qualifies.
std::optional<RootMatch> matchRoots(const Skeleton& skeleton, const Clip& a, double timeA, long long loopsA,
                                    const Clip& b, double timeB, long long loopsB);

// A joint's local translation in a clip at a time (rest where the clip leaves it).
glm::vec3 jointTranslationAt(const Skeleton& skeleton, const Clip& clip, double time, JointIndex joint);
// `d` without its part along `up` (unit length).
glm::vec3 alongTheGround(const glm::vec3& d, const glm::vec3& up);

// Whether a clip travels: its topmost translated joint ends more than 5% of
// the rest pose's height away from where it starts, along the ground.
bool clipTravels(const Skeleton& skeleton, const Clip& clip);
// The clip's topmost translated joint (its root motion), or kNoParent.
JointIndex rootMotionJoint(const Skeleton& skeleton, const Clip& clip);
// How far that joint moves along the ground from the clip's start to its
// end, in its parent's space (zero when it has none).
glm::vec3 groundTravel(const Skeleton& skeleton, const Clip& clip);

} // namespace marrow::anim
