// SPDX-License-Identifier: MIT
#pragma once
#include "core/model/rig.h"

#include <string>
#include <vector>

namespace marrow::model {

// Adds the clips of `source` to `target`, matching joints by name (the way an
// animation-only file drives a rig). Tracks of joints the target lacks are
// dropped and reported. Returns the names of the unmatched joints, one entry
// per name, in source order.
std::vector<std::string> transferClips(const Rig& source, Rig& target);

} // namespace marrow::model
