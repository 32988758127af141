// SPDX-License-Identifier: MIT
#pragma once
#include "core/document/document.h"

#include <QList>
#include <QUndoCommand>

namespace marrow::cmd {

// "Lock <joint>" / "Unlock <joint>" (or "Lock 3 Bones"): locks or unlocks
// joints so no weight tool changes their weights (Blender's vertex group
// lock). Remembers which of the joints were locked before, so undo restores
// exactly that set. Obsolete when nothing would change.
class SetBoneLockCommand : public QUndoCommand {
public:
    SetBoneLockCommand(doc::Document* document, QList<model::JointIndex> joints, bool locked,
                       QUndoCommand* parent = nullptr);

    void redo() override;
    void undo() override;

private:
    doc::Document* m_document;
    QList<model::JointIndex> m_changed;  // the joints whose lock this command flips
    bool m_locked;
};

} // namespace marrow::cmd
