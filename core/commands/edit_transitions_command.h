// SPDX-License-Identifier: MIT
#pragma once
#include "core/commands/command_ids.h"
#include "core/commands/mergeable_command.h"
#include "core/model/transition.h"

#include <vector>

namespace marrow::doc {
class Document;
}

namespace marrow::cmd {

// Every transition edit (new, duplicate, rename, delete, any field, a
// dragged handle): the whole list before and after, so undo is exact.
// Pushes of one interaction merge (first before, latest after): a drag of a
// duration handle is one undo entry.
class EditTransitionsCommand : public MergeableCommand<kEditTransitionsId, EditTransitionsCommand> {
public:
    // `before` is read from the document now.
    EditTransitionsCommand(doc::Document* document, const QString& text, std::vector<model::Transition> after,
                           model::InteractionId interaction = {}, QUndoCommand* parent = nullptr);

    void redo() override;
    void undo() override;

    bool mergeFrom(const EditTransitionsCommand& newer);
    bool isNoOp() const { return m_before == m_after; }

private:
    doc::Document* m_document;
    std::vector<model::Transition> m_before;
    std::vector<model::Transition> m_after;
};

} // namespace marrow::cmd
