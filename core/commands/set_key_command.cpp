// SPDX-License-Identifier: MIT
#include "core/commands/set_key_command.h"

namespace marrow::cmd {

SetKeyCommand::SetKeyCommand(doc::Document* document, model::ClipId clip, model::JointIndex joint,
                             doc::ChannelKind kind, doc::ChannelKey key, anim::Interpolation interpolation,
                             QUndoCommand* parent)
    : QUndoCommand(QObject::tr("Set Key"), parent)
    , m_document(document)
    , m_clip(clip)
    , m_joint(joint)
    , m_kind(kind)
    , m_key(key)
    , m_interpolation(interpolation)
{
}

void SetKeyCommand::redo()
{
    // Recaptured on every redo: after an undo the document is back in the
    // state this command first saw, so the edit is the same each time.
    m_edit = m_document->insertKey(m_clip, m_joint, m_kind, m_key, m_interpolation);
    if (!m_edit)
        setObsolete(true);  // refused (out of range, not finite): nothing to undo
}

void SetKeyCommand::undo()
{
    if (m_edit)
        m_document->revertKeyEdit(*m_edit);
    m_edit.reset();
}

} // namespace marrow::cmd
