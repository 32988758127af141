// SPDX-License-Identifier: MIT
#pragma once
// The foot figures the editor, the timeline plot, Find best and the CLI's
// --report all show (issue 37), from one place so they agree: each leg's
// contacts (legGait) and slide in the file's units and per metre of leg.
#include "core/anim/clip.h"
#include "core/anim/foot_slide.h"
#include "core/anim/leg_gait.h"

#include <span>
#include <vector>

namespace marrow::anim {

struct GaitReport {
    struct LegFigure {
        std::string label;
        JointIndex foot = -1;
        float length = 0.f;
        std::vector<Contact> contacts;  // frames of this report
        double slide = 0.0;             // the file's units
        std::vector<double> steps;      // per frame: this leg's slide in the step into it
    };
    std::vector<LegFigure> legs;
    double total = 0.0;         // every leg's slide, the file's units
    double perLegLength = 0.0;  // the mean over legs of slide / leg length (x 100: cm per metre of leg)
    std::vector<double> steps;  // per frame: every leg's slide in the step into it
    std::size_t frames = 0;
    double fps = 30.0;
};

// Each leg's foot and toe world positions at start + k / fps, k < frames
// (all empty when a pose fails).
std::vector<LegTrack> sampleLegTracks(const Skeleton& skeleton, std::span<const Leg> legs, const PoseAt& pose,
                                      double start, std::size_t frames, double fps);

// The report of sampled tracks, each leg against its own grounds, the
// treadmill's motion into each frame (empty: none) taken off.
GaitReport gaitReport(std::span<const Leg> legs, const std::vector<LegTrack>& tracks,
                      std::span<const LegGround> grounds, double fps, const ContactRule& rule,
                      std::span<const glm::vec3> treadmill = {});

// The ground's velocity under an in-place animation, per second of its own
// time: the median (per axis) of its feet's steps while within the rule's
// height of their ground (advance[k]: how far the clip's time moved into
// frame k; frames where it did not are left out).
glm::vec3 legTreadmill(std::span<const Leg> legs, const std::vector<LegTrack>& tracks,
                       std::span<const LegGround> grounds, const ContactRule& rule, std::span<const double> advance);

// The ground's step into each frame under an in-place animation of three
// or more legs: the median step of the feet near their ground at both
// frames, when two or more are (a quadruped's paws agree on the ground's
// motion even where it does not move steadily: the Khronos Fox's); else
// `fallback`'s (one per frame). Bipeds keep `fallback`: one planted foot
// cannot tell its slide from the ground's motion.
std::vector<glm::vec3> groundSteps(std::span<const Leg> legs, const std::vector<LegTrack>& tracks,
                                   std::span<const LegGround> grounds, const ContactRule& rule,
                                   std::vector<glm::vec3> fallback);

// How many frames k / fps (from the clip's start) one cycle holds: those
// before its end (a float duration overruns a frame by a hair).
std::size_t cycleFrames(const Clip& clip, double fps);

// One cycle of a clip alone, sampled from its start at `fps`, each leg
// against its own lowest heights in the clip, and against the clip's
// treadmill when it does not travel: the same whatever it blends with.
// Every leg lands in a cycle (ContactRule::everyLegLands, whatever `rule` says).
// `grounds` and `tracks` (optional) receive what was measured.
GaitReport clipGait(const Skeleton& skeleton, std::span<const Leg> legs, const Clip& clip, double fps,
                    const ContactRule& rule = {}, std::vector<LegGround>* grounds = nullptr,
                    glm::vec3* treadmillVelocity = nullptr, std::vector<glm::vec3>* treadmillSteps = nullptr);

// The contacts of a clip that loops, as a person watching it loop sees
// them: the cycle's tracks padded on both sides with the loop's neighbours
// (a travelling clip's a stride away), so a contact across the loop is one
// contact and a landing on the cycle's first frame is seen as late as any
// other. Contacts start inside the cycle, [0, frames); the last may run
// past it (a stance across the loop: it lifts at last - frames). Only the
// legs' contacts and frames are filled; figures come from clipGait. Every
// leg lands, as in clipGait.
GaitReport loopGait(const Skeleton& skeleton, std::span<const Leg> legs, const Clip& clip, double fps,
                    const ContactRule& rule = {});

} // namespace marrow::anim
