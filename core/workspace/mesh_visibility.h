// SPDX-License-Identifier: MIT
#pragma once
#include "core/model/ids.h"

#include <QObject>
#include <QPointer>

#include <cstdint>
#include <vector>

namespace marrow::doc {
class Document;
}

namespace marrow::ws {

class Selection;

// Which meshes the viewport shows (Blender's Hide / Reveal and Local View,
// per mesh): H hides the active mesh, Alt+H shows every mesh, and Local View
// shows only the active mesh until it is left, which restores the hidden set
// it found. A hidden mesh is neither drawn nor picked by the brush or a
// Ctrl+click. View state: never saved, never on the undo stack; a new rig
// shows every mesh and leaves Local View.
class MeshVisibility : public QObject {
    Q_OBJECT
public:
    MeshVisibility(doc::Document* document, Selection* selection, QObject* parent = nullptr);

    bool isHidden(model::MeshId mesh) const;
    // One flag per mesh of the rig (1 hidden), for the renderer.
    const std::vector<std::uint8_t>& hiddenFlags() const { return m_hidden; }
    bool anyHidden() const;

    // Hides the selection's active mesh (H); false when there is none.
    bool hideActive();
    void hide(model::MeshId mesh);
    // Shows every mesh (Alt+H); in Local View, every mesh of the local view.
    void showAll();

    bool localView() const { return m_localView; }
    // Enters Local View on the active mesh, or leaves it (numpad /). False
    // when entering without an active mesh.
    bool toggleLocalView();

signals:
    void changed();
    void localViewChanged(bool on);

private:
    void reset();
    void setHidden(std::vector<std::uint8_t> hidden);

    QPointer<doc::Document> m_document;
    QPointer<Selection> m_selection;
    std::vector<std::uint8_t> m_hidden;          // per mesh
    std::vector<std::uint8_t> m_hiddenOutside;   // what Local View restores
    model::MeshId m_localMesh = -1;
    bool m_localView = false;
};

} // namespace marrow::ws
