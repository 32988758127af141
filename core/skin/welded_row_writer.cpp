// SPDX-License-Identifier: MIT
#include "core/skin/welded_row_writer.h"

#include "core/mesh/vertex_mirror_map.h"
#include "core/skin/weight_row.h"

#include <algorithm>
#include <unordered_map>

namespace marrow::skin {

WeldedRowWriter::WeldedRowWriter(std::size_t vertexCount, const mesh::VertexWeld* weld, RowMirror mirror,
                                 std::span<const std::uint8_t> locked)
    : m_count(vertexCount)
    , m_weld(weld && weld->vertexCount() == vertexCount && !weld->trivial() ? weld : nullptr)
    , m_mirror(mirror.vertices.size() == vertexCount ? mirror : RowMirror{})
    , m_locked(locked)
{
}

std::uint32_t WeldedRowWriter::mirrorPosition(std::uint32_t v) const
{
    if (!mirrored() || v >= m_count)
        return mesh::kNoMirror;
    const std::uint32_t m = m_mirror.vertices[position(v)];
    return m < m_count ? position(m) : mesh::kNoMirror;
}

bool WeldedRowWriter::selected(std::span<const std::uint8_t> mask, std::uint32_t v) const
{
    if (mask.size() != m_count)
        return true;
    bool any = false;
    forEachCopy(v, [&](std::uint32_t c) { any = any || mask[c] != 0; });
    return any;
}

std::vector<std::uint8_t> WeldedRowWriter::positionMask(std::span<const std::uint8_t> mask) const
{
    std::vector<std::uint8_t> out(mask.begin(), mask.end());
    if (!m_weld || mask.size() != m_count)
        return out;
    for (std::uint32_t v = 0; v < m_count; ++v)
        if (mask[v] != 0)
            forEachCopy(v, [&](std::uint32_t c) { out[c] = 1; });
    return out;
}

void WeldedRowWriter::mirrorRow(std::span<const std::uint16_t> sourceJoints, std::span<const float> sourceWeights,
                                std::span<const std::uint16_t> targetJoints, std::span<const float> targetWeights,
                                std::span<std::uint16_t> outJoints, std::span<float> outWeights) const
{
    const std::size_t stride = outJoints.size();
    WeightRow row;
    bool anyLocked = false;
    for (std::size_t k = 0; k < targetJoints.size(); ++k)
        if (targetWeights[k] > 0.f && locked(targetJoints[k])) {
            row.push_back({targetJoints[k], targetWeights[k]});
            anyLocked = true;
        }
    for (std::size_t k = 0; k < sourceJoints.size(); ++k) {
        if (!(sourceWeights[k] > 0.f))
            continue;
        const std::uint16_t j = mirrorJoint(sourceJoints[k]);
        if (locked(j)) {
            anyLocked = true;
            continue;
        }
        setWeight(row, j, weightOf(row, j) + sourceWeights[k]);
    }
    if (anyLocked) {
        const auto unlocked = [&](std::uint16_t j) { return !locked(j); };
        if (!normaliseAround(row, unlocked)) {
            // Nothing unlocked to fill the rest (or the locks alone pass 1): the target keeps its row.
            std::copy(targetJoints.begin(), targetJoints.end(), outJoints.begin());
            std::copy(targetWeights.begin(), targetWeights.end(), outWeights.begin());
            return;
        }
        if (limitRow(row, static_cast<int>(stride), unlocked) > 0)
            normaliseAround(row, unlocked);
    }
    sortRow(row);
    std::fill(outJoints.begin(), outJoints.end(), std::uint16_t{0});
    std::fill(outWeights.begin(), outWeights.end(), 0.f);
    for (std::size_t k = 0; k < row.size() && k < stride; ++k) {
        outJoints[k] = row[k].joint;
        outWeights[k] = row[k].weight;
    }
}

namespace {

bool sameRow(std::span<const std::uint16_t> aj, std::span<const float> aw, std::span<const std::uint16_t> bj,
             std::span<const float> bw)
{
    return std::equal(aj.begin(), aj.end(), bj.begin()) && std::equal(aw.begin(), aw.end(), bw.begin());
}

} // namespace

WeightDelta WeldedRowWriter::write(const mesh::SkinWeights& current, const WeightDelta& edits) const
{
    const int stride = current.stride;
    WeightDelta out(stride);
    if (edits.stride() != stride || current.vertexCount() != m_count)
        return out;
    const auto k = static_cast<std::size_t>(stride);
    // Each source position's row in `edits`: the representative's own, else the first given.
    std::vector<std::uint32_t> sources;
    std::unordered_map<std::uint32_t, std::size_t> rowOf;
    rowOf.reserve(edits.size());
    for (std::size_t r = 0; r < edits.size(); ++r) {
        const std::uint32_t v = edits.vertices()[r];
        if (v >= m_count)
            continue;
        const std::uint32_t p = position(v);
        const auto [it, fresh] = rowOf.try_emplace(p, r);
        if (fresh)
            sources.push_back(p);
        else if (v == p)
            it->second = r;
    }
    const auto afterJoints = [&](std::size_t r) { return edits.afterJoints().subspan(r * k, k); };
    const auto afterWeights = [&](std::size_t r) { return edits.afterWeights().subspan(r * k, k); };
    const auto put = [&](std::uint32_t p, std::span<const std::uint16_t> joints, std::span<const float> weights) {
        forEachCopy(p, [&](std::uint32_t c) {
            const auto cj = current.jointRow(c);
            const auto cw = current.weightRow(c);
            if (!sameRow(joints, weights, cj, cw))
                out.add(c, cj, cw, joints, weights);
        });
    };
    for (const std::uint32_t p : sources) {
        const std::size_t r = rowOf[p];
        put(p, afterJoints(r), afterWeights(r));
    }
    if (!mirrored())
        return out;
    // The mirror positions that are not sources take their source's mirrored row; the lower source first.
    std::sort(sources.begin(), sources.end());
    std::vector<std::uint32_t> targets;
    std::vector<std::uint16_t> joints(k);
    std::vector<float> weights(k);
    for (const std::uint32_t p : sources) {
        const std::uint32_t m = mirrorPosition(p);
        if (m == mesh::kNoMirror || m == p || rowOf.count(m) != 0)
            continue;
        if (std::find(targets.begin(), targets.end(), m) != targets.end())
            continue;
        targets.push_back(m);
        const std::size_t r = rowOf[p];
        mirrorRow(afterJoints(r), afterWeights(r), current.jointRow(m), current.weightRow(m), joints, weights);
        put(m, joints, weights);
    }
    return out;
}

void applyRows(mesh::SkinWeights& weights, const WeightDelta& delta)
{
    if (delta.stride() != weights.stride)
        return;
    const auto k = static_cast<std::size_t>(delta.stride());
    for (std::size_t r = 0; r < delta.size(); ++r) {
        const std::size_t v = delta.vertices()[r];
        if (v >= weights.vertexCount())
            continue;
        std::copy_n(delta.afterJoints().begin() + static_cast<std::ptrdiff_t>(r * k), k,
                    weights.joints.begin() + static_cast<std::ptrdiff_t>(v * k));
        std::copy_n(delta.afterWeights().begin() + static_cast<std::ptrdiff_t>(r * k), k,
                    weights.weights.begin() + static_cast<std::ptrdiff_t>(v * k));
    }
}

namespace {

// The table at `stride`: wider rows zero-padded; narrower ones cut to their
// first entries (only called when every row fits, so nothing renormalises).
mesh::SkinWeights restride(const mesh::SkinWeights& w, int stride)
{
    if (w.stride == stride)
        return w;
    const std::size_t n = w.vertexCount();
    const auto from = static_cast<std::size_t>(w.stride), to = static_cast<std::size_t>(stride);
    mesh::SkinWeights out;
    out.stride = stride;
    out.joints.assign(n * to, 0);
    out.weights.assign(n * to, 0.f);
    for (std::size_t v = 0; v < n; ++v)
        for (std::size_t i = 0; i < std::min(from, to); ++i) {
            out.joints[v * to + i] = w.joints[v * from + i];
            out.weights[v * to + i] = w.weights[v * from + i];
        }
    return out;
}

} // namespace

mesh::SkinWeights WeldedRowWriter::writeTable(const mesh::SkinWeights& current, const mesh::SkinWeights& edited,
                                              std::span<const std::uint8_t> sources, std::size_t* changed) const
{
    if (changed)
        *changed = 0;
    const std::size_t n = current.vertexCount();
    if (edited.vertexCount() != n || n != m_count)
        return current;
    const int stride = std::max(current.stride, edited.stride);
    mesh::SkinWeights base = restride(current, stride);
    const mesh::SkinWeights wide = edited.stride == stride ? mesh::SkinWeights{} : restride(edited, stride);
    const mesh::SkinWeights& from = edited.stride == stride ? edited : wide;
    const bool all = sources.size() != n;
    WeightDelta edits(stride);
    for (std::uint32_t v = 0; v < n; ++v) {
        const std::uint32_t p = position(v);
        // One row per source position: its first selected copy's (the representative's when it is selected).
        if (all ? v != p : (sources[v] == 0 || edits.rowOf(p)))
            continue;
        edits.add(p, base.jointRow(p), base.weightRow(p), from.jointRow(v), from.weightRow(v));
    }
    const WeightDelta delta = write(base, edits);
    applyRows(base, delta);
    if (changed)
        *changed = delta.size();
    if (stride != current.stride && base.maxInfluences() <= current.stride)
        return restride(base, current.stride);
    return base;
}

} // namespace marrow::skin
