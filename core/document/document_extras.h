// SPDX-License-Identifier: MIT
#pragma once
#include "core/document/pose_map.h"

#include <set>

namespace marrow::doc {

// Joints whose weights no weight tool may change (Blender's vertex group
// lock). Document data: saved, undoable.
using LockSet = std::set<model::JointIndex>;

// What a .marrow document saves besides the rig: the pose and the bone locks.
struct DocumentExtras {
    PoseMap pose;
    LockSet locks;
    bool operator==(const DocumentExtras&) const = default;
};

} // namespace marrow::doc
