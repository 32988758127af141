// SPDX-License-Identifier: MIT
#pragma once
#include "core/mesh/skin_weights.h"
#include "core/mesh/vertex_weld.h"
#include "core/skin/weight_delta.h"

#include <cstdint>
#include <span>
#include <vector>

namespace marrow::skin {

// X-mirror for a WeldedRowWriter: each vertex's mirror (mesh::kNoMirror
// when it has none; model::MirrorMap's vertex partners) and each skin
// joint's (the name mirror: forearm_L <-> forearm_R; a joint past the
// table's end mirrors onto itself). Empty `vertices`: no mirror.
struct RowMirror {
    std::span<const std::uint32_t> vertices;
    std::span<const std::uint16_t> joints;
};

// The one path every weight edit writes through (the brush, the gradient,
// the Weights menu, the weight table): an edit names the new rows of the
// positions it acted on, the writer gives every welded copy of each
// position that row and, with a mirror, the mirror position's copies the
// mirrored row. So all copies of a position always hold identical rows,
// and a mirrored edit writes exactly the mirror position's copies.
//
// - A position is a group of mesh::VertexWeld (vertices split at one point
//   by seams or flat shading); without a weld (null, trivial or of another
//   mesh) each vertex is its own position.
// - A mask selects positions: one selected copy selects them all
//   (positionMask), so a masked edit never splits copies.
// - The positions an edit names are its sources. With a mirror, each
//   source's mirror position that is not itself a source (the other side
//   of a one-sided mask, beyond a dab) takes the source's row with every
//   joint replaced by its mirror; its own locked joints keep their weights
//   and the mirrored unlocked ones fill the rest of 1. A mirror position
//   that is a source keeps the row its edit gave it (an edit reaching both
//   sides paints both, StrokePainter's paired ops). A position on the plane
//   mirrors onto itself and keeps its row. Two sources mirroring onto one
//   position: the lower source's row.
// Holds spans: the weld and the tables must outlive it.
class WeldedRowWriter {
public:
    WeldedRowWriter() = default;
    WeldedRowWriter(std::size_t vertexCount, const mesh::VertexWeld* weld, RowMirror mirror = {},
                    std::span<const std::uint8_t> locked = {});

    std::size_t vertexCount() const { return m_count; }
    bool welded() const { return m_weld != nullptr; }
    bool mirrored() const { return !m_mirror.vertices.empty(); }

    // The vertex standing for v's position (its weld representative; v
    // without a weld). v < vertexCount().
    std::uint32_t position(std::uint32_t v) const { return m_weld ? m_weld->representative(v) : v; }
    // Calls f(c) for every vertex at v's position, v included, ascending.
    template <class F>
    void forEachCopy(std::uint32_t v, F&& f) const
    {
        if (!m_weld) {
            f(v);
            return;
        }
        for (const std::uint32_t c : m_weld->copiesOf(v))
            f(c);
    }
    // The position mirroring v's (a representative; v's own on the plane),
    // or mesh::kNoMirror without a mirror or a partner.
    std::uint32_t mirrorPosition(std::uint32_t v) const;
    std::uint16_t mirrorJoint(std::uint16_t joint) const
    {
        return joint < m_mirror.joints.size() ? m_mirror.joints[joint] : joint;
    }

    // Whether the mask selects v's position (some copy selected). An empty
    // mask, or one of another length, selects everything.
    bool selected(std::span<const std::uint8_t> mask, std::uint32_t v) const;
    // The mask with every copy of a selected position selected (empty stays empty).
    std::vector<std::uint8_t> positionMask(std::span<const std::uint8_t> mask) const;

    // The mirrored row of `source` written over `target` (both `stride`
    // long, sorted and zero-padded): joints mirrored, the target's locked
    // weights kept, the mirrored unlocked ones filling the rest of 1, the
    // smallest unlocked dropped past the stride. Without locks the exact
    // joint-swapped row. Writes into outJoints / outWeights (stride long).
    void mirrorRow(std::span<const std::uint16_t> sourceJoints, std::span<const float> sourceWeights,
                   std::span<const std::uint16_t> targetJoints, std::span<const float> targetWeights,
                   std::span<std::uint16_t> outJoints, std::span<float> outWeights) const;

    // The rows to apply, as a delta from `current`: `edits` holds a row
    // per source (any copy names its position, the representative's row
    // first, then the first given; before rows are ignored; a source whose
    // row does not change belongs here too, it still mirrors). Returns
    // only rows that differ from `current`: the copies of each source, and
    // with a mirror the mirror positions' copies. Empty when the strides
    // differ or the table is not vertexCount() long.
    WeightDelta write(const mesh::SkinWeights& current, const WeightDelta& edits) const;

    // A whole-table edit: `edited` is `current` after an operation (a
    // Weights menu function; its stride may be wider), `sources` the
    // positions it acted on (one byte per vertex, a copy selecting its
    // position; empty: every vertex). Returns `current` with write()'s rows
    // (at `edited`'s stride only when a row needs it); `changed` counts
    // the rows that differ.
    mesh::SkinWeights writeTable(const mesh::SkinWeights& current, const mesh::SkinWeights& edited,
                                 std::span<const std::uint8_t> sources, std::size_t* changed = nullptr) const;

private:
    bool locked(std::uint16_t joint) const { return joint < m_locked.size() && m_locked[joint] != 0; }

    std::size_t m_count = 0;
    const mesh::VertexWeld* m_weld = nullptr;  // null: every vertex alone
    RowMirror m_mirror;
    std::span<const std::uint8_t> m_locked;
};

// Applies a delta's after rows to a table of its stride.
void applyRows(mesh::SkinWeights& weights, const WeightDelta& delta);

} // namespace marrow::skin
