// SPDX-License-Identifier: MIT
#pragma once
#include "core/model/rig.h"

#include <vector>

namespace marrow::model {

// The feet whose slide the transition figures measure: joints named like
// feet (anim::footJoints: helpers such as "Bip01 Footsteps" or a foot's IK
// target left out) that a skin weights, since only those move the mesh.
// A rig no mesh weights (a skeleton-only file) keeps every foot-named joint.
std::vector<anim::JointIndex> deformingFeet(const Rig& rig);

} // namespace marrow::model
