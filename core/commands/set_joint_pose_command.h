// SPDX-License-Identifier: MIT
#pragma once
#include "core/document/document.h"
#include "core/math/transform.h"

#include <QUndoCommand>

#include <optional>

namespace marrow::cmd {

// "Pose <joint>" ("Reset Pose <joint>" for nullopt): sets (or, with nullopt, removes) one joint's pose override,
// the local TRS shown on top of the sampled clip until the time changes.
// Pushes within one InteractionId on the same joint merge (keep the first
// before, take the latest after), so a spin-box or gizmo drag is one undo
// entry; a drag that ends where it started is obsolete and vanishes.
class SetJointPoseCommand : public QUndoCommand {
public:
    SetJointPoseCommand(doc::Document* document, model::JointIndex joint, std::optional<math::Transform> pose,
                        model::InteractionId interaction, QUndoCommand* parent = nullptr);

    int id() const override;
    void redo() override;
    void undo() override;
    bool mergeWith(const QUndoCommand* other) override;

private:
    doc::Document* m_document;
    model::JointIndex m_joint;
    model::InteractionId m_interaction;
    std::optional<math::Transform> m_before;
    std::optional<math::Transform> m_after;
};

} // namespace marrow::cmd
