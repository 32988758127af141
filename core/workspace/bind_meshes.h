// SPDX-License-Identifier: MIT
#pragma once
#include "core/model/mesh_bind.h"

#include <QList>
#include <QString>

namespace marrow::doc {
class Document;
}

namespace marrow::ws {

struct BindResult {
    int meshes = 0;             // meshes bound
    skin::BoneHeatReport heat;  // Automatic, summed
    QString message;            // one line saying what happened
};

// Bind to Skeleton (Blender's Ctrl+P › Armature Deform): the static meshes
// of `chosen` (Selection::chosenMeshes; a prop parented to a bone too, as
// the user picked it), else every static mesh of the document (rigid, on a
// node that is not a bone; a prop parented to a bone already follows it and
// is left alone) is bound with `how`
// (model::bindMesh over the document's Deform flags), one undo entry named
// "Bind to Skeleton". The message says how many and bone heat's fallbacks,
// or why nothing was bound.
BindResult bindStaticMeshes(doc::Document& document, model::BindWeights how,
                            model::BoneSegments segments = model::BoneSegments::EachChild,
                            QList<model::MeshId> chosen = {});  // by value: a bind may clear the selection

} // namespace marrow::ws
