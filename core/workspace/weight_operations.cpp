// SPDX-License-Identifier: MIT
#include "core/workspace/weight_operations.h"

#include "core/commands/replace_weights_command.h"
#include "core/commands/undo_macro.h"
#include "core/document/document.h"
#include "core/mesh/vertex_adjacency.h"
#include "core/model/auto_weights.h"
#include "core/model/weight_mirror_plane.h"
#include "core/skin/bulk_edit.h"
#include "core/skin/bulk_mirror.h"
#include "core/skin/bulk_normalize.h"
#include "core/skin/bulk_smooth.h"
#include "core/skin/bulk_transfer.h"
#include "core/workspace/selection.h"

#include <algorithm>

namespace marrow::ws {

namespace {

skin::WeightScope scopeFor(const doc::Document& document, const Selection& selection, WeightSubset subset,
                           model::MeshId meshIndex, const VertexMask& vertexMask, const skin::WeldedRowWriter& writer)
{
    const model::Rig& rig = document.rig();
    const mesh::Mesh& m = rig.meshes[static_cast<std::size_t>(meshIndex)];
    const model::Skin& skin = rig.skins[static_cast<std::size_t>(m.skin)];
    skin::WeightScope scope;
    scope.maxInfluences = m.weights.stride;
    scope.locked.assign(skin.joints.size(), 0);
    for (std::size_t k = 0; k < skin.joints.size(); ++k)
        scope.locked[k] = document.isLocked(skin.joints[k]) ? 1 : 0;
    if (subset != WeightSubset::All) {
        std::vector<std::uint8_t> chosen(rig.skeleton.size(), 0);
        if (subset == WeightSubset::Deform)
            chosen = document.deformMask();
        else if (subset == WeightSubset::Active && selection.currentJoint() >= 0)
            chosen[static_cast<std::size_t>(selection.currentJoint())] = 1;
        else if (subset == WeightSubset::Selected)
            for (model::JointIndex j : selection.joints())
                if (j >= 0 && static_cast<std::size_t>(j) < chosen.size())
                    chosen[static_cast<std::size_t>(j)] = 1;
        scope.bones.assign(skin.joints.size(), 0);
        for (std::size_t k = 0; k < skin.joints.size(); ++k)
            scope.bones[k] = chosen[static_cast<std::size_t>(skin.joints[k])];
    }
    if (vertexMask)
        if (const std::vector<std::uint8_t>* mask = vertexMask(meshIndex); mask && !mask->empty())
            scope.vertices = writer.positionMask(*mask);  // a selected copy selects its position
    return scope;
}

std::optional<std::uint16_t> activeSkinJoint(const model::Rig& rig, const mesh::Mesh& m, model::JointIndex joint)
{
    const model::Skin& skin = rig.skins[static_cast<std::size_t>(m.skin)];
    for (std::size_t k = 0; k < skin.joints.size(); ++k)
        if (skin.joints[k] == joint)
            return static_cast<std::uint16_t>(k);
    return std::nullopt;
}

// The new table for one mesh, or nullopt to leave it.
std::optional<mesh::SkinWeights> run(const doc::Document& document, model::MeshId meshIndex,
                                     const skin::WeightScope& scope, const WeightOperation& op, model::JointIndex active,
                                     const model::AutoWeightTarget& target, WeightOperationResult& result)
{
    const model::Rig& rig = document.rig();
    const mesh::Mesh& m = rig.meshes[static_cast<std::size_t>(meshIndex)];
    skin::BulkReport report;
    std::optional<mesh::SkinWeights> out;
    using Kind = WeightOperation::Kind;
    switch (op.kind) {
    case Kind::Auto: {
        model::AutoWeightOptions options;
        options.scope = scope;
        options.rigidIslands = op.rigidIslands;
        options.rigidWhole = target.rigidWhole;
        options.keepPropMesh = target.keepPropMesh;
        options.segments = op.segments;
        options.deform = document.deformMask();
        model::AutoWeightResult a = model::autoWeights(rig, static_cast<std::size_t>(meshIndex), options);
        result.heat += a.heat;
        result.propsKept += a.propShellsKept + (a.propMeshKept ? 1 : 0);
        out = std::move(a.weights);
        break;
    }
    case Kind::Normalize:
        out = skin::normalizeAll(m.weights, scope, &report);
        break;
    case Kind::Limit:
        out = skin::limitTotal(m.weights, scope, op.count, &report);
        break;
    case Kind::Clean:
        out = skin::cleanWeights(m.weights, scope, op.value, &report);
        break;
    case Kind::Quantize:
        out = skin::quantizeWeights(m.weights, scope, op.count, &report);
        break;
    case Kind::Smooth:
    case Kind::Hammer: {
        const mesh::VertexWeld weld = mesh::VertexWeld::build(m.positions);
        mesh::VertexAdjacency adjacency;
        if (adjacency.build(m.vertexCount(), weld.weldIndices(m.indices)))
            break;
        out = op.kind == Kind::Smooth
                  ? skin::smoothWeights(m.weights, scope, {adjacency, &weld}, op.count, op.value, &report)
                  : skin::hammerWeights(m.weights, scope, {adjacency, &weld}, &report);
        break;
    }
    case Kind::Paste:
        if (op.vertex < m.vertexCount())
            out = skin::pasteRow(m.weights, scope, op.vertex, &report);
        break;
    case Kind::Mirror: {
        const model::WeightMirrorSetup setup =
            model::weightMirrorSetup(rig, static_cast<std::size_t>(meshIndex), std::clamp(op.axis, 0, 2));
        // A mesh with no vertex mirroring another across the plane is one
        // side's piece (RobotExpressive's hands): its "other half" would take
        // rows from elsewhere on it, and again differently on each run.
        if (setup.exactPairs == 0)
            break;
        out = skin::mirrorWeights(m.weights, scope, {m.positions, m.indices}, setup.plane, op.positive, setup.joints,
                                  &report);
        break;
    }
    case Kind::Transfer: {
        if (op.source < 0 || static_cast<std::size_t>(op.source) >= rig.meshes.size() || op.source == meshIndex)
            break;
        const mesh::Mesh& from = rig.meshes[static_cast<std::size_t>(op.source)];
        if (!from.skinned())
            break;
        const model::Skin& fromSkin = rig.skins[static_cast<std::size_t>(from.skin)];
        const model::Skin& toSkin = rig.skins[static_cast<std::size_t>(m.skin)];
        std::vector<std::uint16_t> map(fromSkin.joints.size(), skin::kNoJoint);
        for (std::size_t k = 0; k < fromSkin.joints.size(); ++k) {
            for (std::size_t t = 0; t < toSkin.joints.size(); ++t)
                if (toSkin.joints[t] == fromSkin.joints[k])
                    map[k] = static_cast<std::uint16_t>(t);
            result.missingBones += map[k] == skin::kNoJoint ? 1 : 0;
        }
        out = skin::transferWeights(m.weights, m.positions, scope, from.weights, {from.positions, from.indices}, map,
                                    &report);
        break;
    }
    case Kind::Invert:
    case Kind::Flood:
        if (const auto bone = activeSkinJoint(rig, m, active))
            out = op.kind == Kind::Invert ? skin::invertBone(m.weights, scope, *bone, &report)
                                          : skin::floodBone(m.weights, scope, *bone, op.value, &report);
        break;
    }
    result.bulk += report;
    return out;
}

QString describe(const WeightOperation& op, const WeightOperationResult& r)
{
    const QString name = weightOperationName(op);
    if (r.meshes == 0)
        return QObject::tr("%1: no skinned mesh").arg(name);
    if (op.kind == WeightOperation::Kind::Auto)
        return QObject::tr("%1: %2 vertices weighted; fallbacks: %3 nearest visible bone, %4 nearest bone, %5 bound "
                           "to their nearest bone; %6 shells bound rigidly; %7 rigid props kept on their bone")
            .arg(name)
            .arg(r.heat.vertices)
            .arg(r.heat.hiddenNearest)
            .arg(r.heat.noneVisible)
            .arg(r.heat.emptyRows)
            .arg(r.heat.rigidShells)
            .arg(r.propsKept);
    const bool mirror = op.kind == WeightOperation::Kind::Mirror;
    if (mirror && r.masked && r.bulk.mirrorTargets == 0)
        return QObject::tr("%1: nothing changed: the vertex mask holds no vertex on the %2%3 side, the only side "
                           "Mirror writes to")
            .arg(name)
            .arg(op.positive ? '-' : '+')
            .arg(QChar('X' + std::clamp(op.axis, 0, 2)));
    QString text = QObject::tr("%1: %2 rows changed in %3 of %4 meshes").arg(name).arg(r.bulk.rowsChanged)
                       .arg(r.changed).arg(r.meshes);
    if (mirror)
        text += QObject::tr(", %1 from the surface (no exact twin)").arg(r.bulk.surfaceFallbacks);
    if (mirror && r.bulk.rowsKeptByLocks > 0)
        text += QObject::tr(", %1 rows kept from mirroring by locked bones").arg(r.bulk.rowsKeptByLocks);
    if (r.missingBones > 0)
        text += QObject::tr(", %1 bones of the source the skin lacks dropped").arg(r.missingBones);
    if (r.bulk.rowsUnnormalisable > 0)
        text += QObject::tr(", %1 rows left as they were").arg(r.bulk.rowsUnnormalisable);
    return text;
}

// Automatic Weights binds the chosen meshes, else every skinned mesh
// (Blender's Ctrl+P binds the selected objects); the others edit the active mesh, as the
// brush paints it (every skinned mesh when none is active); Transfer needs
// the active one.
bool operatesOn(const doc::Document& document, const Selection& selection, const WeightOperation& op,
                model::MeshId mesh)
{
    using Kind = WeightOperation::Kind;
    if (op.kind == Kind::Auto)
        return selection.chosenMeshes().isEmpty() || selection.chosenMeshes().contains(mesh);
    const model::MeshId active = selection.activeMesh();
    const bool activeSkinned = active >= 0 && static_cast<std::size_t>(active) < document.rig().meshes.size() &&
                               document.rig().meshes[static_cast<std::size_t>(active)].skinned();
    if (op.kind == Kind::Transfer || activeSkinned)
        return mesh == active;
    return true;
}

} // namespace

QString weightOperationName(const WeightOperation& op)
{
    using Kind = WeightOperation::Kind;
    switch (op.kind) {
    case Kind::Auto:
        return QObject::tr("Automatic Weights");
    case Kind::Normalize:
        return QObject::tr("Normalize All");
    case Kind::Limit:
        return QObject::tr("Limit Total %1").arg(op.count);
    case Kind::Clean:
        return QObject::tr("Clean %1").arg(static_cast<double>(op.value));
    case Kind::Quantize:
        return QObject::tr("Quantize %1-bit").arg(op.count);
    case Kind::Smooth:
        return QObject::tr("Smooth %1 x %2").arg(op.count).arg(static_cast<double>(op.value));
    case Kind::Mirror:
        return QObject::tr("Mirror Weights %1%2").arg(op.positive ? '+' : '-').arg(QChar('X' + std::clamp(op.axis, 0, 2)));
    case Kind::Invert:
        return QObject::tr("Invert Weights");
    case Kind::Flood:
        return QObject::tr("Flood %1").arg(static_cast<double>(op.value));
    case Kind::Transfer:
        return QObject::tr("Transfer Weights");
    case Kind::Paste:
        return QObject::tr("Paste Weights");
    case Kind::Hammer:
        return QObject::tr("Weight Hammer");
    }
    return {};
}

WeightOperationResult applyWeightOperation(doc::Document& document, const Selection& selection, WeightSubset subset,
                                           const WeightOperation& op, const VertexMask& vertexMask, XMirror xMirror)
{
    using Kind = WeightOperation::Kind;
    const bool mirrors = xMirror && op.kind != Kind::Auto && op.kind != Kind::Mirror;
    WeightOperationResult result;
    cmd::UndoMacro macro(document.undoStack(), weightOperationName(op), cmd::UndoMacro::Start::Late);
    const std::size_t meshCount = document.rig().meshes.size();
    std::vector<model::AutoWeightTarget> targets;
    if (op.kind == Kind::Auto) {
        std::vector<std::size_t> meshes;
        for (std::size_t i = 0; i < meshCount; ++i)
            if (operatesOn(document, selection, op, static_cast<model::MeshId>(i)))
                meshes.push_back(i);
        targets = model::autoWeightTargets(document.rig(), meshes, !selection.chosenMeshes().isEmpty(), op.rigidIslands);
    }
    for (std::size_t i = 0; i < meshCount; ++i) {
        const auto meshIndex = static_cast<model::MeshId>(i);
        if (!document.rig().meshes[i].skinned())
            continue;
        if (!operatesOn(document, selection, op, meshIndex))
            continue;
        ++result.meshes;
        const MeshRowWriter rows(document, meshIndex, mirrors ? xMirror : std::nullopt);
        const skin::WeightScope scope = scopeFor(document, selection, subset, meshIndex, vertexMask, rows.writer());
        result.masked = result.masked || !scope.vertices.empty();
        const std::size_t rowsBefore = result.bulk.rowsChanged;
        model::AutoWeightTarget target{i};
        for (const model::AutoWeightTarget& t : targets)
            target = t.mesh == i ? t : target;
        std::optional<mesh::SkinWeights> after =
            run(document, meshIndex, scope, op, selection.currentJoint(), target, result);
        if (!after)
            continue;
        // The one path for weight rows: every copy of a source position, and the mirror positions.
        std::size_t changed = 0;
        after = rows.writer().writeTable(document.rig().meshes[i].weights, *after, scope.vertices, &changed);
        result.bulk.rowsChanged = rowsBefore + changed;
        if (*after == document.rig().meshes[i].weights)
            continue;
        ++result.changed;
        macro.push(new cmd::ReplaceWeightsCommand(&document, meshIndex, std::move(*after), weightOperationName(op)));
    }
    result.message = describe(op, result);
    return result;
}

} // namespace marrow::ws
