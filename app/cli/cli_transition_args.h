// SPDX-License-Identifier: MIT
#pragma once
// The arguments of marrow-cli transition. Parsing reads nothing (the fuzz
// target drives it).
#include "app/cli/cli_range_clip.h"
#include "core/anim/blend_curve.h"
#include "core/anim/transition_bake.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace marrow::cli {

struct TransitionOptions {
    std::string model, from, to, name, output;
    std::vector<std::string> clipsFrom;
    std::vector<RangeClipSpec> rangeClips;
    std::optional<double> exit;
    double offset = 0.0, duration = 0.0, fps = 0.0;  // fps 0: the file's rate, else 30
    anim::BlendCurve curve;
    bool sync = false, cycleA = false, cycleB = false, inertialize = false, matchRoot = false, report = false;
    bool findBest = false;
    std::optional<std::pair<double, double>> exitRange;
    std::optional<double> contactHeight;
    anim::BakeRange range = anim::BakeRange::Full;
};

// Parses the arguments after "transition"; an error message, or nullopt.
std::optional<std::string> parseTransitionArgs(const std::vector<std::string>& args, TransitionOptions& o);

} // namespace marrow::cli
