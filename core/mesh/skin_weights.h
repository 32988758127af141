// SPDX-License-Identifier: MIT
#pragma once
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace marrow::mesh {

constexpr int kMaxInfluences = 8;

// Per-vertex joint influences as two flat arrays with a fixed stride (4 or 8),
// ready for the GPU. Joint values index the mesh's skin joints. Invariants
// (validate()): each row is sorted by weight, largest first, zero-padded
// (padding has joint 0 and weight 0), no joint repeats, and its weights sum
// to more than 0. Rows normally sum to 1; one that does not is unnormalised
// (painting with Auto-Normalize off leaves such rows, as in Blender): it is
// kept as painted, deforms as if divided by its sum (CpuSkinningJob and
// the shader, as Blender's armature deform does), exports normalised and is counted by
// the weight health check.
struct SkinWeights {
    int stride = 4;
    std::vector<std::uint16_t> joints;
    std::vector<float> weights;

    std::size_t vertexCount() const { return stride > 0 ? weights.size() / static_cast<std::size_t>(stride) : 0; }
    std::span<const std::uint16_t> jointRow(std::size_t v) const { return {joints.data() + v * stride, static_cast<std::size_t>(stride)}; }
    std::span<const float> weightRow(std::size_t v) const { return {weights.data() + v * stride, static_cast<std::size_t>(stride)}; }
    // Largest number of non-zero weights in any row.
    int maxInfluences() const;
    // `minimumSum`: a row's weights must sum to more than this.
    std::optional<std::string> validate(std::size_t skinJointCount, float minimumSum = 1e-4f) const;
    bool operator==(const SkinWeights&) const = default;
};

// A row summing further from 1 than this is unnormalised (weight health's tolerance).
inline constexpr float kUnnormalisedRow = 1e-4f;

// The factor a deformation applies to a row's weights: 1 for a row summing
// to 1 (within kUnnormalisedRow, so those rows deform bit for bit as
// written), else 1 / its sum (for blends outside CpuSkinningJob).
float deformRowScale(std::span<const float> row);

// The same weights at another stride (4 or 8). Widening zero-pads each row;
// narrowing keeps each row's `stride` largest weights (rows are sorted, so the
// first ones) renormalised to sum 1. Rows stay sorted and zero-padded.
SkinWeights withStride(const SkinWeights& weights, int stride);

// Builds SkinWeights from loose (joint, weight) lists per vertex, as files give
// them: repeated joints are merged, zero and negative weights dropped, rows
// sorted, the 8 largest kept and renormalised to sum 1.
struct SkinWeightsBuilder {
    struct Influence {
        std::uint32_t joint;
        float weight;
    };
    struct Report {
        std::size_t renormalised = 0;     // rows whose sum was off by more than 1e-3 before normalising
        std::size_t truncated = 0;        // rows that had more than 8 influences
        std::size_t influencesDropped = 0;
        std::vector<std::uint32_t> zeroRows;  // rows with no positive weight (left all zero)
        std::vector<std::uint32_t> renormalisedRows, truncatedRows;  // the rows counted above, sorted
    };

    // `rows[v]` lists vertex v's influences. Joints must be < 65536.
    static SkinWeights build(const std::vector<std::vector<Influence>>& rows, Report& report);
};

} // namespace marrow::mesh
