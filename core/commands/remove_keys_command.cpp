// SPDX-License-Identifier: MIT
#include "core/commands/remove_keys_command.h"

namespace marrow::cmd {

RemoveKeysCommand::RemoveKeysCommand(doc::Document* document, model::ClipId clip, std::vector<KeyRef> keys,
                                     QUndoCommand* parent)
    : QUndoCommand(QObject::tr("Delete Keys"), parent)
    , m_document(document)
    , m_clip(clip)
    , m_keys(std::move(keys))
{
}

void RemoveKeysCommand::redo()
{
    m_removed.clear();
    for (const KeyRef& ref : m_keys)
        if (auto r = m_document->removeKey(m_clip, ref.joint, ref.kind, ref.time))
            m_removed.push_back({ref, *r});
    // Keys that were not there are skipped; when none was, the entry is
    // pointless and QUndoStack drops it on push.
    if (m_removed.empty())
        setObsolete(true);
}

void RemoveKeysCommand::undo()
{
    for (auto it = m_removed.rbegin(); it != m_removed.rend(); ++it)
        m_document->restoreKey(m_clip, it->ref.joint, it->ref.kind, it->key);
    m_removed.clear();
}

} // namespace marrow::cmd
