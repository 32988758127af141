// SPDX-License-Identifier: MIT
#pragma once
#include "core/io/document_extras.h"

#include <span>

namespace marrow::doc {

// What the document keeps per joint besides the rig: the pose overrides, the
// bone locks and the Deform flags. An edit that renumbers joints (delete,
// reparent) carries them to the joints' new indices with it.
struct JointState {
    PoseMap pose;
    LockSet locks;
    DeformFlags deform;
    bool operator==(const JointState&) const = default;
};

// The state with every joint moved to newIndexOf[joint]; a joint mapped to
// a negative index (deleted) or past the map's end loses its entries.
JointState remapJointState(const JointState& state, std::span<const model::JointIndex> newIndexOf);

} // namespace marrow::doc
