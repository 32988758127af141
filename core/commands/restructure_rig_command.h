// SPDX-License-Identifier: MIT
#pragma once
#include "core/commands/rig_edit_command.h"
#include "core/document/document.h"

#include <optional>
#include <span>

namespace marrow::cmd {

// An edit that changes the rig's shape (File › Import Mesh, the skeleton
// edits): redo swaps in the new rig, undo the old one
// (Document::restructureRig), both kept whole, so undo and redo give the
// document back byte for byte. `remap` (an edit that deleted or renumbered
// joints: old index -> new) carries the pose overrides, locks and Deform
// flags to the joints' new indices; without it they stay as they are.
// Within `interaction` it absorbs later rig edits (the grab after an
// extrude). Obsolete when the document refuses the new rig.
class RestructureRigCommand : public RigEditCommand {
public:
    RestructureRigCommand(doc::Document* document, model::Rig after, const QString& text,
                          std::span<const model::JointIndex> remap = {}, model::InteractionId interaction = {},
                          QUndoCommand* parent = nullptr);

    void redo() override;
    void undo() override;

protected:
    bool absorb(const RigEditCommand& newer) override;

private:
    doc::Document* m_document;
    model::Rig m_before, m_after;
    doc::JointState m_stateBefore, m_stateAfter;
};

} // namespace marrow::cmd
