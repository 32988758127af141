// SPDX-License-Identifier: MIT
#include "core/commands/set_rest_pose_command.h"

namespace marrow::cmd {

SetRestPoseCommand::SetRestPoseCommand(doc::Document* document, const model::Rig& after, const QString& text,
                                       model::InteractionId interaction, QUndoCommand* parent)
    : RigEditCommand(text, interaction, parent)
    , m_document(document)
    , m_before(restPoseOf(document->rig()))
    , m_after(restPoseOf(after))
{
}

SetRestPoseCommand::RestPose SetRestPoseCommand::restPoseOf(const model::Rig& rig)
{
    RestPose pose{rig.skeleton.rest, {}};
    for (const model::Skin& skin : rig.skins)
        pose.inverseBinds.push_back(skin.inverseBind);
    return pose;
}

void SetRestPoseCommand::redo()
{
    if (!m_document->setRestPose(m_after.rest, m_after.inverseBinds))
        setObsolete(true);
}

void SetRestPoseCommand::undo()
{
    m_document->setRestPose(m_before.rest, m_before.inverseBinds);
}

bool SetRestPoseCommand::absorb(const RigEditCommand& newer)
{
    const auto* move = dynamic_cast<const SetRestPoseCommand*>(&newer);
    if (!move)
        return false;  // a shape change after a move stays its own entry
    m_after = move->m_after;
    return true;
}

} // namespace marrow::cmd
