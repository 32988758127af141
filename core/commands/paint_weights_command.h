// SPDX-License-Identifier: MIT
#pragma once
#include "core/skin/weight_delta.h"
#include "core/document/document.h"

#include <QUndoCommand>

namespace marrow::cmd {

// "Paint Weights": one per brush stroke. Each dab pushes one with the rows it
// changed; QUndoStack merges dabs of the same mesh and interaction into the
// stroke's command (our before, their after, new vertices appended). A stroke
// that ends where it started is obsolete and leaves no entry. X-mirror rows go
// into the same delta.
class PaintWeightsCommand : public QUndoCommand {
public:
    PaintWeightsCommand(doc::Document* document, model::MeshId mesh, model::InteractionId interaction,
                        skin::WeightDelta delta, QUndoCommand* parent = nullptr);

    int id() const override;
    void redo() override;
    void undo() override;
    bool mergeWith(const QUndoCommand* other) override;

    const skin::WeightDelta& delta() const { return m_delta; }

private:
    doc::Document* m_document;
    model::MeshId m_mesh;
    model::InteractionId m_interaction;
    skin::WeightDelta m_delta;
};

} // namespace marrow::cmd
