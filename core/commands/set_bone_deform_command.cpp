// SPDX-License-Identifier: MIT
#include "core/commands/set_bone_deform_command.h"

namespace marrow::cmd {

SetBoneDeformCommand::SetBoneDeformCommand(doc::Document* document, QList<model::JointIndex> joints, bool deform,
                                           QUndoCommand* parent)
    : QUndoCommand(parent)
    , m_document(document)
    , m_deform(deform)
{
    const std::vector<std::uint8_t> mask = document->deformMask();
    const model::Rig& rig = document->rig();
    for (model::JointIndex joint : joints) {
        if (joint < 0 || static_cast<std::size_t>(joint) >= mask.size() || m_joints.contains(joint))
            continue;
        const auto it = document->deformFlags().find(joint);
        const bool set = it != document->deformFlags().end();
        if (mask[static_cast<std::size_t>(joint)] == (deform ? 1 : 0) && set)
            continue;  // already that, by the user's flag
        m_joints << joint;
        m_before.push_back(set ? std::optional<bool>(it->second) : std::nullopt);
    }
    bool effective = false;
    for (model::JointIndex joint : m_joints)
        effective = effective || mask[static_cast<std::size_t>(joint)] != (deform ? 1 : 0);
    const QString what = m_joints.size() == 1
                             ? QString::fromStdString(rig.skeleton.names[static_cast<std::size_t>(m_joints.front())])
                             : QObject::tr("%1 Bones").arg(m_joints.size());
    setText(deform ? QObject::tr("Deform %1").arg(what) : QObject::tr("No Deform %1").arg(what));
    setObsolete(!effective);
}

void SetBoneDeformCommand::redo()
{
    m_document->setJointsDeform(m_joints, m_deform);
}

void SetBoneDeformCommand::undo()
{
    for (qsizetype i = 0; i < m_joints.size(); ++i)
        m_document->setJointsDeform({m_joints[i]}, m_before[static_cast<std::size_t>(i)]);
}

} // namespace marrow::cmd
