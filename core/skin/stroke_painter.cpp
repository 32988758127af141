// SPDX-License-Identifier: MIT
#include "core/skin/stroke_painter.h"

#include "core/mesh/vertex_mirror_map.h"
#include "core/skin/falloff.h"
#include "core/skin/neighbour_average.h"
#include "core/skin/paired_weight_ops.h"
#include "core/skin/weight_ops.h"

#include <algorithm>

namespace marrow::skin {

void StrokePainter::begin(const BrushSettings& settings, const StrokeTarget& target,
                          const mesh::VertexAdjacency* adjacency)
{
    end();
    m_settings = settings;
    m_target = target;
    m_adjacency = adjacency;
    m_active = true;
}

void StrokePainter::end()
{
    m_active = false;
    m_startOf.clear();
    m_startJoints.clear();
    m_startWeights.clear();
}

void StrokePainter::collectOps(const mesh::SkinWeights& weights, std::span<const std::uint32_t> vertices,
                               std::span<const float> distances, bool smooth)
{
    m_ops.clear();
    const std::size_t count = weights.vertexCount();
    m_welded = m_target.weld && m_target.weld->vertexCount() == count && !m_target.weld->trivial();
    const bool mirror = m_target.mirrorVertex.size() == count;
    const bool masked = m_target.mask.size() == count;
    auto push = [&](std::uint32_t v, std::uint16_t bone, std::uint8_t slot, float factor) {
        const float target = smooth && m_adjacency ? neighbourAverage(*m_adjacency, weights, v, bone) : 0.f;
        m_ops.push_back({v, bone, slot, factor, target});
    };
    for (std::size_t i = 0; i < vertices.size() && i < distances.size(); ++i) {
        if (vertices[i] >= count)
            continue;
        const std::uint32_t v = paintVertex(vertices[i]);
        const float factor = m_settings.strength * falloff(m_settings.falloff, distances[i]);
        if (!(factor > 0.f))
            continue;
        if (!masked || m_target.mask[v] != 0)
            push(v, m_target.bone, 0, factor);
        if (!mirror)
            continue;
        std::uint32_t m = m_target.mirrorVertex[v];
        if (m == mesh::kNoMirror || m >= count)
            continue;
        m = paintVertex(m);
        if ((m == v && m_target.mirrorBone == m_target.bone) || (masked && m_target.mask[m] == 0))
            continue;
        push(m, m_target.mirrorBone, 1, factor);
    }
    // Group each vertex's ops together (the bone's before the mirrored one's)
    // so a row is built once per dab.
    std::stable_sort(m_ops.begin(), m_ops.end(), [](const Op& a, const Op& b) {
        return a.vertex != b.vertex ? a.vertex < b.vertex : a.slot < b.slot;
    });
    // One op per vertex and slot: the strongest (copies share a position, so
    // their factors agree unless a pose has pulled them apart).
    std::size_t kept = 0;
    for (std::size_t i = 0; i < m_ops.size(); ++i) {
        if (kept > 0 && m_ops[kept - 1].vertex == m_ops[i].vertex && m_ops[kept - 1].slot == m_ops[i].slot) {
            m_ops[kept - 1].factor = std::max(m_ops[kept - 1].factor, m_ops[i].factor);
            continue;
        }
        m_ops[kept++] = m_ops[i];
    }
    m_ops.resize(kept);
}

StrokePainter::Start& StrokePainter::startOf(const mesh::SkinWeights& weights, std::uint32_t vertex)
{
    auto [it, inserted] = m_startOf.try_emplace(vertex);
    if (inserted) {
        it->second.row = m_startJoints.size();
        const auto joints = weights.jointRow(vertex);
        const auto w = weights.weightRow(vertex);
        m_startJoints.insert(m_startJoints.end(), joints.begin(), joints.end());
        m_startWeights.insert(m_startWeights.end(), w.begin(), w.end());
    }
    return it->second;
}

WeightOp StrokePainter::opFor(const Op& op, const DabModifiers& modifiers, bool smooth, int stride) const
{
    WeightOp w;
    w.mode = smooth ? BrushMode::Smooth : m_settings.mode;
    w.bone = op.bone;
    w.brushWeight = m_settings.weight;
    w.factor = op.factor;
    w.invert = modifiers.invert;
    w.smoothTarget = op.smoothTarget;
    w.autoNormalize = m_settings.autoNormalize;
    w.maxInfluences = stride;
    w.locked = m_target.locked;
    return w;
}

void StrokePainter::applyOps(std::span<const WeightOp> ops)
{
    // One op per slot (collectOps merged repeats): the bone's and the mirrored bone's.
    if (ops.size() == 2 && ops[0].bone != ops[1].bone)
        applyPairedWeightOps(ops[0], ops[1], m_rowJoints, m_rowWeights);
    else
        for (const WeightOp& op : ops)
            applyWeightOp(op, m_rowJoints, m_rowWeights);
}

WeightDelta StrokePainter::dab(const mesh::SkinWeights& weights, std::span<const std::uint32_t> vertices,
                               std::span<const float> distances, const DabModifiers& modifiers)
{
    const int stride = weights.stride;
    WeightDelta delta(stride);
    if (!m_active || (stride != 4 && stride != 8) || m_settings.mode == BrushMode::Sample)
        return delta;
    if (stride != m_stride) {  // the mesh was widened mid-stroke: stroke-start rows no longer fit
        m_startOf.clear();
        m_startJoints.clear();
        m_startWeights.clear();
        m_stride = stride;
    }
    const bool smooth = modifiers.smooth || m_settings.mode == BrushMode::Smooth;
    const bool capped = !m_settings.accumulate && !smooth;
    collectOps(weights, vertices, distances, smooth);

    const auto k = static_cast<std::size_t>(stride);
    m_rowJoints.resize(k);
    m_rowWeights.resize(k);
    for (std::size_t i = 0; i < m_ops.size();) {
        const std::uint32_t v = m_ops[i].vertex;
        std::size_t end = i;
        while (end < m_ops.size() && m_ops[end].vertex == v)
            ++end;
        const auto nowJoints = weights.jointRow(v);
        const auto nowWeights = weights.weightRow(v);
        if (capped) {
            Start& start = startOf(weights, v);
            for (std::size_t j = i; j < end; ++j)
                start.strongest[m_ops[j].slot] = strongestStrokeFactor(start.strongest[m_ops[j].slot], m_ops[j].factor);
            std::copy_n(m_startJoints.begin() + static_cast<std::ptrdiff_t>(start.row), k, m_rowJoints.begin());
            std::copy_n(m_startWeights.begin() + static_cast<std::ptrdiff_t>(start.row), k, m_rowWeights.begin());
            WeightOp ops[2];
            for (std::size_t j = i; j < end; ++j) {
                ops[j - i] = opFor(m_ops[j], modifiers, false, stride);
                ops[j - i].factor = start.strongest[m_ops[j].slot];
            }
            applyOps(std::span<const WeightOp>(ops, end - i));
        } else {
            std::copy(nowJoints.begin(), nowJoints.end(), m_rowJoints.begin());
            std::copy(nowWeights.begin(), nowWeights.end(), m_rowWeights.begin());
            WeightOp ops[2];
            for (std::size_t j = i; j < end; ++j)
                ops[j - i] = opFor(m_ops[j], modifiers, smooth, stride);
            applyOps(std::span<const WeightOp>(ops, end - i));
        }
        const std::span<const std::uint32_t> copies =
            m_welded ? m_target.weld->copiesOf(v) : std::span<const std::uint32_t>(&v, 1);
        for (const std::uint32_t c : copies) {
            const auto cJoints = weights.jointRow(c);
            const auto cWeights = weights.weightRow(c);
            if (!std::equal(m_rowJoints.begin(), m_rowJoints.end(), cJoints.begin())
                || !std::equal(m_rowWeights.begin(), m_rowWeights.end(), cWeights.begin()))
                delta.add(c, cJoints, cWeights, m_rowJoints, m_rowWeights);
        }
        i = end;
    }
    return delta;
}

} // namespace marrow::skin
