// SPDX-License-Identifier: MIT
// WeightPaintSession's strokes: begin (bone, locks, mirror), dabs, end.
#include "core/commands/interaction_tracker.h"
#include "core/document/document.h"
#include "core/model/skin_bind.h"
#include "core/model/weight_mirror_plane.h"
#include "core/workspace/brush_state.h"
#include "core/workspace/paint_selection.h"
#include "core/workspace/selection.h"
#include "core/workspace/weight_paint_session.h"

namespace marrow::ws {

bool WeightPaintSession::beginStroke(model::MeshId mesh)
{
    endStroke();
    m_lastError.clear();
    if (!m_document || !m_selection || !m_brush)
        return false;
    const model::Rig& rig = m_document->rig();
    const model::JointIndex joint = m_selection->currentJoint();
    if (joint < 0) {
        m_lastError = tr("Select a bone to paint: in the Weight Paint list, the bone tree, or Ctrl+click one");
        return false;
    }
    if (mesh < 0 || static_cast<std::size_t>(mesh) >= rig.meshes.size() || !rig.meshes[static_cast<std::size_t>(mesh)].skinned()) {
        m_lastError = tr("Only skinned meshes take weights");
        return false;
    }
    const std::string jointName = rig.skeleton.names[static_cast<std::size_t>(joint)];
    if (m_document->isLocked(joint)) {
        m_lastError = tr("%1 is locked: unlock it to paint its weights").arg(QString::fromStdString(jointName));
        return false;
    }
    const skin::BrushSettings& settings = m_brush->settings();
    if (const auto bad = settings.validate()) {
        m_lastError = QString::fromStdString(*bad);
        return false;
    }
    MeshCache* cache = cacheFor(mesh);
    if (!cache || !cache->surface.built()) {
        m_lastError = tr("The mesh has no posed positions to paint on");
        return false;
    }
    const int skinIndex = rig.meshes[static_cast<std::size_t>(mesh)].skin;
    const model::Skin& skin = rig.skins[static_cast<std::size_t>(skinIndex)];
    m_pendingAdditions.clear();
    // A bone the skin lacks gets the next skin joint index; the stroke's first command appends it.
    auto boneFor = [&](model::JointIndex j) -> std::optional<std::uint16_t> {
        if (const auto k = skinJointOf(skinIndex, j))
            return k;
        for (std::size_t i = 0; i < m_pendingAdditions.size(); ++i)
            if (m_pendingAdditions[i].joint == j)
                return static_cast<std::uint16_t>(skin.joints.size() + i);
        const auto inverseBind = model::inverseBindFor(rig, skinIndex, j);
        if (!inverseBind || skin.joints.size() + m_pendingAdditions.size() >= 0xffff)
            return std::nullopt;
        m_pendingAdditions.push_back({skinIndex, j, *inverseBind});
        return static_cast<std::uint16_t>(skin.joints.size() + m_pendingAdditions.size() - 1);
    };

    skin::StrokeTarget target;
    const auto bone = boneFor(joint);
    if (!bone) {
        m_lastError = tr("%1 cannot be bound to this mesh (its bind transform is not invertible)")
                          .arg(QString::fromStdString(jointName));
        return false;
    }
    target.bone = *bone;
    if (settings.xMirror) {
        const model::MirrorMap* mirror = mirrorFor(mesh);
        const model::JointIndex twin = mirror ? mirror->joints[static_cast<std::size_t>(joint)] : joint;
        const auto mirrorBone = boneFor(twin);
        if (mirror && mirrorBone) {
            target.mirrorVertex = mirror->vertices.partner;
            target.mirrorBone = *mirrorBone;
            // Every skin joint's mirror for the mirrored rows; the painted pair both ways, bones added by the stroke included.
            m_jointMirror = model::skinJointMirror(rig, static_cast<std::size_t>(skinIndex), mirror->joints);
            for (std::size_t k = m_jointMirror.size(); k < skin.joints.size() + m_pendingAdditions.size(); ++k)
                m_jointMirror.push_back(static_cast<std::uint16_t>(k));
            m_jointMirror[target.bone] = target.mirrorBone;
            m_jointMirror[target.mirrorBone] = target.bone;
            target.mirrorJoints = m_jointMirror;
            if (mirror->vertices.unpaired > 0 && !cache->unpairedReported) {
                cache->unpairedReported = true;
                emit message(tr("X-mirror: %n vertices of this mesh have no mirror partner and are painted on one side only",
                                nullptr, static_cast<int>(mirror->vertices.unpaired)));
            }
        }
    }
    m_locked.assign(skin.joints.size() + m_pendingAdditions.size(), 0);
    for (std::size_t k = 0; k < skin.joints.size(); ++k)
        m_locked[k] = m_document->isLocked(skin.joints[k]) ? 1 : 0;
    for (std::size_t i = 0; i < m_pendingAdditions.size(); ++i)
        m_locked[skin.joints.size() + i] = m_document->isLocked(m_pendingAdditions[i].joint) ? 1 : 0;
    target.locked = m_locked;
    const mesh::VertexWeld& welded = weldOf(mesh, *cache);
    target.weld = &welded;
    m_strokeMask.clear();
    if (const std::vector<std::uint8_t>* mask = m_paintSelection ? m_paintSelection->mask(mesh) : nullptr)
        m_strokeMask = *mask;
    target.mask = m_strokeMask;
    m_strokeTarget = target;
    m_gradientStart.reset();
    m_strokeMesh = mesh;
    m_painter.begin(settings, target, welded.trivial() ? &cache->surface.adjacency() : &cache->weldedAdjacency);
    return true;
}

std::size_t WeightPaintSession::dab(const DabRegion& region, const skin::DabModifiers& modifiers,
                                    cmd::InteractionTracker& tracker)
{
    if (!stroking() || !m_document || !m_brush)
        return 0;
    MeshCache* cache = cacheFor(m_strokeMesh);
    if (!cache || !cache->surface.built())
        return 0;
    const skin::BrushSettings& settings = m_brush->settings();
    mesh::BrushDabJob job;
    job.shape = region.shape;
    job.vertices = &cache->surface.vertices();
    job.center = region.center;
    job.radius = region.radius;
    job.circle = region.circle;
    job.frontFacesOnly = settings.frontFacesOnly;
    if (job.frontFacesOnly)
        job.normals = cache->surface.normals();
    job.camera = region.camera;
    job.outVertices = &m_dabVertices;
    job.outDistances = &m_dabDistances;
    if (!job.run())
        return 0;
    const mesh::Mesh& m = m_document->rig().meshes[static_cast<std::size_t>(m_strokeMesh)];
    skin::WeightDelta delta = m_painter.dab(m.weights, m_dabVertices, m_dabDistances, modifiers);
    return pushStrokeDelta(std::move(delta), tr("Paint Weights"), tracker);
}

std::size_t WeightPaintSession::gradient(const skin::GradientLine& line, std::span<const glm::vec2> projected,
                                         cmd::InteractionTracker& tracker)
{
    if (!stroking() || !m_document || !m_brush)
        return 0;
    const mesh::Mesh& m = m_document->rig().meshes[static_cast<std::size_t>(m_strokeMesh)];
    if (!m_gradientStart)
        m_gradientStart = m.weights;
    skin::WeightDelta delta =
        skin::gradientDelta(*m_gradientStart, m.weights, m_brush->settings(), m_strokeTarget, line, projected);
    return pushStrokeDelta(std::move(delta), tr("Weight Gradient"), tracker);
}

std::size_t WeightPaintSession::pushStrokeDelta(skin::WeightDelta delta, const QString& text,
                                                cmd::InteractionTracker& tracker)
{
    const std::size_t changed = delta.size();
    if (changed == 0)
        return 0;
    const bool addsBones = !m_pendingAdditions.empty();
    // The stroke's first command carries the bones it adds to the skin; later ones merge into it.
    auto* command = new cmd::PaintWeightsCommand(m_document, m_strokeMesh, tracker.current(), std::move(delta),
                                                 std::move(m_pendingAdditions));
    command->setText(text);
    tracker.push(command);
    m_pendingAdditions.clear();
    if (addsBones)
        emit message(tr("The painted bone was added to the mesh's skin"));
    return changed;
}

void WeightPaintSession::endStroke()
{
    m_painter.end();
    m_gradientStart.reset();
    m_pendingAdditions.clear();
    const model::MeshId mesh = m_strokeMesh;
    m_strokeMesh = -1;
    if (mesh >= 0 && static_cast<std::size_t>(mesh) < m_caches.size() && m_caches[static_cast<std::size_t>(mesh)])
        m_caches[static_cast<std::size_t>(mesh)]->stale = true;  // the weights changed under the frozen pose
}

} // namespace marrow::ws
