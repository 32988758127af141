// SPDX-License-Identifier: MIT
#include "core/commands/set_bone_lock_command.h"

namespace marrow::cmd {

SetBoneLockCommand::SetBoneLockCommand(doc::Document* document, QList<model::JointIndex> joints, bool locked,
                                       QUndoCommand* parent)
    : QUndoCommand(parent)
    , m_document(document)
    , m_locked(locked)
{
    const auto& names = document->rig().skeleton.names;
    for (model::JointIndex joint : joints) {
        const bool inRange = joint >= 0 && static_cast<std::size_t>(joint) < names.size();
        if (inRange && document->isLocked(joint) != locked && !m_changed.contains(joint))
            m_changed << joint;
    }
    const QString verb = locked ? QObject::tr("Lock") : QObject::tr("Unlock");
    setText(m_changed.size() == 1
                ? QStringLiteral("%1 %2").arg(verb, QString::fromStdString(names[static_cast<std::size_t>(m_changed.front())]))
                : QObject::tr("%1 %2 Bones").arg(verb).arg(m_changed.size()));
    setObsolete(m_changed.isEmpty());
}

void SetBoneLockCommand::redo()
{
    m_document->setJointsLocked(m_changed, m_locked);
}

void SetBoneLockCommand::undo()
{
    m_document->setJointsLocked(m_changed, !m_locked);
}

} // namespace marrow::cmd
