// SPDX-License-Identifier: MIT
#include "core/workspace/bind_meshes.h"

#include "core/commands/bind_mesh_command.h"
#include "core/commands/undo_macro.h"
#include "core/document/document.h"

#include <QObject>

namespace marrow::ws {

BindResult bindStaticMeshes(doc::Document& document, model::BindWeights how, model::BoneSegments segments,
                            QList<model::MeshId> chosen)
{
    BindResult result;
    const QString name = QObject::tr("Bind to Skeleton");
    cmd::UndoMacro macro(document.undoStack(), name, cmd::UndoMacro::Start::Late);
    QString refused;
    for (std::size_t i = 0; i < document.rig().meshes.size(); ++i) {
        const model::Rig& rig = document.rig();
        const mesh::Mesh& m = rig.meshes[i];
        const bool picked = chosen.contains(static_cast<model::MeshId>(i));
        if (m.skinned() || (chosen.isEmpty() && model::carriedByBone(rig, m.node)) || (!chosen.isEmpty() && !picked))
            continue;
        std::string error;
        std::optional<model::MeshBinding> binding = model::bindMesh(rig, i, how, document.deformMask(), error, segments);
        if (!binding) {
            refused = QString::fromStdString(error);
            continue;
        }
        result.heat += binding->heat;
        macro.push(new cmd::BindMeshCommand(&document, static_cast<model::MeshId>(i), std::move(*binding), name));
        ++result.meshes;
    }
    if (result.meshes == 0)
        result.message = refused.isEmpty() ? QObject::tr("%1: no static mesh to bind (every mesh is skinned or on a bone)").arg(name)
                                           : QObject::tr("%1: %2").arg(name, refused);
    else if (how == model::BindWeights::Automatic)
        result.message = QObject::tr("%1: %n meshes bound with automatic weights; fallbacks: %2 nearest visible bone, "
                                     "%3 nearest bone", nullptr, result.meshes)
                             .arg(name).arg(result.heat.hiddenNearest).arg(result.heat.noneVisible);
    else
        result.message = QObject::tr("%1: %n meshes bound", nullptr, result.meshes).arg(name);
    return result;
}

} // namespace marrow::ws
