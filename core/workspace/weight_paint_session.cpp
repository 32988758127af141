// SPDX-License-Identifier: MIT
#include "core/workspace/weight_paint_session.h"

#include "core/commands/interaction_tracker.h"
#include "core/document/document.h"
#include "core/model/skin_bind.h"
#include "core/skin/weight_ops.h"
#include "core/workspace/brush_state.h"
#include "core/workspace/mesh_visibility.h"
#include "core/workspace/pose_evaluator.h"
#include "core/workspace/selection.h"

#include <glm/geometric.hpp>

#include <algorithm>

namespace marrow::ws {

WeightPaintSession::WeightPaintSession(doc::Document* document, PoseEvaluator* evaluator, Selection* selection,
                                       BrushState* brush, QObject* parent)
    : QObject(parent)
    , m_document(document)
    , m_evaluator(evaluator)
    , m_selection(selection)
    , m_brush(brush)
{
    if (m_evaluator)
        connect(m_evaluator, &PoseEvaluator::poseChanged, this, &WeightPaintSession::markPosesStale);
    if (!m_document)
        return;
    connect(m_document, &doc::Document::weightsChanged, this, &WeightPaintSession::markPosesStale);
    connect(m_document, &doc::Document::meshWeightsReplaced, this, &WeightPaintSession::markPosesStale);
    connect(m_document, &doc::Document::rigAboutToBeReplaced, this, &WeightPaintSession::dropCaches);
    connect(m_document, &doc::Document::skinJointsChanged, this, [this] {
        for (auto& c : m_caches)
            if (c)
                c->mirror.reset();  // the joints' bind positions moved with the skin
        markPosesStale();
    });
}

WeightPaintSession::~WeightPaintSession() = default;

void WeightPaintSession::setMeshVisibility(MeshVisibility* visibility)
{
    m_visibility = visibility;
}

void WeightPaintSession::setPaintSelection(PaintSelection* selection)
{
    m_paintSelection = selection;
}

void WeightPaintSession::markPosesStale()
{
    for (auto& c : m_caches)
        if (c)
            c->stale = true;
}

void WeightPaintSession::dropCaches()
{
    m_painter.end();
    m_strokeMesh = -1;
    m_pendingAdditions.clear();
    m_caches.clear();
}

WeightPaintSession::MeshCache* WeightPaintSession::cacheFor(model::MeshId mesh)
{
    if (!m_document || mesh < 0)
        return nullptr;
    const auto& meshes = m_document->rig().meshes;
    const auto m = static_cast<std::size_t>(mesh);
    if (m >= meshes.size() || !meshes[m].skinned())
        return nullptr;
    if (m_caches.size() != meshes.size())
        m_caches.resize(meshes.size());
    if (!m_caches[m])
        m_caches[m] = std::make_unique<MeshCache>();
    MeshCache& cache = *m_caches[m];
    // Frozen while this mesh is being stroked: dabs use the pose at the press.
    if (cache.stale && !(stroking() && mesh == m_strokeMesh))
        refit(mesh, cache);
    return &cache;
}

void WeightPaintSession::refit(model::MeshId mesh, MeshCache& cache)
{
    cache.stale = false;
    if (!m_evaluator) {
        cache.surface.reset();
        return;
    }
    const mesh::Mesh& m = m_document->rig().meshes[static_cast<std::size_t>(mesh)];
    cache.surface.update(m.indices, m_evaluator->skinnedPositions(mesh));
}

const mesh::PaintSurface* WeightPaintSession::surface(model::MeshId mesh)
{
    MeshCache* cache = cacheFor(mesh);
    return cache && cache->surface.built() ? &cache->surface : nullptr;
}

std::optional<WeightPaintSession::Hit> WeightPaintSession::pick(const mesh::Ray& ray, model::MeshId only)
{
    std::optional<Hit> best;
    float bestDistance = 0.f;
    if (!m_document)
        return best;
    for (std::size_t m = 0; m < m_document->rig().meshes.size(); ++m) {
        const auto id = static_cast<model::MeshId>(m);
        if ((only >= 0 && id != only) || (m_visibility && m_visibility->isHidden(id)))
            continue;
        const mesh::PaintSurface* s = surface(id);
        if (!s)
            continue;
        const auto hit = s->pick(ray);
        if (!hit || (best && hit->distance >= bestDistance))
            continue;
        Hit h;
        h.mesh = static_cast<model::MeshId>(m);
        h.point = s->pointOf(*hit);
        h.vertex = s->nearestVertex(h.point).value_or(0);
        const auto& indices = m_document->rig().meshes[m].indices;
        const std::size_t t = 3 * static_cast<std::size_t>(hit->triangle);
        const auto p = s->positions();
        const glm::vec3 n = glm::cross(p[indices[t + 1]] - p[indices[t]], p[indices[t + 2]] - p[indices[t]]);
        const float len = glm::length(n);
        h.normal = len > 0.f ? n / len : -ray.direction;
        if (glm::dot(h.normal, ray.direction) > 0.f)
            h.normal = -h.normal;
        best = h;
        bestDistance = hit->distance;
    }
    return best;
}

std::optional<std::uint16_t> WeightPaintSession::skinJointOf(int skin, model::JointIndex joint) const
{
    const auto& joints = m_document->rig().skins[static_cast<std::size_t>(skin)].joints;
    const auto it = std::find(joints.begin(), joints.end(), joint);
    if (it == joints.end())
        return std::nullopt;
    return static_cast<std::uint16_t>(it - joints.begin());
}

const model::MirrorMap* WeightPaintSession::mirrorFor(model::MeshId mesh)
{
    MeshCache* cache = cacheFor(mesh);
    if (!cache)
        return nullptr;
    const model::MirrorPlaneMode mode = m_brush ? m_brush->mirrorMode() : model::MirrorPlaneMode::FitJoints;
    if (!cache->mirror || cache->mirrorMode != mode) {
        model::MirrorSettings settings;
        settings.mode = mode;
        cache->mirror = model::MirrorMap::build(m_document->rig(), static_cast<std::size_t>(mesh), settings);
        cache->mirrorMode = mode;
        cache->unpairedReported = false;
    }
    return &*cache->mirror;
}

const mesh::VertexWeld& WeightPaintSession::weldOf(model::MeshId mesh, MeshCache& cache)
{
    if (!cache.weld) {
        const mesh::Mesh& m = m_document->rig().meshes[static_cast<std::size_t>(mesh)];
        cache.weld = mesh::VertexWeld::build(m.positions);
        cache.weldedAdjacency = mesh::VertexAdjacency();
        if (!cache.weld->trivial())
            cache.weldedAdjacency.build(m.positions.size(), cache.weld->weldIndices(m.indices));
    }
    return *cache.weld;
}

const mesh::VertexWeld* WeightPaintSession::weld(model::MeshId mesh)
{
    MeshCache* cache = cacheFor(mesh);
    return cache ? &weldOf(mesh, *cache) : nullptr;
}

std::uint32_t WeightPaintSession::paintVertexOf(model::MeshId mesh, std::uint32_t vertex) const
{
    const auto m = static_cast<std::size_t>(mesh);
    if (m >= m_caches.size() || !m_caches[m] || !m_caches[m]->weld || vertex >= m_caches[m]->weld->vertexCount())
        return vertex;
    return m_caches[m]->weld->representative(vertex);
}

std::size_t WeightPaintSession::unpairedVertices(model::MeshId mesh) const
{
    if (mesh < 0 || static_cast<std::size_t>(mesh) >= m_caches.size() || !m_caches[static_cast<std::size_t>(mesh)])
        return 0;
    const auto& mirror = m_caches[static_cast<std::size_t>(mesh)]->mirror;
    return mirror ? mirror->vertices.unpaired : 0;
}

float WeightPaintSession::weightAt(model::MeshId mesh, std::uint32_t vertex) const
{
    if (!m_document || !m_selection || mesh < 0 || static_cast<std::size_t>(mesh) >= m_document->rig().meshes.size())
        return 0.f;
    const mesh::Mesh& m = m_document->rig().meshes[static_cast<std::size_t>(mesh)];
    if (!m.skinned() || vertex >= m.weights.vertexCount())
        return 0.f;
    vertex = paintVertexOf(mesh, vertex);
    const auto bone = skinJointOf(m.skin, m_selection->currentJoint());
    return bone ? skin::rowWeight(m.weights.jointRow(vertex), m.weights.weightRow(vertex), *bone) : 0.f;
}

std::optional<model::JointIndex> WeightPaintSession::heaviestJointAt(model::MeshId mesh, std::uint32_t vertex) const
{
    if (!m_document || mesh < 0 || static_cast<std::size_t>(mesh) >= m_document->rig().meshes.size())
        return std::nullopt;
    const model::Rig& rig = m_document->rig();
    const mesh::Mesh& m = rig.meshes[static_cast<std::size_t>(mesh)];
    if (!m.skinned() || vertex >= m.weights.vertexCount())
        return std::nullopt;
    const std::uint32_t row = paintVertexOf(mesh, vertex);
    const auto& skinJoints = rig.skins[static_cast<std::size_t>(m.skin)].joints;
    const auto joints = m.weights.jointRow(row);
    const auto weights = m.weights.weightRow(row);
    std::optional<model::JointIndex> best;
    float bestWeight = 0.f;
    for (std::size_t i = 0; i < joints.size(); ++i) {
        if (weights[i] > bestWeight && joints[i] < skinJoints.size()) {
            bestWeight = weights[i];
            best = skinJoints[joints[i]];
        }
    }
    return best;
}

QString WeightPaintSession::readout(model::MeshId mesh, std::uint32_t vertex) const
{
    if (!m_document || mesh < 0 || static_cast<std::size_t>(mesh) >= m_document->rig().meshes.size())
        return {};
    const model::Rig& rig = m_document->rig();
    const mesh::Mesh& m = rig.meshes[static_cast<std::size_t>(mesh)];
    if (!m.skinned() || vertex >= m.weights.vertexCount())
        return {};
    const std::uint32_t row = paintVertexOf(mesh, vertex);
    const auto& skinJoints = rig.skins[static_cast<std::size_t>(m.skin)].joints;
    QStringList parts;
    const auto joints = m.weights.jointRow(row);
    const auto weights = m.weights.weightRow(row);
    for (std::size_t i = 0; i < joints.size(); ++i) {
        if (!(weights[i] > 0.f) || joints[i] >= skinJoints.size())
            continue;  // rows are sorted: padding comes last
        const auto joint = static_cast<std::size_t>(skinJoints[joints[i]]);
        QString name = QString::fromStdString(rig.skeleton.names[joint]);
        if (name.isEmpty())
            name = QStringLiteral("joint %1").arg(joint);
        // Three decimals, but never a misleading 0.000 for a weight that is there.
        const double w = weights[i];
        parts << QStringLiteral("%1 %2").arg(name, w >= 1e-3 ? QString::number(w, 'f', 3) : QString::number(w, 'g', 2));
    }
    return tr("Vertex %1: %2").arg(vertex).arg(parts.isEmpty() ? tr("no weights") : parts.join(QStringLiteral(", ")));
}

} // namespace marrow::ws
