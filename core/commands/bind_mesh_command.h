// SPDX-License-Identifier: MIT
#pragma once
#include "core/document/document.h"
#include "core/model/mesh_bind.h"

#include <QUndoCommand>

namespace marrow::cmd {

// Bind (Blender's Ctrl+P › Armature Deform): a rigid mesh gets a new skin,
// its first weights and its geometry as displayed (model::bindMesh). Undo
// gives the rigid mesh back whole and removes that skin, so undo and redo
// give the rig back byte for byte. Obsolete when the document refuses the
// binding.
class BindMeshCommand : public QUndoCommand {
public:
    BindMeshCommand(doc::Document* document, model::MeshId mesh, model::MeshBinding binding, const QString& text,
                    QUndoCommand* parent = nullptr);

    void redo() override;
    void undo() override;

private:
    doc::Document* m_document;
    model::MeshId m_mesh;
    model::MeshBinding m_binding;
    mesh::Mesh m_rigid;  // the mesh as it was, given back on undo
};

} // namespace marrow::cmd
