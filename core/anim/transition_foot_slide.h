// SPDX-License-Identifier: MIT
#pragma once
#include "core/anim/gait_report.h"
#include "core/anim/transition_motion.h"
#include "core/anim/transition_pose.h"

#include <span>

namespace marrow::anim {

// The foot figures of a transition (issue 37), measured one way for the
// dock, the timeline plot, Find best and the CLI's --report, so they agree:
//  - `a`, `b`: one cycle of each clip alone (clipGait): each leg against
//    its own clip's ground and treadmill, the same whatever it blends with;
//  - `blended`: the preview at k / fps over [0, T], each leg against the
//    preview's own lowest heights; in place (neither clip travels), against
//    A's and B's treadmills mixed by each frame's weight and time advance;
//  - `alongA`, `alongB`: each side alone over the preview's frames (its
//    own clip's ground and treadmill), for the plot under the timeline;
//  - `blend`: the blended slide during the blend, [exit, blend end].
struct TransitionFootSlide {
    double fps = 30.0;
    // The contact height drawn as the plot's scale: the rule's, for the mean leg.
    float contactHeight = 0.f;
    bool inPlace = false;
    GaitReport a, b, blended, alongA, alongB;
    double blend = 0.0;
    double blendPerLegLength = 0.0;
    // What a viewer would see go wrong in the blend (Find best's exclusions
    // and terms, anim::blendFaults), so the dock warns of it.
    BlendFaults faults;
};

// The slide of a report's steps that fall in [from, to] (a step from
// frame k - 1 to frame k counts when it overlaps it).
double slideBetween(const GaitReport& report, double from, double to);
// The same per leg over its own length, the mean over legs.
double slidePerLegBetween(const GaitReport& report, std::span<const Leg> legs, double from, double to);

TransitionFootSlide measureTransitionFootSlide(const Skeleton& skeleton, TransitionPoser& poser,
                                               std::span<const Leg> legs, double fps, const ContactRule& rule = {});

} // namespace marrow::anim
