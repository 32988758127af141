// SPDX-License-Identifier: MIT
#pragma once
#include "core/model/ids.h"
#include "core/skin/weight_table_edit.h"
#include "core/workspace/mesh_row_writer.h"

#include <QString>

#include <span>

namespace marrow::doc {
class Document;
}

namespace marrow::ws {

// Applies the weight table's cell edits to one skinned mesh as one undo
// entry named `text` (a PaintWeightsCommand holding only the changed rows,
// so views refresh those rows): skin::tableEditDelta with the document's
// locks, written through ws::MeshRowWriter: every copy of an edited
// vertex's position takes its row and, with `xMirror`, the mirror position
// (when not edited itself) the mirrored row. False when nothing changed (a
// locked or out-of-range cell, a value that leaves the row as it was) or
// the mesh is not skinned; then `why`, when given, says why an edit that
// asked for a change left its row as it was ("Hips is locked", "the other
// influences are all locked"), or is left empty (the value was already there).
bool applyWeightTableEdits(doc::Document& document, model::MeshId mesh, std::span<const skin::CellEdit> edits,
                           const QString& text, XMirror xMirror = std::nullopt, QString* why = nullptr);

} // namespace marrow::ws
