// SPDX-License-Identifier: MIT
#pragma once
#include "core/document/document.h"

#include <QUndoCommand>

#include <string>

namespace marrow::cmd {

// "Rename Joint": one joint's name, before and after. Names are not unique
// keys anywhere in the rig (joints are referred to by index), so any string
// is accepted; the bone tree decides what it lets users type.
class RenameJointCommand : public QUndoCommand {
public:
    RenameJointCommand(doc::Document* document, model::JointIndex joint, std::string name,
                       QUndoCommand* parent = nullptr);

    void redo() override;
    void undo() override;

private:
    doc::Document* m_document;
    model::JointIndex m_joint;
    std::string m_before;
    std::string m_after;
};

} // namespace marrow::cmd
