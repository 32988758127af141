// SPDX-License-Identifier: MIT
#pragma once
#include "core/anim/clip.h"
#include "core/anim/skeleton.h"
#include "core/anim/sync_markers.h"

#include <span>
#include <vector>

namespace marrow::anim {

// Motion matching's pose features of a clip at one time: the chosen
// joints' world positions relative to the root's ground point (the root
// motion joint's world position with its height along Y taken off) and
// their world velocities (per second, over one step h, backwards near the
// end of a clip). Headings are not taken off: a transition does not turn B
// (RootMatch keeps B's heading), so the pose the blend meets is this one.
struct PoseFeatures {
    std::vector<glm::vec3> positions;
    std::vector<glm::vec3> velocities;
};
PoseFeatures poseFeatures(const Skeleton& skeleton, const Clip& clip, double time, std::span<const JointIndex> joints,
                          JointIndex root, double h);

// How the pose cost weighs its terms. Each is made unitless by the
// character's height H: cost = position * mean_j |dp_j|^2 / H^2
//   + velocity * mean_j (velocityTime |dv_j|)^2 / H^2 + phase * footPhase^2.
struct PoseCostWeights {
    double height = 0.0;        // H: the character's height (<= 0: 1)
    double position = 1.0;
    double velocity = 1.0;
    double velocityTime = 0.1;  // seconds: a velocity times this is a distance
    double phase = 1.0;
};
// The cost of cutting from pose a to pose b (0 when they are equal).
double poseCost(const PoseFeatures& a, const PoseFeatures& b, const PoseCostWeights& weights, double footPhase = 0.0);

// How far apart two clips' feet are in their step cycles, from their sync
// markers: 0 when either clip has none; 1 when the marker before A's time
// and the one before B's are named differently (the other foot is down);
// otherwise the difference of the fractions of the way each time is to the
// next marker (markerSpan, as marker sync reads them). Markers sorted,
// times inside [0, length).
double footPhaseDistance(std::span<const SyncMarker> a, double lengthA, double timeA, std::span<const SyncMarker> b,
                         double lengthB, double timeB);

} // namespace marrow::anim
