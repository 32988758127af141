// SPDX-License-Identifier: MIT
#include "core/commands/paint_weights_command.h"

namespace marrow::cmd {

PaintWeightsCommand::PaintWeightsCommand(doc::Document* document, model::MeshId mesh,
                                         model::InteractionId interaction, skin::WeightDelta delta, std::vector<SkinJointAddition> additions,
                                         QUndoCommand* parent)
    : MergeableCommand(QObject::tr("Paint Weights"), interaction, parent)
    , m_document(document)
    , m_mesh(mesh)
    , m_delta(std::move(delta))
    , m_additions(std::move(additions))
{
    setObsolete(isNoOp());
}

void PaintWeightsCommand::redo()
{
    for (const SkinJointAddition& a : m_additions)
        m_document->appendSkinJoint(a.skin, a.joint, a.inverseBind);
    m_document->applyWeightRows(m_mesh, m_delta.vertices(), m_delta.afterJoints(), m_delta.afterWeights());
}

void PaintWeightsCommand::undo()
{
    m_document->applyWeightRows(m_mesh, m_delta.vertices(), m_delta.beforeJoints(), m_delta.beforeWeights());
    for (auto a = m_additions.rbegin(); a != m_additions.rend(); ++a)
        m_document->removeLastSkinJoint(a->skin);
}

bool PaintWeightsCommand::mergeFrom(const PaintWeightsCommand& newer)
{
    if (newer.m_mesh != m_mesh || !m_delta.absorb(newer.m_delta))
        return false;
    m_additions.insert(m_additions.end(), newer.m_additions.begin(), newer.m_additions.end());
    return true;
}

} // namespace marrow::cmd
