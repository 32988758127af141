// SPDX-License-Identifier: MIT
#include "core/workspace/rebind_at_rest.h"

#include "core/commands/restructure_rig_command.h"
#include "core/document/document.h"
#include "core/model/bind_pose_drift.h"
#include "core/model/rebind_at_rest.h"

#include <QObject>

namespace marrow::ws {

QStringList bindPoseNotes(const model::Rig& rig)
{
    QStringList notes;
    for (const model::BindPoseDrift& d : model::bindPoseDrift(rig)) {
        if (!(d.relative > model::kBindPoseDriftTolerance))
            continue;
        const std::string& skin = rig.skins[static_cast<std::size_t>(d.skin)].name;
        notes << QObject::tr("Mesh '%1' (skin '%2'): its bind pose (View › Rest Position) draws it up to %3% of its "
                             "size away from where the rest pose draws it (bound in another pose, or by an earlier "
                             "build with its node's transform in the bind). Weights › Rebind at Rest binds it as the "
                             "rest pose draws it.")
                     .arg(QString::fromStdString(rig.meshes[d.mesh].name), QString::fromStdString(skin))
                     .arg(100.0 * static_cast<double>(d.relative), 0, 'g', 3);
    }
    return notes;
}

RebindResult rebindAtRest(doc::Document& document)
{
    RebindResult result;
    const QString name = QObject::tr("Rebind at Rest");
    model::Rig rig = document.rig();
    result.skins = model::rebindAtRest(rig);
    if (result.skins == 0) {
        result.message = QObject::tr("%1: every skin's bind pose is its rest pose; nothing to rebind").arg(name);
        return result;
    }
    document.undoStack()->push(new cmd::RestructureRigCommand(&document, std::move(rig), name));
    result.message = QObject::tr("%1: %n skin(s) bound as the rest pose draws them", nullptr, int(result.skins)).arg(name);
    return result;
}

} // namespace marrow::ws
