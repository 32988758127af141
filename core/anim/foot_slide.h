// SPDX-License-Identifier: MIT
#pragma once
#include "core/anim/skeleton.h"

#include <functional>
#include <span>
#include <string>
#include <vector>

namespace marrow::anim {

// How far a foot slides while it should stand still: over samples of its
// world position in time order, the horizontal distance it travels between
// consecutive samples that are both in contact, in contact meaning within
// `contactHeight` above `ground` (along `up`). `steps` (empty, or one per
// sample): each step's slide is added to the entry of the later sample, for
// plotting where in time a foot slides.
// `treadmill` (empty, or one per sample): the ground's own motion into
// each sample (an in-place clip's planted feet move back at the treadmill's
// speed), taken off each step before it counts.
double footSlideAbove(std::span<const glm::vec3> positions, float ground, float contactHeight,
                      const glm::vec3& up = {0.f, 1.f, 0.f}, std::span<double> steps = {},
                      std::span<const glm::vec3> treadmill = {});
// The same with the ground at the lowest point the foot reaches in these samples.
double footSlide(std::span<const glm::vec3> positions, float contactHeight, const glm::vec3& up = {0.f, 1.f, 0.f},
                 std::span<double> steps = {});

// The joints named like feet (foot, toe, ankle, ball; any case), in
// skeleton order, but not helpers named so (3ds Max's "Bip01 Footsteps", a
// foot's IK target or control). model::deformingFeet also asks that a skin
// weights them.
std::vector<JointIndex> footJoints(const Skeleton& skeleton);
// Whether a name is a foot helper: it holds "footstep", "ik", "target",
// "ctrl", "control" or "locator" (any case).
bool isFootHelperName(const std::string& name);
// A contact height for a skeleton: 2% of its rest pose's height along Y
// (joints' world positions), so the threshold scales with the character.
float suggestedContactHeight(const Skeleton& skeleton);

struct FootSlideReport {
    struct Foot {
        std::string name;
        double slide = 0.0;  // world units
    };
    std::vector<Foot> feet;
    double total = 0.0;
    // Per sample (start + k / fps): the slide of every foot since the
    // previous sample; the entries sum to total.
    std::vector<double> steps;
};

// A local pose at a time: false when it cannot be evaluated.
using PoseAt = std::function<bool(double, std::span<math::Transform>)>;

// Each foot's world positions at start + k / fps (all empty when a pose fails).
std::vector<std::vector<glm::vec3>> sampleFootTracks(const Skeleton& skeleton, std::span<const JointIndex> feet,
                                                     const PoseAt& pose, double start, double end, double fps);
// The lowest point a foot reaches in a track, along Y.
float lowestPoint(std::span<const glm::vec3> track);
// The treadmill's speed under an in-place animation, per second of its
// clip: the median (per axis) of the planted feet's ground steps over the
// clip time each step took (`advance[k]`: how far the clip's time moved
// into sample k; steps where it did not move are left out), planted meaning
// both ends of a step within `contactHeight` of that foot's ground.
glm::vec3 treadmillVelocity(const std::vector<std::vector<glm::vec3>>& tracks, std::span<const float> grounds,
                            float contactHeight, std::span<const double> advance);
// The report of sampled tracks against one ground per foot, each sample's
// `treadmill` motion (empty: none) taken off.
FootSlideReport slideReport(const Skeleton& skeleton, std::span<const JointIndex> feet,
                            const std::vector<std::vector<glm::vec3>>& tracks, std::span<const float> grounds,
                            std::size_t samples, float contactHeight, std::span<const glm::vec3> treadmill = {});

// Samples `pose` over [start, end] at `fps`, takes the feet's world
// positions and measures each one's slide above its own lowest point.
FootSlideReport measureFootSlide(const Skeleton& skeleton, std::span<const JointIndex> feet, const PoseAt& pose,
                                 double start, double end, double fps, float contactHeight);

// The feet's tracks in several animations over the same times (k / fps from
// `start`), and one ground per foot: the lowest point it reaches in any of
// them, so all call the same heights "contact".
struct FeetOnOneGround {
    std::vector<std::vector<std::vector<glm::vec3>>> tracks;  // per animation, per foot
    std::vector<float> grounds;                               // per foot
    std::size_t samples = 0;
};
FeetOnOneGround sampleFeetOnOneGround(const Skeleton& skeleton, std::span<const JointIndex> feet,
                                      std::span<const PoseAt> poses, double start, double end, double fps);

// Several animations of the same feet over the same times (a transition, A
// alone, B alone) measured against one ground per foot (sampleFeetOnOneGround).
std::vector<FootSlideReport> measureFootSlides(const Skeleton& skeleton, std::span<const JointIndex> feet,
                                               std::span<const PoseAt> poses, double start, double end, double fps,
                                               float contactHeight);

} // namespace marrow::anim
