// SPDX-License-Identifier: MIT
#include "core/workspace/weight_table_edits.h"

#include "core/commands/paint_weights_command.h"
#include "core/document/document.h"
#include "core/skin/weight_row.h"

#include <QObject>
#include <QStringList>

#include <algorithm>
#include <cmath>

namespace marrow::ws {

namespace {

// Why the first edit that asked for another value left its row as it was.
QString whyUnchanged(const model::Rig& rig, const mesh::Mesh& m, std::span<const skin::CellEdit> edits,
                     const skin::WeightScope& scope)
{
    const model::Skin& skin = rig.skins[static_cast<std::size_t>(m.skin)];
    const auto name = [&](std::uint16_t k) {
        return QString::fromStdString(rig.skeleton.names[static_cast<std::size_t>(skin.joints[k])]);
    };
    for (const skin::CellEdit& e : edits) {
        if (e.vertex >= m.weights.vertexCount() || e.joint >= skin.joints.size() || !std::isfinite(e.weight))
            continue;
        const float now = skin::weightOf(m.weights, e.vertex, e.joint);
        if (std::abs(std::clamp(e.weight, 0.f, 1.f) - now) <= 1e-4f)
            continue;
        if (scope.isLocked(e.joint))
            return QObject::tr("%1 is locked").arg(name(e.joint));
        QStringList locked;
        bool freeOther = false;
        for (const skin::Influence& i : skin::readRow(m.weights, e.vertex)) {
            if (i.joint == e.joint || !(i.weight > 0.f))
                continue;
            if (scope.isLocked(i.joint))
                locked << QStringLiteral("%1 %2").arg(name(i.joint)).arg(static_cast<double>(i.weight), 0, 'f', 3);
            else
                freeOther = true;
        }
        if (freeOther)
            return QObject::tr("the row's locked bones leave %1 no other value").arg(name(e.joint));
        if (!locked.isEmpty())
            return QObject::tr("the other influences are all locked (%1): %2 stays %3")
                .arg(locked.join(QStringLiteral(", ")), name(e.joint))
                .arg(static_cast<double>(now), 0, 'f', 3);
        return QObject::tr("%1 is the vertex's only influence, so it stays 1: give another bone weight instead")
            .arg(name(e.joint));
    }
    return {};
}

// Whether no edit took: each typed cell ends within 1e-4 of its old value
// though another was asked (the locks scaled it back; a row a little off 1
// would otherwise make that a change of a few ulps, snapping back unexplained).
bool refused(const skin::WeightDelta& rows, const mesh::SkinWeights& weights, std::span<const skin::CellEdit> edits)
{
    const auto stride = static_cast<std::size_t>(rows.stride());
    for (const skin::CellEdit& e : edits) {
        const float before = skin::weightOf(weights, e.vertex, e.joint);
        if (!std::isfinite(e.weight) || std::abs(std::clamp(e.weight, 0.f, 1.f) - before) <= 1e-4f)
            continue;  // asked for nothing new
        const auto row = rows.rowOf(e.vertex);
        if (!row)
            continue;
        float after = 0.f;
        for (std::size_t k = 0; k < stride; ++k)
            if (rows.afterJoints()[*row * stride + k] == e.joint)
                after += rows.afterWeights()[*row * stride + k];
        if (std::abs(after - before) > 1e-4f)
            return false;  // this one took
    }
    return true;
}

} // namespace

bool applyWeightTableEdits(doc::Document& document, model::MeshId mesh, std::span<const skin::CellEdit> edits,
                           const QString& text, XMirror xMirror, QString* why)
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
    if (rows.empty() || refused(rows, m.weights, edits)) {
        if (why)
            *why = whyUnchanged(rig, m, edits, scope);
        return false;
    }
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
