// SPDX-License-Identifier: MIT
#include "core/commands/replace_weights_command.h"

namespace marrow::cmd {

ReplaceWeightsCommand::ReplaceWeightsCommand(doc::Document* document, model::MeshId mesh, mesh::SkinWeights after,
                                             const QString& text, QUndoCommand* parent)
    : QUndoCommand(text, parent)
    , m_document(document)
    , m_mesh(mesh)
    , m_after(std::move(after))
{
    const auto& meshes = document->rig().meshes;
    const bool valid = mesh >= 0 && static_cast<std::size_t>(mesh) < meshes.size() &&
                       meshes[static_cast<std::size_t>(mesh)].skinned();
    if (valid)
        m_before = meshes[static_cast<std::size_t>(mesh)].weights;
    setObsolete(!valid || m_before == m_after);
}

void ReplaceWeightsCommand::redo()
{
    if (!m_document->replaceMeshWeights(m_mesh, m_after))
        setObsolete(true);
}

void ReplaceWeightsCommand::undo()
{
    m_document->replaceMeshWeights(m_mesh, m_before);
}

} // namespace marrow::cmd
