// SPDX-License-Identifier: MIT
#include "core/commands/rename_joint_command.h"

namespace marrow::cmd {

RenameJointCommand::RenameJointCommand(doc::Document* document, model::JointIndex joint, std::string name,
                                       QUndoCommand* parent)
    : QUndoCommand(QObject::tr("Rename Joint"), parent)
    , m_document(document)
    , m_joint(joint)
    , m_after(std::move(name))
{
    const auto& names = document->rig().skeleton.names;
    if (joint < 0 || static_cast<std::size_t>(joint) >= names.size()) {
        setObsolete(true);  // nothing to rename: QUndoStack drops it on push
        return;
    }
    m_before = names[static_cast<std::size_t>(joint)];
    setObsolete(m_before == m_after);
}

void RenameJointCommand::redo()
{
    m_document->renameJoint(m_joint, m_after);
}

void RenameJointCommand::undo()
{
    m_document->renameJoint(m_joint, m_before);
}

} // namespace marrow::cmd
