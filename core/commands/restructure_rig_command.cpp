// SPDX-License-Identifier: MIT
#include "core/commands/restructure_rig_command.h"

namespace marrow::cmd {

RestructureRigCommand::RestructureRigCommand(doc::Document* document, model::Rig after, const QString& text,
                                             std::span<const model::JointIndex> remap,
                                             model::InteractionId interaction, QUndoCommand* parent)
    : RigEditCommand(text, interaction, parent)
    , m_document(document)
    , m_before(document->rig())
    , m_after(std::move(after))
    , m_stateBefore(document->jointState())
    , m_stateAfter(remap.empty() ? m_stateBefore : doc::remapJointState(m_stateBefore, remap))
{
}

void RestructureRigCommand::redo()
{
    if (!m_document->restructureRig(m_after, m_stateAfter))
        setObsolete(true);
}

void RestructureRigCommand::undo()
{
    m_document->restructureRig(m_before, m_stateBefore);
}

bool RestructureRigCommand::absorb(const RigEditCommand&)
{
    // The newer edit has run: the document holds both edits' result.
    m_after = m_document->rig();
    m_stateAfter = m_document->jointState();
    return true;
}

} // namespace marrow::cmd
