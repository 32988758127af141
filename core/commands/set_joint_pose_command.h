// SPDX-License-Identifier: MIT
#pragma once
#include "core/document/document.h"
#include "core/commands/command_ids.h"
#include "core/commands/mergeable_command.h"
#include "core/math/transform.h"

#include <optional>

namespace marrow::cmd {

// "Pose <joint>" ("Reset Pose <joint>" for nullopt): sets (or, with nullopt, removes) one joint's pose override,
// the local TRS shown on top of the sampled clip until the time changes.
// Pushes within one InteractionId on the same joint merge (keep the first
// before, take the latest after), so a spin-box or gizmo drag is one undo
// entry; a drag that ends where it started is obsolete and vanishes.
class SetJointPoseCommand : public MergeableCommand<kSetJointPoseId, SetJointPoseCommand> {
public:
    SetJointPoseCommand(doc::Document* document, model::JointIndex joint, std::optional<math::Transform> pose,
                        model::InteractionId interaction, QUndoCommand* parent = nullptr);

    void redo() override;
    void undo() override;

    // MergeableCommand's hooks: the same joint takes the newer after.
    bool mergeFrom(const SetJointPoseCommand& newer);
    bool isNoOp() const { return m_before == m_after; }

private:
    doc::Document* m_document;
    model::JointIndex m_joint;
    std::optional<math::Transform> m_before;
    std::optional<math::Transform> m_after;
};

} // namespace marrow::cmd
