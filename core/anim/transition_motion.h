// SPDX-License-Identifier: MIT
#pragma once
// What a person sees go wrong in a blend (issue 37), measured on the
// posed joints: a foot landing twice in a row (a skip step), a foot in the
// air longer than either clip keeps it, the hips lunging past the faster
// clip's speed or stalling under the slower one's, and a pop (a speed that
// changes in one frame more than either clip's ever does). Find best leaves
// out candidates that skip a step and weighs the rest; tools/
// transition_check.py measures the same things with its own code.
#include "core/anim/gait_report.h"
#include "core/anim/transition_pose.h"

#include <span>
#include <vector>

namespace marrow::anim {

// An animation's feet and hips, frames k / fps.
struct GaitMotion {
    GaitReport gait;
    std::vector<double> rootSpeed;                // per frame, the step into it over the ground (units / s)
    std::vector<std::vector<double>> footSpeed;   // per leg, per frame, likewise (the foot's joint)
};

// What one clip alone does over a cycle, so a blend out of or into it can
// be held to it.
struct GaitEnvelope {
    std::vector<int> longestAirborne;  // per leg: frames between two contacts, across the loop too
    double meanRootSpeed = 0.0;        // units / s
    double largestRootJump = 0.0;      // the largest change of root speed in one frame (units / s)
    double largestFootJump = 0.0;      // ... of a planted foot's speed
    glm::vec3 treadmill{0.f};          // the ground's velocity under an in-place clip (units / s)
    GaitReport gait;                   // the cycle's figures (clipGait)
    std::vector<LegGround> grounds;    // each leg's ground in the clip
};

// The ground's motion into each frame k / fps of a transition's preview
// whose clips are in place: each clip's treadmill velocity times how far
// its own time moved into the frame (loops unwrapped; a side held still
// moves none), and the blend's mixed by the frame's weight.
struct TransitionTreadmills {
    std::vector<glm::vec3> a, b, blend;
};
TransitionTreadmills transitionTreadmills(const TransitionTiming& timing, std::size_t frames, double fps,
                                          const glm::vec3& velocityA, const glm::vec3& velocityB);

// One cycle of a clip alone (clipGait's sampling): its motion and envelope.
GaitEnvelope clipEnvelope(const Skeleton& skeleton, std::span<const Leg> legs, JointIndex root, const Clip& clip,
                          double fps, const ContactRule& rule = {});

// The transition's preview over [0, T] at `fps`: the blend's feet against
// its own grounds and, in place, against A's and B's treadmills mixed by
// each frame's weight and time advance.
GaitMotion blendedMotion(const Skeleton& skeleton, TransitionPoser& poser, std::span<const Leg> legs,
                         JointIndex root, double fps, const ContactRule& rule, const glm::vec3& treadmillA,
                         const glm::vec3& treadmillB);

// Whether two legs of a pair (L and R; FL and FR; HL and HR) land twice in
// a row on one side, a landing at or after frame `from` and the one before
// it at or before `to`. Contacts starting at frame 0 began before the
// animation and are no landing.
bool skipsStep(const GaitReport& gait, int from, int to);

// How the blend [exit, blend end] of a motion compares with its clips.
struct BlendFaults {
    bool skipStep = false;
    int airborneOver = 0;       // frames a foot stays up longer than either clip lets it (+1 allowed)
    double speedOutside = 0.0;  // mean over the blend's frames of the root speed's relative distance
                                // outside [0.9 x the slower clip's, 1.1 x the faster clip's]
    double rootJump = 0.0, rootJumpAllowed = 0.0;  // the largest root speed change in one frame, and its bound
    double footJump = 0.0, footJumpAllowed = 0.0;  // ... of a planted foot
};
BlendFaults blendFaults(const GaitMotion& motion, const TransitionTiming& timing, const GaitEnvelope& a,
                        const GaitEnvelope& b, double fps);

// The root joint a viewer follows: the deepest joint every leg hangs from
// (the hips), or -1 without legs.
JointIndex legsRoot(const Skeleton& skeleton, std::span<const Leg> legs);

} // namespace marrow::anim
