// SPDX-License-Identifier: MIT
#pragma once
#include "core/anim/pose_match_cost.h"
#include "core/model/rig.h"

#include <optional>
#include <string>

namespace marrow::model {

// Find Cycle: the range of a long take that loops best. Every start s and
// end e on the grid k / fps inside the window, at least minLength apart,
// is scored by motion matching's pose cost (anim::poseCost) between the
// poses at s and e: the deforming joints' positions around the root's
// ground centroid and their velocities, so a walk with root motion loops
// while it moves on (as model::clipLoops allows). A range must move: the
// pose inside it must stray from its start by at least a tenth of the
// most any pose in the window strays from another, or a still idle would
// loop "perfectly" ahead of the walk. Of those, the lowest cost wins (ties:
// the earliest start, then the shortest). Deterministic; the features are
// sampled once per frame, the pairs compared from them.
struct CycleSearchOptions {
    double fps = 30.0;
    double from = -1.0;       // the window, seconds; < 0: the clip's start
    double to = -1.0;         // < 0: the clip's end
    double minLength = 0.4;   // seconds
    anim::PoseCostWeights weights;  // height 0: the skeleton's, as Find best uses
};

struct CycleSearchResult {
    double start = 0.0;
    double end = 0.0;
    double cost = 0.0;
};

// nullopt with `error` when the clip does not exist or the window holds no
// range of minLength.
std::optional<CycleSearchResult> findCycle(const Rig& rig, ClipId clip, const CycleSearchOptions& options,
                                           std::string* error = nullptr);

} // namespace marrow::model
