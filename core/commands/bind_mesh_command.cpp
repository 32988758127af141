// SPDX-License-Identifier: MIT
#include "core/commands/bind_mesh_command.h"

namespace marrow::cmd {

BindMeshCommand::BindMeshCommand(doc::Document* document, model::MeshId mesh, model::Skin skin,
                                 mesh::SkinWeights weights, const QString& text, QUndoCommand* parent)
    : QUndoCommand(text, parent)
    , m_document(document)
    , m_mesh(mesh)
    , m_skin(std::move(skin))
    , m_weights(std::move(weights))
{
    const auto& meshes = document->rig().meshes;
    if (mesh >= 0 && static_cast<std::size_t>(mesh) < meshes.size())
        m_rigidWeights = meshes[static_cast<std::size_t>(mesh)].weights;
}

void BindMeshCommand::redo()
{
    if (!m_document->bindMesh(m_mesh, m_skin, m_weights))
        setObsolete(true);
}

void BindMeshCommand::undo()
{
    m_document->unbindMesh(m_mesh, m_rigidWeights);
}

} // namespace marrow::cmd
