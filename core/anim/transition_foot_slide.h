// SPDX-License-Identifier: MIT
#pragma once
#include "core/anim/foot_slide.h"
#include "core/anim/transition_pose.h"

#include <span>

namespace marrow::anim {

// The foot-slide figures of a transition: A alone, B alone and the blend,
// sampled at k / fps over [0, T] against one ground per foot (its lowest
// point in any of the three). The dock and the CLI both measure here, so
// they agree. When neither clip travels (clipTravels), the clips are in
// place: a planted foot moves back at the treadmill's speed, so each is
// measured against its treadmill (the median ground step of its planted
// feet; the blend's is A's and B's mixed by the transition's weight), and
// a clean in-place walk measures close to 0. Travelling clips are measured
// against the world.
struct TransitionFootSlide {
    double fps = 30.0;
    float contactHeight = 0.f;
    bool inPlace = false;
    FootSlideReport a, b, blended;
};
// The slide of a report's steps that fall in [from, to] (a step from
// sample k - 1 to sample k counts when it overlaps it): the blend's own
// slide, without what A slid before the exit or B after the blend.
double slideBetween(const FootSlideReport& report, double from, double to, double fps);

TransitionFootSlide measureTransitionFootSlide(const Skeleton& skeleton, TransitionPoser& poser,
                                               std::span<const JointIndex> feet, double fps, float contactHeight);

} // namespace marrow::anim
