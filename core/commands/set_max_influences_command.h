// SPDX-License-Identifier: MIT
#pragma once
#include "core/document/document.h"

#include <QUndoCommand>

namespace marrow::cmd {

// "Max Influences 4 -> 8": changes a skinned mesh's influence limit, which is
// its weight rows' stride. Widening zero-pads the rows; narrowing keeps each
// row's 4 largest weights renormalised (mesh::withStride). Keeps the old
// table, so undo gives back the rig byte for byte. Obsolete when the stride
// is already `influences`, the mesh is rigid, or `influences` is not 4 or 8.
class SetMaxInfluencesCommand : public QUndoCommand {
public:
    SetMaxInfluencesCommand(doc::Document* document, model::MeshId mesh, int influences,
                            QUndoCommand* parent = nullptr);

    void redo() override;
    void undo() override;

private:
    doc::Document* m_document;
    model::MeshId m_mesh;
    int m_influences;
    mesh::SkinWeights m_before;  // empty until the first redo
};

} // namespace marrow::cmd
