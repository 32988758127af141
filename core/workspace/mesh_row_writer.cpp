// SPDX-License-Identifier: MIT
#include "core/workspace/mesh_row_writer.h"

#include "core/document/document.h"
#include "core/model/weight_mirror_plane.h"
#include "core/workspace/brush_state.h"

namespace marrow::ws {

XMirror xMirrorOf(const BrushState* brush)
{
    if (!brush || !brush->settings().xMirror)
        return std::nullopt;
    return brush->mirrorMode();
}

MeshRowWriter::MeshRowWriter(const doc::Document& document, model::MeshId meshIndex, XMirror xMirror)
{
    const model::Rig& rig = document.rig();
    if (meshIndex < 0 || static_cast<std::size_t>(meshIndex) >= rig.meshes.size())
        return;
    const auto index = static_cast<std::size_t>(meshIndex);
    const mesh::Mesh& m = rig.meshes[index];
    if (!m.skinned())
        return;
    m_weld = mesh::VertexWeld::build(m.positions);
    const model::Skin& skin = rig.skins[static_cast<std::size_t>(m.skin)];
    m_locked.assign(skin.joints.size(), 0);
    for (std::size_t k = 0; k < skin.joints.size(); ++k)
        m_locked[k] = document.isLocked(skin.joints[k]) ? 1 : 0;
    if (xMirror) {
        model::MirrorSettings settings;
        settings.mode = *xMirror;
        model::MirrorMap map = model::MirrorMap::build(rig, index, settings);
        m_partners = std::move(map.vertices.partner);
        m_joints = model::skinJointMirror(rig, static_cast<std::size_t>(m.skin), map.joints);
    }
    m_writer = skin::WeldedRowWriter(m.vertexCount(), &m_weld, {m_partners, m_joints}, m_locked);
}

} // namespace marrow::ws
