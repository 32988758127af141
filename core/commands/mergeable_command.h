// SPDX-License-Identifier: MIT
#pragma once
#include "core/model/ids.h"

#include <QUndoCommand>

namespace marrow::cmd {

// Base of every command that merges within one continuous interaction
// (ARCHITECTURE §5.4): it owns the InteractionId, answers id() with `Id`, and
// does the checks every such mergeWith repeated: QUndoStack offers only
// commands of the same id, so the static_cast is safe; a command without an
// interaction never merges; two merge only within the same interaction.
// `Derived` then says whether the other command's target matches and takes
// its "after" in
//     bool mergeFrom(const Derived& newer);   // false: not mergeable
// returning whether it absorbed `newer`, and answers whether the merged
// command changes nothing in
//     bool isNoOp() const;
// which makes it obsolete (QUndoStack then drops it). Invariant: a command
// with an invalid interaction is never merged into nor merged away.
template <int Id, class Derived>
class MergeableCommand : public QUndoCommand {
public:
    int id() const override { return Id; }
    model::InteractionId interaction() const { return m_interaction; }

    bool mergeWith(const QUndoCommand* other) override
    {
        const auto* newer = static_cast<const Derived*>(other);
        if (!m_interaction.valid() || newer->m_interaction != m_interaction)
            return false;
        auto& self = static_cast<Derived&>(*this);
        if (!self.mergeFrom(*newer))
            return false;
        setObsolete(self.isNoOp());
        return true;
    }

protected:
    MergeableCommand(const QString& text, model::InteractionId interaction, QUndoCommand* parent)
        : QUndoCommand(text, parent)
        , m_interaction(interaction)
    {
    }

private:
    model::InteractionId m_interaction;
};

} // namespace marrow::cmd
