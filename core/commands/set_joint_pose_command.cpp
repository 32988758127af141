// SPDX-License-Identifier: MIT
#include "core/commands/set_joint_pose_command.h"
#include "core/commands/command_ids.h"

namespace marrow::cmd {

SetJointPoseCommand::SetJointPoseCommand(doc::Document* document, model::JointIndex joint,
                                         std::optional<math::Transform> pose, model::InteractionId interaction,
                                         QUndoCommand* parent)
    : QUndoCommand(parent)
    , m_document(document)
    , m_joint(joint)
    , m_interaction(interaction)
    , m_before(document->poseOverride(joint))
    , m_after(std::move(pose))
{
    const auto& names = document->rig().skeleton.names;
    const QString name = joint >= 0 && static_cast<std::size_t>(joint) < names.size()
                             ? QString::fromStdString(names[static_cast<std::size_t>(joint)])
                             : QString::number(joint);
    setText(m_after ? QObject::tr("Pose %1").arg(name) : QObject::tr("Reset Pose %1").arg(name));
    setObsolete(m_before == m_after);
}

int SetJointPoseCommand::id() const
{
    return kSetJointPoseId;
}

void SetJointPoseCommand::redo()
{
    m_document->setPoseOverride(m_joint, m_after);
}

void SetJointPoseCommand::undo()
{
    m_document->setPoseOverride(m_joint, m_before);
}

bool SetJointPoseCommand::mergeWith(const QUndoCommand* other)
{
    auto* o = static_cast<const SetJointPoseCommand*>(other);
    if (!m_interaction.valid() || o->m_interaction != m_interaction || o->m_joint != m_joint)
        return false;
    m_after = o->m_after;
    setObsolete(m_before == m_after);
    return true;
}

} // namespace marrow::cmd
