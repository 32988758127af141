// SPDX-License-Identifier: MIT
#pragma once
#include "core/mesh/skin_weights.h"
#include "core/mesh/vertex_adjacency.h"
#include "core/mesh/vertex_weld.h"
#include "core/skin/brush_settings.h"
#include "core/skin/weight_delta.h"
#include "core/skin/weight_ops.h"
#include "core/skin/welded_row_writer.h"

#include <cstdint>
#include <span>
#include <unordered_map>
#include <vector>

namespace marrow::skin {

// What one stroke (or gradient) paints: the bone (a skin joint of the mesh,
// possibly one past the skin's last when the stroke adds the bone to the
// skin), the locks, and for X-mirror the partner of each vertex, the
// mirrored bone and every skin joint's mirror. Rows reach the mesh through
// a WeldedRowWriter over these (welded_row_writer.h).
struct StrokeTarget {
    std::uint16_t bone = 0;
    std::span<const std::uint8_t> locked;        // per skin joint: non-zero = locked (see WeightOp)
    std::span<const std::uint32_t> mirrorVertex;  // empty: no mirror; else one per vertex, mesh::kNoMirror when unpaired
    std::uint16_t mirrorBone = 0;                // the bone painted at mirrored vertices
    // Per skin joint: its mirror, for the mirrored rows (RowMirror::joints).
    // Empty: bone and mirrorBone swap, every other joint is its own mirror.
    std::span<const std::uint16_t> mirrorJoints;
    // Null or trivial: every vertex paints alone. Otherwise vertices at one
    // position are one paint vertex (their representative): a dab reaching
    // any copy paints the group, mirror partners are taken between groups,
    // and every copy gets the representative's new row.
    const mesh::VertexWeld* weld = nullptr;
    // Vertex selection masking: empty, every vertex; else one byte per
    // vertex, and only selected positions (a copy selected selects its
    // position) are painted; with a mirror their mirror positions take the
    // mirrored rows, selected or not (Blender's X-mirror under a mask).
    std::span<const std::uint8_t> mask;

    // The writer of this target's rows for a mesh of `vertexCount`
    // vertices; `jointsIfEmpty` backs the default joint mirror (kept alive by the caller).
    WeldedRowWriter writer(std::size_t vertexCount, std::vector<std::uint16_t>& jointsIfEmpty) const;
};

// One dab's modifiers, read at the dab (Ctrl and Shift may change mid-stroke).
struct DabModifiers {
    bool invert = false;  // Ctrl
    bool smooth = false;  // Shift held: Smooth, whatever the mode
};

// Turns a stroke's dabs into weight rows: the per-dab core of the weight
// brush, without Qt, GL or the document. For each selected position under
// the dab the factor is strength x falloff(distance); its row gets a
// WeightOp for the bone (weight_ops.h) and, when its mirror position is
// painted too (both under the dab, or on the plane with a bone that
// mirrors to another), the same op for the mirrored bone with the mirror's
// factor. The painted positions' rows go through the target's
// WeldedRowWriter: every copy gets them, and each mirror position not
// painted itself takes the mirrored row. Every op of one dab reads the rows
// as they were before the dab, so the result does not depend on the order
// of the vertices. A position reached twice in one dab (two copies of a
// welded group) gets one op with the strongest factor; a position painted
// with both bones gets them in neither order first (applyPairedWeightOps),
// so the plane stays symmetric.
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
        bool painted = true;  // slot 1 at a position not painted itself: only remembered (accumulate off)
    };
    struct Start {
        std::size_t row;            // into m_startJoints / m_startWeights, times stride
        float strongest[2] = {0.f, 0.f};
    };

    void collectOps(const mesh::SkinWeights& weights, std::span<const std::uint32_t> vertices,
                    std::span<const float> distances, bool smooth);
    Start& startOf(const mesh::SkinWeights& weights, std::uint32_t vertex);
    WeightOp opFor(const Op& op, const DabModifiers& modifiers, bool smooth, int stride) const;
    // A vertex's ops (one or two) on m_rowJoints / m_rowWeights; two bones in either order alike.
    void applyOps(std::span<const WeightOp> ops);

    BrushSettings m_settings;
    StrokeTarget m_target;
    const mesh::VertexAdjacency* m_adjacency = nullptr;
    bool m_active = false;
    WeldedRowWriter m_writer;                 // over m_target, for the mesh of the current dab
    std::vector<std::uint16_t> m_jointMirror;  // m_target's default joint mirror
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
