// SPDX-License-Identifier: MIT
#pragma once
#include "core/model/rig.h"

#include <vector>

namespace marrow::model {

// The local transforms that put every skin joint where its skin was bound:
// a joint's world is the inverse of its inverse bind (the first skin that
// binds it), any other node keeps its rest local under its parent. Posed
// with these, every skin's palette is the identity and each skinned mesh
// shows its input positions exactly, whatever its weights: the picture Weight
// Paint's Rest Position shows, where painting never moves a vertex out from
// under the brush (the rest pose may differ from the bind pose). A bind
// world that does not decompose (singular) falls back to the rest local.
// One per skeleton joint; the rig must be valid.
std::vector<math::Transform> bindPoseLocals(const Rig& rig);

} // namespace marrow::model
