// SPDX-License-Identifier: MIT
#include "core/commands/set_joint_pose_command.h"

namespace marrow::cmd {

SetJointPoseCommand::SetJointPoseCommand(doc::Document* document, model::JointIndex joint,
                                         std::optional<math::Transform> pose, model::InteractionId interaction,
                                         QUndoCommand* parent)
    : MergeableCommand(QString(), interaction, parent)
    , m_document(document)
    , m_joint(joint)
    , m_before(document->poseOverride(joint))
    , m_after(std::move(pose))
{
    const auto& names = document->rig().skeleton.names;
    const QString name = joint >= 0 && static_cast<std::size_t>(joint) < names.size()
                             ? QString::fromStdString(names[static_cast<std::size_t>(joint)])
                             : QString::number(joint);
    setText(m_after ? QObject::tr("Pose %1").arg(name) : QObject::tr("Reset Pose %1").arg(name));
    setObsolete(isNoOp());
}

void SetJointPoseCommand::redo()
{
    m_document->setPoseOverride(m_joint, m_after);
}

void SetJointPoseCommand::undo()
{
    m_document->setPoseOverride(m_joint, m_before);
}

bool SetJointPoseCommand::mergeFrom(const SetJointPoseCommand& newer)
{
    if (newer.m_joint != m_joint)
        return false;
    m_after = newer.m_after;
    return true;
}

} // namespace marrow::cmd
