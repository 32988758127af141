// SPDX-License-Identifier: MIT
#include "core/commands/paint_weights_command.h"
#include "core/commands/command_ids.h"

namespace marrow::cmd {

PaintWeightsCommand::PaintWeightsCommand(doc::Document* document, model::MeshId mesh,
                                         model::InteractionId interaction, skin::WeightDelta delta, QUndoCommand* parent)
    : QUndoCommand(QObject::tr("Paint Weights"), parent)
    , m_document(document)
    , m_mesh(mesh)
    , m_interaction(interaction)
    , m_delta(std::move(delta))
{
    setObsolete(m_delta.empty() || m_delta.isNoOp());
}

int PaintWeightsCommand::id() const
{
    return kPaintWeightsId;
}

void PaintWeightsCommand::redo()
{
    m_document->applyWeightRows(m_mesh, m_delta.vertices(), m_delta.afterJoints(), m_delta.afterWeights());
}

void PaintWeightsCommand::undo()
{
    m_document->applyWeightRows(m_mesh, m_delta.vertices(), m_delta.beforeJoints(), m_delta.beforeWeights());
}

bool PaintWeightsCommand::mergeWith(const QUndoCommand* other)
{
    auto* o = static_cast<const PaintWeightsCommand*>(other);
    if (o->m_mesh != m_mesh || !m_interaction.valid() || o->m_interaction != m_interaction)
        return false;
    if (!m_delta.absorb(o->m_delta))
        return false;
    setObsolete(m_delta.isNoOp());
    return true;
}

} // namespace marrow::cmd
