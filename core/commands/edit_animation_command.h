// SPDX-License-Identifier: MIT
#pragma once
#include "core/commands/command_ids.h"
#include "core/commands/mergeable_command.h"
#include "core/document/track_edit.h"

namespace marrow::doc {
class Document;
}

namespace marrow::cmd {

// Every key edit (insert, delete, move, scale, paste, interpolation, tangent
// mode, tangent drag, auto-key, clear transforms): swaps whole tracks of the
// touched joints and their pose overrides between a before and an after
// state (AnimationEdit builds both). Whole tracks make undo bit-exact,
// including keys a move overwrote. Pushes of one interaction merge: the
// first before per joint stays, the latest after wins, so a drag is one
// undo entry.
class EditAnimationCommand : public MergeableCommand<kEditAnimationId, EditAnimationCommand> {
public:
    EditAnimationCommand(doc::Document* document, const QString& text, doc::AnimationState before,
                         doc::AnimationState after, model::InteractionId interaction = {},
                         QUndoCommand* parent = nullptr);

    void redo() override;
    void undo() override;

    bool mergeFrom(const EditAnimationCommand& newer);
    bool isNoOp() const { return m_before == m_after; }

    const doc::AnimationState& before() const { return m_before; }
    const doc::AnimationState& after() const { return m_after; }

private:
    void apply(const doc::AnimationState& state);

    doc::Document* m_document;
    doc::AnimationState m_before;
    doc::AnimationState m_after;
};

} // namespace marrow::cmd
