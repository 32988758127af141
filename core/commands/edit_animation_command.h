// SPDX-License-Identifier: MIT
#pragma once
#include "core/commands/command_ids.h"
#include "core/commands/mergeable_command.h"
#include "core/document/key_selection_hook.h"
#include "core/document/track_edit.h"

#include <memory>

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
// undo entry. Undo also selects the keys selected when the edit was made,
// and redo the ones the edit left selected (through the Document's
// KeySelectionHook, as the selection lives in the workspace above us).
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
    void recordSelectionAfter();
    void restoreSelection(const doc::KeyIdSet& keys) const;

    doc::Document* m_document;
    doc::AnimationState m_before;
    doc::AnimationState m_after;
    doc::KeyIdSet m_selectionBefore;
    // Shared so the hook can fill it later; stays empty without a hook.
    std::shared_ptr<doc::KeyIdSet> m_selectionAfter = std::make_shared<doc::KeyIdSet>();
    bool m_pushed = false;  // the first redo is the push: the caller selects then
};

} // namespace marrow::cmd
