// SPDX-License-Identifier: MIT
#pragma once
#include "core/document/key_id.h"

#include <QObject>
#include <QPointer>

#include <set>

namespace marrow::doc {
class Document;
}

namespace marrow::ws {

class Selection;

// The selected keys of the active clip, shared by the dope sheet and the
// graph view (select in one, see it in the other). View state: never saved,
// never on the undo stack. Keys are named by KeyId (joint, channel, exact
// time), so edits elsewhere in the channel do not shift them; an edit that
// moves keys re-selects them at their new times (setKeys). Cleared when the
// active clip changes or the rig is replaced; keys that no longer exist are
// dropped when the document's keys change. Invariant: every KeyId names a
// key of the active clip once the event loop has run.
class KeySelection : public QObject {
    Q_OBJECT
public:
    KeySelection(doc::Document* document, Selection* selection, QObject* parent = nullptr);
    ~KeySelection() override;

    const std::set<doc::KeyId>& keys() const { return m_keys; }
    bool contains(const doc::KeyId& key) const { return m_keys.count(key) != 0; }
    bool isEmpty() const { return m_keys.empty(); }
    std::size_t size() const { return m_keys.size(); }

    void setKeys(std::set<doc::KeyId> keys);
    void add(const std::set<doc::KeyId>& keys);
    void remove(const std::set<doc::KeyId>& keys);
    void toggle(const doc::KeyId& key);
    void clear();
    // Every key of the active clip (Ctrl+A).
    void selectAll();
    // Drops keys that no longer exist (run after key edits, once per event-loop turn).
    void prune();

signals:
    void changed();

private:
    const anim::Clip* activeClip() const;
    void installUndoHook();

    QPointer<doc::Document> m_document;
    QPointer<Selection> m_selection;
    std::set<doc::KeyId> m_keys;
    bool m_pruneQueued = false;
};

} // namespace marrow::ws
