// SPDX-License-Identifier: MIT
#pragma once

namespace marrow::cmd {

// QUndoCommand::id() values. QUndoStack only offers mergeWith() to commands
// with equal, non-negative ids; commands that never merge return -1.
enum CommandId : int {
    kChangeValueId = 1,
    kSetJointPoseId,
    kPaintWeightsId,
    kDropPoseId,  // never merges; its id marks it as a pose-only edit (PoseCleanKeeper)
    kEditAnimationId,
    kEditTransitionsId,
    kRigEditId,  // RestructureRigCommand and SetRestPoseCommand (RigEditCommand)
};

// Commands that change only the pose (SetJointPose, DropPose, and macros of them).
inline bool isPoseOnlyCommandId(int id)
{
    return id == kSetJointPoseId || id == kDropPoseId;
}

} // namespace marrow::cmd
