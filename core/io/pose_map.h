// SPDX-License-Identifier: MIT
#pragma once
#include "core/math/transform.h"
#include "core/model/ids.h"

#include <map>

namespace marrow::doc {

// The posed joints of a document: local TRS per joint laid over the sampled
// clip (Blender keeps the pose in the .blend the same way). Saved with the
// document, on the undo stack, dropped by an undoable "Drop Pose" when the
// time changes.
using PoseMap = std::map<model::JointIndex, math::Transform>;

} // namespace marrow::doc
