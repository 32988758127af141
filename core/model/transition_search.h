// SPDX-License-Identifier: MIT
#pragma once
#include "core/anim/pose_match_cost.h"
#include "core/anim/transition_motion.h"
#include "core/model/transition.h"

#include <functional>
#include <optional>
#include <vector>

namespace marrow::model {

struct Rig;

// Find best: where to leave A and enter B (issue 37). Every exit time in a
// window and every offset into B on a grid of 1 / fps is played through
// (the transition as it would pose, sync included) and judged as a person
// watching would:
//  - out: a candidate whose feet skip a step (one side lands twice in a
//    row) or stay airborne longer than either clip keeps them
//    (anim::blendFaults);
//  - the rest by one weighted sum (TransitionCostWeights): the blend's foot
//    slide (cm per metre of leg, anim::slidePerLegBetween), the root's
//    speed leaving [0.9 x the slower clip's, 1.1 x the faster clip's] (a
//    lunge or a stall), speed changes in one frame past their bound (a
//    pop), and the pose cost at the exit (anim::poseCost: joints'
//    positions and velocities, feet in step).
// The candidate with the least sum wins. The editor and the CLI both call
// this, so they give the same answer for the same document and fps.
struct TransitionCostWeights {
    double slide = 8.0;   // per cm of foot slide in the blend, per metre of leg
    double speed = 0.5;   // per % the root's speed is outside the clips' range, averaged over the blend
    double pop = 100.0;   // per unit of (jump / bound - 1), root and feet added
    double pose = 4.0;    // per unit of pose cost at the exit
};

struct TransitionSearchOptions {
    double exitFrom = 0.0;
    double exitTo = -1.0;   // < 0: A's length
    double fps = 30.0;      // the grid, and the sampling of the feet
    int refine = -1;        // candidates played through, cheapest pose cost first; < 0: every one; 0: none
    std::optional<float> contactHeight;  // > 0: planted within this height (default: the contact rule's)
    anim::PoseCostWeights weights;       // height 0: the skeleton's (contact height / 2 %)
    TransitionCostWeights cost;
    // Called now and then with the fraction done (0 to 1), from the thread
    // searching; returning false cancels the search (nullopt, error
    // "cancelled"). Empty: never asked.
    std::function<bool(double)> progress;
};

// The winner's cost, term by term (each already weighted; total their sum).
struct TransitionCostTerms {
    double slide = 0.0, speed = 0.0, pop = 0.0, pose = 0.0, total = 0.0;
};

struct TransitionSearchResult {
    double exit = 0.0;
    double offset = 0.0;
    double cost = 0.0;       // the winner's pose cost (unweighted)
    double footSlide = 0.0;  // the winner's foot slide during its blend (the file's units)
    double footSlidePerLeg = 0.0;  // ... in cm per metre of leg
    double previewFootSlide = 0.0;  // the winner's over the whole preview (--report's "transition")
    TransitionCostTerms terms;
    bool measured = false;
    std::size_t excluded = 0;    // candidates left out for a skip step or a long flight
    bool allExcluded = false;    // every one was: the least cost of them all won
    // The cost curve: each exit time of the grid and the lowest pose cost over offsets there.
    std::vector<double> exits;
    std::vector<double> costs;
    // Every candidate's pose cost, exit-major (exits.size() x offsets.size()).
    std::vector<double> offsets;
    std::vector<double> grid;
    std::vector<double> slides;  // each candidate's blend foot slide, NaN where not measured
    std::vector<double> totals;  // each candidate's weighted sum, NaN where not measured, +inf where left out
};

// One transition of the search played through and judged (what Find best
// weighs, for tests and tools that search by brute force): the legs, the
// clips' envelopes and footfall markers found once, then any exit and
// offset. The rig and transition must outlive it; the transition must fit.
struct TransitionVerdict {
    anim::BlendFaults faults;
    bool excluded = false;        // a skip step or a long flight
    double slide = 0.0;           // the blend's foot slide, the file's units
    double slidePerLeg = 0.0;     // ... cm per metre of leg
    double preview = 0.0;         // the whole preview's foot slide
    TransitionCostTerms terms;    // pose 0 (the search adds it)
};
class TransitionJudge {
public:
    TransitionJudge(const Rig& rig, const Transition& transition, double fps, std::optional<float> contactHeight = {},
                    const TransitionCostWeights& weights = {});
    TransitionVerdict operator()(double exit, double offset) const;

private:
    const Rig& m_rig;
    const Transition& m_transition;
    std::vector<anim::Leg> m_legs;
    anim::JointIndex m_root;
    double m_fps;
    anim::ContactRule m_rule;
    TransitionCostWeights m_weights;
    std::vector<anim::SyncMarker> m_markersA, m_markersB;
    anim::GaitEnvelope m_envelopeA, m_envelopeB;
    anim::TransitionPoser::Compiled m_compiled;  // the two clips, compiled once for every candidate
};

// nullopt with `error` when the transition does not fit the rig or the
// window holds no exit time.
std::optional<TransitionSearchResult> findBestTransition(const Rig& rig, const Transition& transition,
                                                         const TransitionSearchOptions& options,
                                                         std::string* error = nullptr);

// The transition's foot slide over the whole preview (--report's "transition").
double transitionFootSlide(const Rig& rig, const Transition& transition, double fps);
// Its foot slide during the blend, [exit, blend end] (--report's "blend"; what Find best weighs).
double transitionBlendFootSlide(const Rig& rig, const Transition& transition, double fps);

} // namespace marrow::model
