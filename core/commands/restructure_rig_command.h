// SPDX-License-Identifier: MIT
#pragma once
#include "core/document/document.h"

#include <QUndoCommand>

namespace marrow::cmd {

// An edit that changes the rig's shape (File › Import Mesh): redo swaps in
// the new rig, undo the old one (Document::restructureRig), both kept whole,
// so undo and redo give the document back byte for byte. Obsolete when the
// document refuses the new rig.
class RestructureRigCommand : public QUndoCommand {
public:
    RestructureRigCommand(doc::Document* document, model::Rig after, const QString& text,
                          QUndoCommand* parent = nullptr);

    void redo() override;
    void undo() override;

private:
    doc::Document* m_document;
    model::Rig m_before, m_after;
};

} // namespace marrow::cmd
