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

WeldedRowWriter StrokeTarget::writer(std::size_t vertexCount, std::vector<std::uint16_t>& jointsIfEmpty) const
{
    std::span<const std::uint16_t> joints = mirrorJoints;
    if (joints.empty() && !mirrorVertex.empty()) {
        jointsIfEmpty.resize(static_cast<std::size_t>(std::max(bone, mirrorBone)) + 1);
        for (std::size_t k = 0; k < jointsIfEmpty.size(); ++k)
            jointsIfEmpty[k] = static_cast<std::uint16_t>(k);
        std::swap(jointsIfEmpty[bone], jointsIfEmpty[mirrorBone]);
        joints = jointsIfEmpty;
    }
    return WeldedRowWriter(vertexCount, weld, {mirrorVertex, joints}, locked);
}

void StrokePainter::collectOps(const mesh::SkinWeights& weights, std::span<const std::uint32_t> vertices,
                               std::span<const float> distances, bool smooth)
{
    m_ops.clear();
    const std::size_t count = weights.vertexCount();
    auto push = [&](std::uint32_t v, std::uint16_t bone, std::uint8_t slot, float factor, bool painted) {
        const float target =
            painted && smooth && m_adjacency ? neighbourAverage(*m_adjacency, weights, v, bone) : 0.f;
        m_ops.push_back({v, bone, slot, factor, target, painted});
    };
    // Merges repeats of one (vertex, slot) into the strongest; groups each
    // vertex's ops, the bone's before the mirrored one's.
    auto merge = [&] {
        std::stable_sort(m_ops.begin(), m_ops.end(), [](const Op& a, const Op& b) {
            return a.vertex != b.vertex ? a.vertex < b.vertex : a.slot < b.slot;
        });
        std::size_t kept = 0;
        for (std::size_t i = 0; i < m_ops.size(); ++i) {
            if (kept > 0 && m_ops[kept - 1].vertex == m_ops[i].vertex && m_ops[kept - 1].slot == m_ops[i].slot) {
                m_ops[kept - 1].factor = std::max(m_ops[kept - 1].factor, m_ops[i].factor);
                continue;
            }
            m_ops[kept++] = m_ops[i];
        }
        m_ops.resize(kept);
    };
    // The painted positions: under the dab and selected (any copy selects its position).
    for (std::size_t i = 0; i < vertices.size() && i < distances.size(); ++i) {
        if (vertices[i] >= count)
            continue;
        const std::uint32_t v = m_writer.position(vertices[i]);
        const float factor = m_settings.strength * falloff(m_settings.falloff, distances[i]);
        if (!(factor > 0.f) || !m_writer.selected(m_target.mask, v))
            continue;
        push(v, m_target.bone, 0, factor, true);
    }
    merge();
    if (!m_writer.mirrored())
        return;
    // Each painted position's mirror gets the mirrored bone with its factor:
    // as an op where the mirror is painted too, else only remembered (the
    // writer gives it the mirrored row).
    const std::size_t painted = m_ops.size();
    for (std::size_t i = 0; i < painted; ++i) {
        const std::uint32_t m = m_writer.mirrorPosition(m_ops[i].vertex);
        if (m == mesh::kNoMirror || (m == m_ops[i].vertex && m_target.mirrorBone == m_target.bone))
            continue;
        const auto it = std::lower_bound(m_ops.begin(), m_ops.begin() + static_cast<std::ptrdiff_t>(painted), m,
                                         [](const Op& op, std::uint32_t v) { return op.vertex < v; });
        const bool mirrorPainted = it != m_ops.begin() + static_cast<std::ptrdiff_t>(painted) && it->vertex == m;
        push(m, m_target.mirrorBone, 1, m_ops[i].factor, mirrorPainted);
    }
    merge();
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
    m_writer = m_target.writer(weights.vertexCount(), m_jointMirror);
    collectOps(weights, vertices, distances, smooth);

    // The painted positions' new rows (unchanged ones too: they still mirror).
    WeightDelta edits(stride);
    const auto k = static_cast<std::size_t>(stride);
    m_rowJoints.resize(k);
    m_rowWeights.resize(k);
    for (std::size_t i = 0; i < m_ops.size();) {
        const std::uint32_t v = m_ops[i].vertex;
        std::size_t end = i;
        while (end < m_ops.size() && m_ops[end].vertex == v)
            ++end;
        const bool painted = m_ops[i].slot == 0;
        if (capped) {
            // Remembered before any write reaches it, so its stroke-start row is the row before the stroke.
            Start& start = startOf(weights, v);
            for (std::size_t j = i; j < end; ++j)
                start.strongest[m_ops[j].slot] = strongestStrokeFactor(start.strongest[m_ops[j].slot], m_ops[j].factor);
            if (painted) {
                std::copy_n(m_startJoints.begin() + static_cast<std::ptrdiff_t>(start.row), k, m_rowJoints.begin());
                std::copy_n(m_startWeights.begin() + static_cast<std::ptrdiff_t>(start.row), k, m_rowWeights.begin());
                // Both bones a stroke gave this position so far, each at its strongest factor.
                WeightOp ops[2];
                std::size_t n = 0;
                for (std::uint8_t slot = 0; slot < 2; ++slot) {
                    if (!(start.strongest[slot] > 0.f))
                        continue;
                    const Op op{v, slot == 0 ? m_target.bone : m_target.mirrorBone, slot, start.strongest[slot], 0.f, true};
                    ops[n++] = opFor(op, modifiers, false, stride);
                }
                applyOps(std::span<const WeightOp>(ops, n));
            }
        } else if (painted) {
            const auto nowJoints = weights.jointRow(v);
            const auto nowWeights = weights.weightRow(v);
            std::copy(nowJoints.begin(), nowJoints.end(), m_rowJoints.begin());
            std::copy(nowWeights.begin(), nowWeights.end(), m_rowWeights.begin());
            WeightOp ops[2];
            std::size_t n = 0;
            for (std::size_t j = i; j < end; ++j)
                if (m_ops[j].painted)
                    ops[n++] = opFor(m_ops[j], modifiers, smooth, stride);
            applyOps(std::span<const WeightOp>(ops, n));
        }
        if (painted)
            edits.add(v, weights.jointRow(v), weights.weightRow(v), m_rowJoints, m_rowWeights);
        i = end;
    }
    return m_writer.write(weights, edits);
}

} // namespace marrow::skin
