// SPDX-License-Identifier: MIT
#include "core/commands/set_rotation_mode_command.h"

#include "core/anim/track_rotation_mode.h"

namespace marrow::cmd {

SetRotationModeCommand::SetRotationModeCommand(doc::Document* document, model::JointIndex joint,
                                               anim::RotationMode mode, QUndoCommand* parent)
    : QUndoCommand(parent)
    , m_document(document)
    , m_joint(joint)
    , m_after(mode)
{
    const model::Rig& rig = document->rig();
    const bool inRange = joint >= 0 && static_cast<std::size_t>(joint) < rig.skeleton.size();
    m_before = rig.rotationModeOf(joint);
    for (const anim::Clip& clip : rig.clips) {
        const anim::JointTrack* track = inRange ? clip.findTrack(joint) : nullptr;
        m_tracksBefore.push_back(track ? std::optional<anim::JointTrack>(*track) : std::nullopt);
        std::optional<anim::JointTrack> converted = m_tracksBefore.back();
        if (converted)
            anim::convertRotationMode(*converted, mode);
        m_tracksAfter.push_back(std::move(converted));
    }
    const QString name = inRange ? QString::fromStdString(rig.skeleton.names[static_cast<std::size_t>(joint)]) : QString();
    setText(QObject::tr("Rotation Mode %1: %2").arg(name, QString::fromUtf8(anim::rotationModeName(mode))));
    setObsolete(!inRange || mode == m_before || mode > anim::kLastRotationMode);
}

void SetRotationModeCommand::redo()
{
    m_document->setRotationMode(m_joint, m_after, m_tracksAfter);
}

void SetRotationModeCommand::undo()
{
    m_document->setRotationMode(m_joint, m_before, m_tracksBefore);
}

} // namespace marrow::cmd
