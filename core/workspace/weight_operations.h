// SPDX-License-Identifier: MIT
#pragma once
#include "core/model/bone_segments.h"
#include "core/model/ids.h"
#include "core/skin/bone_heat.h"
#include "core/skin/weight_scope.h"
#include "core/workspace/mesh_row_writer.h"

#include <QString>

#include <cstdint>
#include <functional>
#include <vector>

namespace marrow::doc {
class Document;
}

namespace marrow::ws {

class Selection;

// Which bones a Weights menu operation edits (Blender's subset).
enum class WeightSubset { All, Deform, Selected, Active };

// One operation of the Weights menu, with its parameters.
struct WeightOperation {
    enum class Kind { Auto, Normalize, Limit, Clean, Quantize, Smooth, Mirror, Invert, Flood, Transfer, Paste, Hammer };
    Kind kind = Kind::Normalize;
    int count = 4;            // Limit: N; Quantize: bits (8, 16); Smooth: iterations
    int axis = 0;             // Mirror: 0, 1, 2 for X, Y, Z
    float value = 0.5f;       // Clean: EPS; Smooth: factor; Flood: weight
    bool positive = true;     // Mirror: the + side is copied onto the - side
    bool rigidIslands = false;  // Auto
    model::BoneSegments segments = model::BoneSegments::EachChild;  // Auto
    model::MeshId source = -1;  // Transfer: the skinned mesh whose weights the active mesh takes
    std::uint32_t vertex = 0;   // Paste: the vertex whose row the selection takes
};

// What an operation did, for the status bar and the log.
struct WeightOperationResult {
    int meshes = 0;           // skinned meshes it ran on
    int changed = 0;          // meshes whose weights changed
    skin::BulkReport bulk;    // summed over the meshes
    skin::BoneHeatReport heat;  // Auto, summed
    std::size_t missingBones = 0;  // Transfer: source bones the target's skin lacks
    std::size_t propsKept = 0;     // Auto: rigid props (meshes and loose shells) left on their bone
    bool masked = false;           // a vertex mask limited some mesh
    QString message;          // one line saying what happened
};

// The operation's undo text ("Normalize All", "Smooth 2 x 0.5", ...).
QString weightOperationName(const WeightOperation& op);

// Runs the operation through the pure functions of core/skin (the CLI's
// code; Automatic Weights from the document's deforming bones) as one undo entry named weightOperationName (none when nothing
// changed): Automatic Weights on the chosen meshes (Selection::chosenMeshes),
// else on every skinned mesh with whole-mesh props kept rigid
// (model::autoWeightTargets; prop shells stay rigid unless masked), the others on the selection's
// active mesh, as the brush paints it (on every skinned mesh when none is
// active). Per mesh the scope is: the subset's skin joints (Deform: the
// document's Deform flags, Document::deformMask; Selected: the selection's joints; Active: its
// current joint), the document's locked bones, the mesh's influence limit
// (its stride) and `vertexMask(mesh)` (null or empty: every vertex). Invert
// and Flood edit the active bone and skip a mesh whose skin lacks it.
// Transfer runs on the active mesh only, from `op.source` (closest point on
// its surface, both meshes in their shared bind space); bones the active
// mesh's skin lacks are dropped, and the message says how many. Paste
// (the row of `op.vertex` onto the masked vertices) and Hammer (each masked
// vertex takes its unmasked neighbours' mean) need the mask to mean
// anything, as in Maya.
// Every result is written through ws::MeshRowWriter (skin::WeldedRowWriter):
// the mask selects positions (a selected copy selects every copy at its
// point), each position's copies get one row, and with `xMirror` (the
// brush's X-Mirror) each masked position's mirror outside the mask takes
// the mirrored row (Blender's mirror of a masked operation; not for
// Automatic Weights, Mirror, or without a mask).
using VertexMask = std::function<const std::vector<std::uint8_t>*(model::MeshId)>;
WeightOperationResult applyWeightOperation(doc::Document& document, const Selection& selection, WeightSubset subset,
                                           const WeightOperation& op, const VertexMask& vertexMask = {},
                                           XMirror xMirror = std::nullopt);

} // namespace marrow::ws
