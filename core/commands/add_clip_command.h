// SPDX-License-Identifier: MIT
#pragma once
#include "core/anim/clip.h"
#include "core/document/document.h"

#include <QUndoCommand>

namespace marrow::cmd {

// "Add Clip": inserts a clip (a new empty one, a baked transition, a clip
// transferred from another file) at an index; undo removes it again. Holds
// the clip by value: the document's copy may move when clips are added.
class AddClipCommand : public QUndoCommand {
public:
    // index < 0 appends.
    AddClipCommand(doc::Document* document, anim::Clip clip, model::ClipId index = -1,
                   QUndoCommand* parent = nullptr);

    void redo() override;
    void undo() override;
    model::ClipId index() const { return m_index; }

private:
    doc::Document* m_document;
    anim::Clip m_clip;
    model::ClipId m_index;
};

} // namespace marrow::cmd
