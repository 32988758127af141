// SPDX-License-Identifier: MIT
#pragma once
#include "core/anim/pose_match_cost.h"
#include "core/model/transition.h"

#include <functional>
#include <optional>
#include <vector>

namespace marrow::model {

struct Rig;

// Find best: where to leave A and enter B. Every exit time in a window and
// every offset into B on a grid of 1 / fps is scored by motion matching's
// pose cost (anim::poseCost: the deforming joints' positions and
// velocities around the root's ground point, and the feet's step phase
// from the sync markers) between A's pose at the exit and B's pose where
// the transition would enter it (sync included). The candidates are then
// played through and their feet's slide during the blend measured (as the
// dock and the CLI measure, anim::measureTransitionFootSlide, over [exit,
// blend end]: what A slid before and B after is theirs, and counting it
// would favour the earliest exits): the feet first, as a viewer
// sees a sliding foot before a pose mismatch, so of the candidates whose
// feet slide within `slideTolerance` of the least, the cheapest by pose
// cost wins. On real locomotion the two disagree often (pab's walk into
// its run: the lowest pose cost slides 61, the least slide is 7), so the
// pose cost alone does not choose.
struct TransitionSearchOptions {
    double exitFrom = 0.0;
    double exitTo = -1.0;   // < 0: A's length
    double fps = 30.0;      // the grid, and the foot-slide sampling
    int refine = -1;        // candidates measured, cheapest first; < 0: every one; 0: none (pose cost alone)
    double slideTolerance = 0.05;  // a fraction of the least slide
    std::optional<float> contactHeight;  // default: anim::suggestedContactHeight
    anim::PoseCostWeights weights;       // height 0: the skeleton's (contact height / 2 %)
    // Called now and then with the fraction done (0 to 1), from the thread
    // searching; returning false cancels the search (nullopt, error
    // "cancelled"). Empty: never asked.
    std::function<bool(double)> progress;
};

struct TransitionSearchResult {
    double exit = 0.0;
    double offset = 0.0;
    double cost = 0.0;       // the winner's pose cost
    double footSlide = 0.0;  // the winner's foot slide during its blend (when measured)
    double leastFootSlide = 0.0;  // the least of every measured candidate
    double previewFootSlide = 0.0;  // the winner's over the whole preview (--report's "transition")
    bool measured = false;
    // The cost curve: each exit time of the grid and the lowest cost over offsets there.
    std::vector<double> exits;
    std::vector<double> costs;
    // Every candidate's cost, exit-major (exits.size() x offsets.size()).
    std::vector<double> offsets;
    std::vector<double> grid;
    std::vector<double> slides;  // each candidate's blend foot slide, NaN where not measured
};

// nullopt with `error` when the transition does not fit the rig or the
// window holds no exit time.
std::optional<TransitionSearchResult> findBestTransition(const Rig& rig, const Transition& transition,
                                                         const TransitionSearchOptions& options,
                                                         std::string* error = nullptr);

// The transition's foot slide over the whole preview (--report's "transition").
double transitionFootSlide(const Rig& rig, const Transition& transition, double fps, float contactHeight);
// Its foot slide during the blend, [exit, blend end] (--report's "blend"; what Find best weighs).
double transitionBlendFootSlide(const Rig& rig, const Transition& transition, double fps, float contactHeight);

} // namespace marrow::model
