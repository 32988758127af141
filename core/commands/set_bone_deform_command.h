// SPDX-License-Identifier: MIT
#pragma once
#include "core/document/document.h"

#include <QList>
#include <QUndoCommand>

#include <optional>
#include <vector>

namespace marrow::cmd {

// "Deform <joint>" / "No Deform <joint>" (or "... 3 Bones"): sets joints'
// Deform flag (Blender's bone Deform): whether automatic weights use them
// as heat sources and the Deform Bones subset holds them. Remembers each
// joint's flag before (set or default), so undo gives back the document
// byte for byte. Obsolete when no joint's effective flag changes.
class SetBoneDeformCommand : public QUndoCommand {
public:
    SetBoneDeformCommand(doc::Document* document, QList<model::JointIndex> joints, bool deform,
                         QUndoCommand* parent = nullptr);

    void redo() override;
    void undo() override;

private:
    doc::Document* m_document;
    QList<model::JointIndex> m_joints;
    std::vector<std::optional<bool>> m_before;  // per joint: its flag before (nullopt: the default)
    bool m_deform;
};

} // namespace marrow::cmd
