// SPDX-License-Identifier: MIT
#pragma once
#include "core/model/ids.h"

#include <QObject>
#include <QPointer>

#include <cstdint>
#include <optional>
#include <vector>

namespace marrow::doc {
class Document;
}

namespace marrow::ws {

// Weight Paint's vertex selection, per mesh, and Blender's vertex selection
// masking (V): while masking is on, the brush, the gradient and the Weights
// menu touch only the selected vertices of the mesh they edit. View state:
// not undoable, not saved; a new rig clears it. A mesh's selection is one
// byte per vertex (non-zero: selected), or empty when nothing is selected.
class PaintSelection : public QObject {
    Q_OBJECT
public:
    explicit PaintSelection(doc::Document* document, QObject* parent = nullptr);

    // The mesh's selection: empty, or one byte per vertex.
    const std::vector<std::uint8_t>& vertices(model::MeshId mesh) const;
    std::size_t count(model::MeshId mesh) const;
    // Replaces the mesh's selection (empty or all zero: none). A vector of
    // the wrong length is refused. Emits changed() when it differs.
    bool setVertices(model::MeshId mesh, std::vector<std::uint8_t> selection);
    void clear(model::MeshId mesh);

    // The vertex last clicked (Copy Weights' source; Blender's active
    // vertex), if it is still a vertex of that mesh.
    std::optional<std::uint32_t> activeVertex(model::MeshId mesh) const;
    void setActiveVertex(model::MeshId mesh, std::uint32_t vertex);

    bool masking() const { return m_masking; }
    void setMasking(bool on);
    // What an edit of `mesh` may touch: null while masking is off (every
    // vertex); else one byte per vertex, all zero when nothing is selected
    // (masking on with no selection touches nothing, as in Blender).
    const std::vector<std::uint8_t>* mask(model::MeshId mesh) const;

signals:
    void changed(marrow::model::MeshId mesh);
    void maskingChanged(bool on);

private:
    std::size_t vertexCount(model::MeshId mesh) const;
    void clearAll();

    QPointer<doc::Document> m_document;
    std::vector<std::vector<std::uint8_t>> m_selected;  // per mesh
    mutable std::vector<std::uint8_t> m_none;           // the all-zero mask of mask()
    model::MeshId m_activeMesh = -1;
    std::uint32_t m_activeVertex = 0;
    bool m_masking = false;
};

} // namespace marrow::ws
