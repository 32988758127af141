// SPDX-License-Identifier: MIT
#include "core/commands/remove_clip_command.h"

namespace marrow::cmd {

RemoveClipCommand::RemoveClipCommand(doc::Document* document, model::ClipId index, QUndoCommand* parent)
    : QUndoCommand(QObject::tr("Delete Clip"), parent)
    , m_document(document)
    , m_index(index)
{
}

void RemoveClipCommand::redo()
{
    m_clip = m_document->removeClip(m_index);
    if (!m_clip)
        setObsolete(true);
}

void RemoveClipCommand::undo()
{
    if (m_clip)
        m_document->addClip(m_index, std::move(*m_clip));
    m_clip.reset();
}

} // namespace marrow::cmd
