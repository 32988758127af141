// SPDX-License-Identifier: MIT
#pragma once
#include "core/document/document.h"

#include <QUndoCommand>

namespace marrow::cmd {

// "Drop Pose (<joints>)": removes every pose override at once, as a time
// change does (Blender drops unkeyed pose edits on a frame change). On the
// undo stack so History shows what happened and Ctrl+Z brings the whole pose
// back, every joint of it, at the current time. Obsolete when nothing is posed.
class DropPoseCommand : public QUndoCommand {
public:
    explicit DropPoseCommand(doc::Document* document, QUndoCommand* parent = nullptr);

    int id() const override;
    void redo() override;
    void undo() override;

private:
    doc::Document* m_document;
    doc::PoseMap m_before;
};

} // namespace marrow::cmd
