// SPDX-License-Identifier: MIT
#pragma once
#include <cstdint>
#include <optional>
#include <span>
#include <unordered_map>
#include <vector>

namespace marrow::skin {

// Sparse weight rows of one mesh, before and after an edit: only the
// vertices a stroke touched, 2 x stride x (2 + 4) bytes each. Rows are kept
// in the order vertices were first touched. Invariant: every array holds
// vertices().size() rows of stride() entries, and a vertex appears once.
class WeightDelta {
public:
    explicit WeightDelta(int stride = 4);

    int stride() const { return m_stride; }
    bool empty() const { return m_vertices.empty(); }
    std::size_t size() const { return m_vertices.size(); }

    // Adds one vertex's row. If the vertex is already here its first "before"
    // is kept and its "after" replaced. Rows are stride() entries each;
    // returns false (and changes nothing) when a row has the wrong length.
    bool add(std::uint32_t vertex, std::span<const std::uint16_t> beforeJoints, std::span<const float> beforeWeights,
             std::span<const std::uint16_t> afterJoints, std::span<const float> afterWeights);

    // Merges a later delta of the same stroke into this one: our "before"
    // for vertices we hold, their "after", and their new vertices appended.
    bool absorb(const WeightDelta& newer);

    // The row index of `vertex` (into the arrays below, times stride()), or
    // nullopt when the delta does not hold it. Its before row is the vertex
    // at stroke start: what the accumulate-off stroke cap paints from.
    std::optional<std::size_t> rowOf(std::uint32_t vertex) const;

    // Heap bytes held (array capacities and the vertex index's nodes and
    // buckets, estimated as libstdc++ lays them out): the undo memory of a stroke.
    std::size_t memoryBytes() const;

    // True when every after row equals its before row bit for bit.
    bool isNoOp() const;

    const std::vector<std::uint32_t>& vertices() const { return m_vertices; }
    std::span<const std::uint16_t> beforeJoints() const { return m_beforeJoints; }
    std::span<const float> beforeWeights() const { return m_beforeWeights; }
    std::span<const std::uint16_t> afterJoints() const { return m_afterJoints; }
    std::span<const float> afterWeights() const { return m_afterWeights; }

private:
    int m_stride;
    std::vector<std::uint32_t> m_vertices;
    std::vector<std::uint16_t> m_beforeJoints, m_afterJoints;
    std::vector<float> m_beforeWeights, m_afterWeights;
    std::unordered_map<std::uint32_t, std::size_t> m_rowOf;  // vertex -> row
};

} // namespace marrow::skin
