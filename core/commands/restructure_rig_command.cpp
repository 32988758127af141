// SPDX-License-Identifier: MIT
#include "core/commands/restructure_rig_command.h"

namespace marrow::cmd {

RestructureRigCommand::RestructureRigCommand(doc::Document* document, model::Rig after, const QString& text,
                                             QUndoCommand* parent)
    : QUndoCommand(text, parent)
    , m_document(document)
    , m_before(document->rig())
    , m_after(std::move(after))
{
}

void RestructureRigCommand::redo()
{
    if (!m_document->restructureRig(m_after))
        setObsolete(true);
}

void RestructureRigCommand::undo()
{
    m_document->restructureRig(m_before);
}

} // namespace marrow::cmd
