// SPDX-License-Identifier: MIT
#include "core/commands/edit_transitions_command.h"

#include "core/document/document.h"

namespace marrow::cmd {

EditTransitionsCommand::EditTransitionsCommand(doc::Document* document, const QString& text,
                                               std::vector<model::Transition> after, model::InteractionId interaction,
                                               QUndoCommand* parent)
    : MergeableCommand(text, interaction, parent)
    , m_document(document)
    , m_before(document->rig().transitions)
    , m_after(std::move(after))
{
}

void EditTransitionsCommand::redo()
{
    if (!m_document->setTransitions(m_after))
        setObsolete(true);  // refused (invalid): nothing changed, nothing to undo
}

void EditTransitionsCommand::undo()
{
    m_document->setTransitions(m_before);
}

bool EditTransitionsCommand::mergeFrom(const EditTransitionsCommand& newer)
{
    m_after = newer.m_after;
    setText(newer.text());
    return true;
}

} // namespace marrow::cmd
