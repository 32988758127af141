// SPDX-License-Identifier: MIT
#include "core/commands/drop_pose_command.h"
#include "core/commands/command_ids.h"

#include <QStringList>

namespace marrow::cmd {

namespace {
constexpr int kNamesInText = 3;  // "Drop Pose (a, b, c +2)": History stays one line
}

DropPoseCommand::DropPoseCommand(doc::Document* document, QUndoCommand* parent)
    : QUndoCommand(parent)
    , m_document(document)
    , m_before(document->poseOverrides())
{
    QStringList names;
    const auto& all = document->rig().skeleton.names;
    for (const auto& [joint, pose] : m_before) {
        if (names.size() == kNamesInText)
            break;
        names << QString::fromStdString(all[static_cast<std::size_t>(joint)]);
    }
    const int more = static_cast<int>(m_before.size()) - static_cast<int>(names.size());
    setText(more > 0 ? QObject::tr("Drop Pose (%1 +%2)").arg(names.join(QStringLiteral(", "))).arg(more)
                     : QObject::tr("Drop Pose (%1)").arg(names.join(QStringLiteral(", "))));
    setObsolete(m_before.empty());
}

int DropPoseCommand::id() const
{
    return kDropPoseId;
}

void DropPoseCommand::redo()
{
    m_document->clearPoseOverrides();
}

void DropPoseCommand::undo()
{
    m_document->setPoseOverrides(m_before);
}

} // namespace marrow::cmd
