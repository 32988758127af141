// SPDX-License-Identifier: MIT
#pragma once
// marrow-cli check's text output: by default one summary line per mesh
// (a 98-joint character with hundreds of primitives printed thousands of
// lines); --verbose adds each mesh's figures and the vertices behind them.
#include "core/model/export_profile.h"
#include "core/model/import_changes.h"
#include "core/model/rig.h"
#include "core/model/weight_health.h"

#include <optional>
#include <string>
#include <vector>

namespace marrow::cli {

struct CheckFindings {
    std::string model;  // the path as given
    const model::Rig* rig = nullptr;
    const model::WeightHealth* health = nullptr;
    const model::ImportChanges* importChanges = nullptr;
    int maxInfluences = 4;
    float symmetryTolerance = 0.05f;
    model::ExportProfile profile;
    const std::optional<model::ProfileDisplacement>* displacement = nullptr;  // set with --profile
    std::vector<std::string> failures;
};

void printCheckText(const CheckFindings& findings, bool verbose);

} // namespace marrow::cli
