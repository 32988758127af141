// SPDX-License-Identifier: MIT
#pragma once

namespace marrow::cmd {

// QUndoCommand::id() values. QUndoStack only offers mergeWith() to commands
// with equal, non-negative ids; commands that never merge return -1.
enum CommandId : int {
    kChangeValueId = 1,
    kSetJointPoseId,
    kPaintWeightsId,
};

} // namespace marrow::cmd
