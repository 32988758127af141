// SPDX-License-Identifier: MIT
#include "core/workspace/key_selection.h"

#include "core/document/document.h"
#include "core/workspace/selection.h"

#include <algorithm>

namespace marrow::ws {

KeySelection::KeySelection(doc::Document* document, Selection* selection, QObject* parent)
    : QObject(parent)
    , m_document(document)
    , m_selection(selection)
{
    if (m_document) {
        connect(m_document, &doc::Document::rigReplaced, this, &KeySelection::clear);
        connect(m_document, &doc::Document::clipsChanged, this, &KeySelection::clear);
        // A key edit may remove selected keys: prune once the edit is done
        // (a many-joint edit emits per joint; one pass afterwards).
        connect(m_document, &doc::Document::keysChanged, this, [this] {
            if (!m_pruneQueued) {
                m_pruneQueued = true;
                QMetaObject::invokeMethod(this, [this] { m_pruneQueued = false; prune(); }, Qt::QueuedConnection);
            }
        });
    }
    if (m_selection)
        connect(m_selection, &Selection::activeClipChanged, this, &KeySelection::clear);
    installUndoHook();
}

KeySelection::~KeySelection()
{
    if (m_document && m_document->keySelectionHook().owner == this)
        m_document->setKeySelectionHook({});
}

void KeySelection::installUndoHook()
{
    // Undo and redo of a key edit select what the edit found and left
    // (Blender). The commands cannot see us, so the Document carries the hook.
    if (!m_document)
        return;
    doc::KeySelectionHook hook;
    hook.owner = this;
    hook.current = [this] { return m_keys; };
    hook.recordLater = [this](std::weak_ptr<doc::KeyIdSet> after) {
        // The edit's caller re-selects its keys right after the push, so
        // the selection it leaves is the one at the end of this turn.
        QMetaObject::invokeMethod(
            this,
            [this, after] {
                if (const auto keys = after.lock())
                    *keys = m_keys;
            },
            Qt::QueuedConnection);
    };
    hook.restore = [this](model::ClipId clip, const doc::KeyIdSet& keys) {
        if (m_selection && clip == m_selection->activeClip())
            setKeys(keys);
    };
    m_document->setKeySelectionHook(std::move(hook));
}

void KeySelection::setKeys(std::set<doc::KeyId> keys)
{
    if (keys == m_keys)
        return;
    m_keys = std::move(keys);
    emit changed();
}

void KeySelection::add(const std::set<doc::KeyId>& keys)
{
    const std::size_t before = m_keys.size();
    m_keys.insert(keys.begin(), keys.end());
    if (m_keys.size() != before)
        emit changed();
}

void KeySelection::remove(const std::set<doc::KeyId>& keys)
{
    std::size_t erased = 0;
    for (const doc::KeyId& k : keys)
        erased += m_keys.erase(k);
    if (erased)
        emit changed();
}

void KeySelection::toggle(const doc::KeyId& key)
{
    if (!m_keys.erase(key))
        m_keys.insert(key);
    emit changed();
}

void KeySelection::clear()
{
    if (m_keys.empty())
        return;
    m_keys.clear();
    emit changed();
}

const anim::Clip* KeySelection::activeClip() const
{
    if (!m_document || !m_selection)
        return nullptr;
    return m_document->rig().clipAt(m_selection->activeClip());
}

void KeySelection::selectAll()
{
    std::set<doc::KeyId> all;
    if (const anim::Clip* clip = activeClip())
        for (const anim::JointTrack& t : clip->tracks)
            for (doc::ChannelKind kind : {doc::ChannelKind::Translation, doc::ChannelKind::Rotation, doc::ChannelKind::Scale})
                doc::visitChannel(t, kind, [&](const auto& ch) {
                    for (float time : ch.times)
                        all.insert({t.joint, kind, time});
                });
    setKeys(std::move(all));
}

void KeySelection::prune()
{
    const anim::Clip* clip = activeClip();
    std::set<doc::KeyId> kept;
    for (const doc::KeyId& k : m_keys) {
        const anim::JointTrack* t = clip ? clip->findTrack(k.joint) : nullptr;
        const bool exists = t && doc::visitChannel(*t, k.kind, [&](const auto& ch) {
            return std::binary_search(ch.times.begin(), ch.times.end(), k.time);
        });
        if (exists)
            kept.insert(k);
    }
    setKeys(std::move(kept));
}

} // namespace marrow::ws
