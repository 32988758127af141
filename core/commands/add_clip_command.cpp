// SPDX-License-Identifier: MIT
#include "core/commands/add_clip_command.h"

namespace marrow::cmd {

AddClipCommand::AddClipCommand(doc::Document* document, anim::Clip clip, model::ClipId index, QUndoCommand* parent)
    : QUndoCommand(QObject::tr("Add Clip"), parent)
    , m_document(document)
    , m_clip(std::move(clip))
    , m_index(index < 0 ? static_cast<model::ClipId>(document->rig().clips.size()) : index)
{
}

void AddClipCommand::redo()
{
    if (!m_document->addClip(m_index, m_clip))
        setObsolete(true);  // invalid clip or index: refused, nothing to undo
}

void AddClipCommand::undo()
{
    m_document->removeClip(m_index);
}

} // namespace marrow::cmd
