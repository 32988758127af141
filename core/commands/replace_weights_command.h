// SPDX-License-Identifier: MIT
#pragma once
#include "core/document/document.h"

#include <QUndoCommand>

namespace marrow::cmd {

// One mesh's whole weight table replaced by a bulk operation (the Weights
// menu: Normalize All, Smooth, Mirror, Automatic Weights...). Keeps both
// tables, so undo and redo give back the rig byte for byte. Obsolete when
// the new table equals the old one or the document refuses it.
class ReplaceWeightsCommand : public QUndoCommand {
public:
    ReplaceWeightsCommand(doc::Document* document, model::MeshId mesh, mesh::SkinWeights after, const QString& text,
                          QUndoCommand* parent = nullptr);

    void redo() override;
    void undo() override;

private:
    doc::Document* m_document;
    model::MeshId m_mesh;
    mesh::SkinWeights m_before, m_after;
};

} // namespace marrow::cmd
