// SPDX-License-Identifier: MIT
#pragma once
#include "core/anim/skeleton.h"

#include <cstdint>

namespace marrow::model {

// Ids that commands, signals and views pass around instead of pointers into
// the rig (a pointer into a vector that may reallocate is a bug waiting to
// happen). Clips and meshes are named by their index in the Rig: undo runs in
// strict reverse order, so an index a command captured is valid again by the
// time its undo()/redo() runs.
using JointIndex = anim::JointIndex;  // index into Skeleton arrays
using ClipId = int;                   // index into Rig::clips; -1 for none (rest pose)
using MeshId = int;                   // index into Rig::meshes; -1 for none

// One continuous user interaction (a brush stroke, a gizmo or spin-box drag),
// handed out by Document::beginInteraction() at press. Commands merge only
// within one interaction, so a drag makes one undo entry and the next drag a
// second one. The default value (0) is "no interaction": such commands never merge.
struct InteractionId {
    std::uint64_t value = 0;

    constexpr bool valid() const { return value != 0; }
    friend constexpr bool operator==(InteractionId, InteractionId) = default;
};

} // namespace marrow::model
