// SPDX-License-Identifier: MIT
#include "core/commands/paint_weights_command.h"

namespace marrow::cmd {

PaintWeightsCommand::PaintWeightsCommand(doc::Document* document, model::MeshId mesh,
                                         model::InteractionId interaction, skin::WeightDelta delta, QUndoCommand* parent)
    : MergeableCommand(QObject::tr("Paint Weights"), interaction, parent)
    , m_document(document)
    , m_mesh(mesh)
    , m_delta(std::move(delta))
{
    setObsolete(m_delta.empty() || m_delta.isNoOp());
}

void PaintWeightsCommand::redo()
{
    m_document->applyWeightRows(m_mesh, m_delta.vertices(), m_delta.afterJoints(), m_delta.afterWeights());
}

void PaintWeightsCommand::undo()
{
    m_document->applyWeightRows(m_mesh, m_delta.vertices(), m_delta.beforeJoints(), m_delta.beforeWeights());
}

bool PaintWeightsCommand::mergeFrom(const PaintWeightsCommand& newer)
{
    return newer.m_mesh == m_mesh && m_delta.absorb(newer.m_delta);
}

} // namespace marrow::cmd
