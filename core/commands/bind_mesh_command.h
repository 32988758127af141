// SPDX-License-Identifier: MIT
#pragma once
#include "core/document/document.h"

#include <QUndoCommand>

namespace marrow::cmd {

// Bind (Blender's Ctrl+P › Armature Deform): a rigid mesh gets a new skin
// and its first weights (model::bindMesh). Undo makes it rigid again and
// removes that skin, so undo and redo give the rig back byte for byte.
// Obsolete when the document refuses the binding.
class BindMeshCommand : public QUndoCommand {
public:
    BindMeshCommand(doc::Document* document, model::MeshId mesh, model::Skin skin, mesh::SkinWeights weights,
                    const QString& text, QUndoCommand* parent = nullptr);

    void redo() override;
    void undo() override;

private:
    doc::Document* m_document;
    model::MeshId m_mesh;
    model::Skin m_skin;
    mesh::SkinWeights m_weights;
    mesh::SkinWeights m_rigidWeights;  // what the rigid mesh held (empty), given back on undo
};

} // namespace marrow::cmd
