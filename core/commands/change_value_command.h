// SPDX-License-Identifier: MIT
#pragma once
#include "core/commands/command_ids.h"
#include "core/document/document.h"

#include <QUndoCommand>

#include <functional>
#include <utility>

namespace marrow::cmd {

// Which property of which object a ChangeValueCommand edits: commands merge
// only when the key and the interaction are equal.
struct ValueKey {
    int property = 0;  // a caller-chosen constant per property (e.g. clip name)
    int target = 0;    // the object's id (a clip index, a mesh index)
    friend bool operator==(const ValueKey&, const ValueKey&) = default;
};

// Sets one scalar setting of the document through a getter/setter pair.
// Captures "before" at construction; redo() applies "after", undo() "before".
// Within one interaction (a spin-box drag) later pushes merge into the first:
// the first "before" is kept, the latest "after" taken, and the command is
// made obsolete when the net change is nothing, so QUndoStack drops it.
// Holds the document (which owns the stack, so outlives it) and ids only.
template <class T>
class ChangeValueCommand : public QUndoCommand {
public:
    using Getter = std::function<T(const doc::Document&)>;
    using Setter = std::function<void(doc::Document&, const T&)>;

    ChangeValueCommand(doc::Document* document, ValueKey key, model::InteractionId interaction, Getter get,
                       Setter set, T after, const QString& text, QUndoCommand* parent = nullptr)
        : QUndoCommand(text, parent)
        , m_document(document)
        , m_key(key)
        , m_interaction(interaction)
        , m_set(std::move(set))
        , m_before(get(*document))
        , m_after(std::move(after))
    {
        setObsolete(m_before == m_after);
    }

    int id() const override { return kChangeValueId; }
    void redo() override { m_set(*m_document, m_after); }
    void undo() override { m_set(*m_document, m_before); }

    bool mergeWith(const QUndoCommand* other) override
    {
        // Same id() does not mean the same T: check the dynamic type.
        auto* o = dynamic_cast<const ChangeValueCommand<T>*>(other);
        if (!o || !m_interaction.valid() || o->m_interaction != m_interaction || o->m_key != m_key)
            return false;
        m_after = o->m_after;
        setObsolete(m_before == m_after);
        return true;
    }

    const T& before() const { return m_before; }
    const T& after() const { return m_after; }

private:
    doc::Document* m_document;
    ValueKey m_key;
    model::InteractionId m_interaction;
    Setter m_set;
    T m_before;
    T m_after;
};

} // namespace marrow::cmd
