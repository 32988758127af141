// SPDX-License-Identifier: MIT
#pragma once
#include "core/model/rig.h"

#include <string>
#include <vector>

namespace marrow::model {

// Adds the clips of `source` to `target`, matching joints by name (the way an
// animation-only file drives a rig). An exact name wins; otherwise names match
// when they agree ignoring case, spaces, '_' and a namespace prefix ("ns:" or
// "ns|"), because exporters disagree on those ("Bip01 HeadNub" in one FBX
// version is "Bip01HeadNub" in another) and such a match is unique.
// Tracks of joints the target lacks are dropped and reported. Returns the names
// of the unmatched joints, one entry per name, in source order.
std::vector<std::string> transferClips(const Rig& source, Rig& target);

// The loose form of a joint name used for the fallback match.
std::string looseJointName(const std::string& name);

} // namespace marrow::model
