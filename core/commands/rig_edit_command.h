// SPDX-License-Identifier: MIT
#pragma once
#include "core/commands/command_ids.h"
#include "core/model/ids.h"

#include <QUndoCommand>

namespace marrow::cmd {

// The skeleton edits' common base (RestructureRigCommand, SetRestPoseCommand):
// one id, so QUndoStack offers each the next; within one interaction a
// command may absorb a later one (an extrude, then the grab that places the
// new joint, is one undo entry; the grab's moves merge into one).
class RigEditCommand : public QUndoCommand {
public:
    int id() const override { return kRigEditId; }
    model::InteractionId interaction() const { return m_interaction; }

    bool mergeWith(const QUndoCommand* other) override
    {
        const auto* newer = static_cast<const RigEditCommand*>(other);
        return m_interaction.valid() && newer->m_interaction == m_interaction && absorb(*newer);
    }

protected:
    RigEditCommand(const QString& text, model::InteractionId interaction, QUndoCommand* parent)
        : QUndoCommand(text, parent)
        , m_interaction(interaction)
    {
    }
    // Takes `newer`'s after state (its redo has run); false: not mergeable.
    virtual bool absorb(const RigEditCommand& newer) = 0;

private:
    model::InteractionId m_interaction;
};

} // namespace marrow::cmd
