// SPDX-License-Identifier: MIT
#pragma once
#include "core/model/rig.h"

#include <QString>
#include <QStringList>

namespace marrow::doc {
class Document;
}

namespace marrow::ws {

// The Log's open-time notes: one per skin whose bind pose draws its meshes
// more than model::kBindPoseDriftTolerance of the diagonal from the rest
// pose (a document bound by an earlier build, or a file bound that way),
// naming the mesh and the figure and pointing at Weights › Rebind at Rest.
QStringList bindPoseNotes(const model::Rig& rig);

struct RebindResult {
    std::size_t skins = 0;  // skins rebound (0: nothing differed, nothing pushed)
    QString message;        // one line for the status bar and the Log
};

// Weights › Rebind at Rest: model::rebindAtRest on a copy of the rig, pushed
// as one "Rebind at Rest" entry (cmd::RestructureRigCommand) when some skin
// changed; no entry otherwise.
RebindResult rebindAtRest(doc::Document& document);

} // namespace marrow::ws
