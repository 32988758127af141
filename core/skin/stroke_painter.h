// SPDX-License-Identifier: MIT
#pragma once
#include "core/mesh/skin_weights.h"
#include "core/mesh/vertex_adjacency.h"
#include "core/mesh/vertex_weld.h"
#include "core/skin/brush_settings.h"
#include "core/skin/weight_delta.h"
#include "core/skin/weight_ops.h"

#include <cstdint>
#include <span>
#include <unordered_map>
#include <vector>

namespace marrow::skin {

// What one stroke paints: the bone (a skin joint of the mesh, possibly one
// past the skin's last when the stroke adds the bone to the skin), the
// locks, and for X-mirror the partner of each vertex and the mirrored bone.
struct StrokeTarget {
    std::uint16_t bone = 0;
    std::span<const std::uint8_t> locked;        // per skin joint: non-zero = locked (see WeightOp)
    std::span<const std::uint32_t> mirrorVertex;  // empty: no mirror; else one per vertex, mesh::kNoMirror when unpaired
    std::uint16_t mirrorBone = 0;                // the bone painted at mirrored vertices
    // Null or trivial: every vertex paints alone. Otherwise vertices at one
    // position are one paint vertex (their representative): a dab reaching
    // any copy paints the group, mirror partners are taken between groups,
    // and every copy gets the representative's new row.
    const mesh::VertexWeld* weld = nullptr;
    // Vertex selection masking: empty, every vertex; else one byte per
    // vertex, and only non-zero ones (and non-zero mirror partners) change.
    std::span<const std::uint8_t> mask;
};

// One dab's modifiers, read at the dab (Ctrl and Shift may change mid-stroke).
struct DabModifiers {
    bool invert = false;  // Ctrl
    bool smooth = false;  // Shift held: Smooth, whatever the mode
};

// Turns a stroke's dabs into weight rows: the per-dab core of the weight
// brush, without Qt, GL or the document. For each vertex under the dab the
// factor is strength x falloff(distance); the vertex's row gets a WeightOp
// for the bone (weight_ops.h) and, with a mirror, its partner's row the same
// op for the mirrored bone (both ops on a vertex on the plane whose bone
// mirrors to another). Every op of one dab reads the rows as they were before
// the dab, so the result does not depend on the order of the vertices.
// A vertex reached twice in one dab (two copies of a welded group, or the
// mirror of two vertices) gets one op with the strongest factor; a vertex
// painted with both bones (on the mirror plane) gets them in neither order
// first (applyPairedWeightOps), so the plane stays symmetric.
//
// Accumulate off (the default): each vertex is painted from its row at stroke
// start with the strongest factor any dab gave it (strongestStrokeFactor),
// so crossing a spot again never compounds. Smooth always accumulates
// (blurring towards the neighbours' current average is what a user repeats
// a stroke for, as in Blender), and so does everything with accumulate on.
//
// dab() returns the rows it changed as a WeightDelta (before = the rows in
// `weights` now, after = the new rows); the caller applies it (a Paint
// Weights command). Invariant: between dabs the caller has applied every
// delta, so `weights` is the stroke's current state.
class StrokePainter {
public:
    // Starts a stroke. `adjacency` serves Smooth (may be null: Smooth then
    // changes nothing). Spans must outlive the stroke.
    void begin(const BrushSettings& settings, const StrokeTarget& target, const mesh::VertexAdjacency* adjacency);
    bool active() const { return m_active; }
    void end();

    // One dab: vertices and their normalised distances (BrushDabJob's output).
    WeightDelta dab(const mesh::SkinWeights& weights, std::span<const std::uint32_t> vertices,
                    std::span<const float> distances, const DabModifiers& modifiers);

    // Touched vertices so far (stroke-start rows kept for accumulate off).
    std::size_t rememberedRows() const { return m_startOf.size(); }

private:
    struct Op {
        std::uint32_t vertex;
        std::uint16_t bone;
        std::uint8_t slot;  // 0: the bone, 1: the mirrored bone
        float factor;
        float smoothTarget;
    };
    struct Start {
        std::size_t row;            // into m_startJoints / m_startWeights, times stride
        float strongest[2] = {0.f, 0.f};
    };

    void collectOps(const mesh::SkinWeights& weights, std::span<const std::uint32_t> vertices,
                    std::span<const float> distances, bool smooth);
    std::uint32_t paintVertex(std::uint32_t v) const { return m_welded ? m_target.weld->representative(v) : v; }
    Start& startOf(const mesh::SkinWeights& weights, std::uint32_t vertex);
    WeightOp opFor(const Op& op, const DabModifiers& modifiers, bool smooth, int stride) const;
    // A vertex's ops (one or two) on m_rowJoints / m_rowWeights; two bones in either order alike.
    void applyOps(std::span<const WeightOp> ops);

    BrushSettings m_settings;
    StrokeTarget m_target;
    const mesh::VertexAdjacency* m_adjacency = nullptr;
    bool m_active = false;
    bool m_welded = false;  // m_target.weld applies to the mesh being painted
    int m_stride = 4;
    std::unordered_map<std::uint32_t, Start> m_startOf;
    std::vector<std::uint16_t> m_startJoints;
    std::vector<float> m_startWeights;
    // Per dab, kept to reuse their capacity.
    std::vector<Op> m_ops;
    std::vector<std::uint16_t> m_rowJoints;
    std::vector<float> m_rowWeights;
};

} // namespace marrow::skin
