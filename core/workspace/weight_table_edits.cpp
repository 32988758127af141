// SPDX-License-Identifier: MIT
#include "core/workspace/weight_table_edits.h"

#include "core/commands/paint_weights_command.h"
#include "core/document/document.h"

namespace marrow::ws {

bool applyWeightTableEdits(doc::Document& document, model::MeshId mesh, std::span<const skin::CellEdit> edits,
                           const QString& text, XMirror xMirror)
{
    const model::Rig& rig = document.rig();
    if (mesh < 0 || static_cast<std::size_t>(mesh) >= rig.meshes.size() || edits.empty())
        return false;
    const mesh::Mesh& m = rig.meshes[static_cast<std::size_t>(mesh)];
    if (!m.skinned())
        return false;
    const model::Skin& skin = rig.skins[static_cast<std::size_t>(m.skin)];
    skin::WeightScope scope;
    scope.locked.assign(skin.joints.size(), 0);
    for (std::size_t k = 0; k < skin.joints.size(); ++k)
        scope.locked[k] = document.isLocked(skin.joints[k]) ? 1 : 0;
    const skin::WeightDelta rows = skin::tableEditDelta(m.weights, edits, scope, skin.joints.size());
    if (rows.empty())
        return false;
    const MeshRowWriter writer(document, mesh, xMirror);
    skin::WeightDelta delta = writer.writer().write(m.weights, rows);
    if (delta.empty())
        return false;
    auto* command = new cmd::PaintWeightsCommand(&document, mesh, model::InteractionId{}, std::move(delta));
    command->setText(text);
    document.undoStack()->push(command);
    return true;
}

} // namespace marrow::ws
