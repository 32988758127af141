// SPDX-License-Identifier: MIT
#pragma once
// The arguments of marrow-cli weights: the operations in order, the meshes
// chosen and the files. Parsing reads nothing (the fuzz target drives it).
#include "app/cli/cli_range_clip.h"
#include "core/model/auto_weights.h"

#include <optional>
#include <string>
#include <vector>

namespace marrow::cli {

struct WeightStep {
    enum Kind { Auto, Normalize, Limit, Clean, Quantize, Smooth, Mirror } kind = Normalize;
    double value = 0.0;       // Limit N, Clean EPS, Quantize bits, Smooth K
    double factor = 0.5;      // Smooth F
    int axis = 0;             // Mirror: 0, 1, 2
    bool fromPositive = true;  // Mirror: +axis copies onto -axis
    std::string label{};      // as given, for the report
    std::vector<std::string> bones{};  // Auto: the subset by name (empty: every deforming bone)
    bool rigidIslands = false;       // Auto
    model::BoneSegments segments = model::BoneSegments::EachChild;  // Auto
};

struct WeightsOptions {
    std::string model, output;
    std::vector<std::string> clipsFrom;
    std::vector<RangeClipSpec> rangeClips;
    std::vector<WeightStep> steps;
    std::vector<std::string> meshes;  // --meshes: the meshes chosen (empty: every skinned mesh)
};

// Parses the arguments after "weights"; an error message, or nullopt.
std::optional<std::string> parseWeightsArgs(const std::vector<std::string>& args, WeightsOptions& o);

} // namespace marrow::cli
