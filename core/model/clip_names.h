// SPDX-License-Identifier: MIT
#pragma once
#include "core/model/rig.h"

#include <string>

namespace marrow::model {

// A clip name the rig does not use yet: `base` itself when free, else
// Blender's numbering, "base.001", "base.002", … (an existing ".NNN" suffix
// of `base` is replaced, so duplicating "walk.001" gives "walk.002").
std::string uniqueClipName(const Rig& rig, const std::string& base);
// The same numbering among the rig's transitions.
std::string uniqueTransitionName(const Rig& rig, const std::string& base);

} // namespace marrow::model
