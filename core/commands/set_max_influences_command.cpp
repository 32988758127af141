// SPDX-License-Identifier: MIT
#include "core/commands/set_max_influences_command.h"

namespace marrow::cmd {

SetMaxInfluencesCommand::SetMaxInfluencesCommand(doc::Document* document, model::MeshId mesh, int influences,
                                                 QUndoCommand* parent)
    : QUndoCommand(parent)
    , m_document(document)
    , m_mesh(mesh)
    , m_influences(influences)
{
    const auto& meshes = document->rig().meshes;
    const bool valid = mesh >= 0 && static_cast<std::size_t>(mesh) < meshes.size() &&
                       meshes[static_cast<std::size_t>(mesh)].skinned() && (influences == 4 || influences == 8);
    const int from = valid ? meshes[static_cast<std::size_t>(mesh)].weights.stride : influences;
    setText(QObject::tr("Max Influences %1 -> %2").arg(from).arg(influences));
    setObsolete(!valid || from == influences);
}

void SetMaxInfluencesCommand::redo()
{
    // The table is taken at redo, not construction, so the command is right
    // whatever happened between building and pushing it.
    m_before = m_document->rig().meshes[static_cast<std::size_t>(m_mesh)].weights;
    m_document->replaceMeshWeights(m_mesh, mesh::withStride(m_before, m_influences));
}

void SetMaxInfluencesCommand::undo()
{
    m_document->replaceMeshWeights(m_mesh, std::move(m_before));
    m_before = {};
}

} // namespace marrow::cmd
