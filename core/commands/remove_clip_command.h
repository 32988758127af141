// SPDX-License-Identifier: MIT
#pragma once
#include "core/anim/clip.h"
#include "core/document/document.h"

#include <QUndoCommand>

#include <optional>

namespace marrow::cmd {

// "Delete Clip": removes the clip at an index and keeps it, whole, so undo
// puts the same clip back at the same index.
class RemoveClipCommand : public QUndoCommand {
public:
    RemoveClipCommand(doc::Document* document, model::ClipId index, QUndoCommand* parent = nullptr);

    void redo() override;
    void undo() override;

private:
    doc::Document* m_document;
    model::ClipId m_index;
    std::optional<anim::Clip> m_clip;  // set by redo()
};

} // namespace marrow::cmd
