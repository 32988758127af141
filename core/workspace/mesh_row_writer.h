// SPDX-License-Identifier: MIT
#pragma once
#include "core/mesh/vertex_weld.h"
#include "core/model/ids.h"
#include "core/model/mirror_map.h"
#include "core/skin/welded_row_writer.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace marrow::doc {
class Document;
}

namespace marrow::ws {

class BrushState;

// X-mirror for the Weights menu and the weight table: the brush's
// (BrushState: on, and where the plane comes from), nullopt when off.
using XMirror = std::optional<model::MirrorPlaneMode>;
XMirror xMirrorOf(const BrushState* brush);

// skin::WeldedRowWriter for one skinned mesh of a document, owning its
// tables: the weld of the mesh's bind positions (as the brush builds it),
// the document's locks and, with X-mirror, the mesh's model::MirrorMap
// (vertex partners, skin joints by model::skinJointMirror). The Weights
// menu and the weight table write through it; the brush and the gradient
// through the same writer over WeightPaintSession's cached tables.
// Not copyable: the writer holds spans of the members.
class MeshRowWriter {
public:
    MeshRowWriter(const doc::Document& document, model::MeshId mesh, XMirror xMirror);
    MeshRowWriter(const MeshRowWriter&) = delete;
    MeshRowWriter& operator=(const MeshRowWriter&) = delete;

    const skin::WeldedRowWriter& writer() const { return m_writer; }
    const mesh::VertexWeld& weld() const { return m_weld; }

private:
    mesh::VertexWeld m_weld;
    std::vector<std::uint32_t> m_partners;
    std::vector<std::uint16_t> m_joints;
    std::vector<std::uint8_t> m_locked;
    skin::WeldedRowWriter m_writer;
};

} // namespace marrow::ws
