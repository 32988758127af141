// SPDX-License-Identifier: MIT
#include "core/commands/bind_mesh_command.h"

namespace marrow::cmd {

BindMeshCommand::BindMeshCommand(doc::Document* document, model::MeshId mesh, model::MeshBinding binding,
                                 const QString& text, QUndoCommand* parent)
    : QUndoCommand(text, parent)
    , m_document(document)
    , m_mesh(mesh)
    , m_binding(std::move(binding))
{
    const auto& meshes = document->rig().meshes;
    if (mesh >= 0 && static_cast<std::size_t>(mesh) < meshes.size())
        m_rigid = meshes[static_cast<std::size_t>(mesh)];
}

void BindMeshCommand::redo()
{
    if (!m_document->bindMesh(m_mesh, m_binding))
        setObsolete(true);
}

void BindMeshCommand::undo()
{
    m_document->unbindMesh(m_mesh, m_rigid);
}

} // namespace marrow::cmd
