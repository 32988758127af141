// SPDX-License-Identifier: MIT
#pragma once
#include "core/math/scaled_dual_quat.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string>

namespace marrow::mesh {

enum class SkinningMethod : std::uint8_t { Linear, DualQuaternion };

// Skins positions (and normals) on the CPU: the reference the GPU path and the
// golden tests compare against, and the source of posed positions for picking.
// LBS: v' = sum_k w_k * palette[j_k] * v; normals by the cofactor of the blended
// 3x3 (correct under non-uniform scale), renormalised.
// DQS (Kavan et al. 2007, 2008): each joint is a scale map then a rigid dual
// quaternion (math::ScaledDualQuat). The scale maps blend linearly (divided
// by the weight sum) and apply first, normals by their cofactor; then the
// dual quaternions, sign-aligned with the row's first (heaviest) influence,
// blend and are divided by the real part's norm. One influence, or
// influences sharing one matrix, give exactly what LBS gives. Rigs without
// scale (every scale map the identity) skip the scale blend.
// Owns nothing; allocates nothing.
struct CpuSkinningJob {
    SkinningMethod method = SkinningMethod::Linear;
    int stride = 4;                                 // influences per row: 4 or 8
    std::span<const glm::vec3> positions;           // one per vertex
    std::span<const glm::vec3> normals;             // empty, or one per vertex
    std::span<const std::uint16_t> joints;          // stride per vertex; indices into the palette
    std::span<const float> weights;                 // stride per vertex; rows sorted largest first, zero-padded
    std::span<const glm::mat4> palette;             // Linear: skinning matrices (world * inverse bind)
    std::span<const math::ScaledDualQuat> dualQuats;  // DualQuaternion: the same, split (math::splitSkinningMatrix)
    std::span<glm::vec3> outPositions;              // one per vertex; must not alias positions
    std::span<glm::vec3> outNormals;                // empty, or one per vertex (required when normals given)

    // Joint indices past the palette are clamped to its last entry rather than
    // read out of bounds; the importer rejects such data, so this is a guard only.
    std::optional<std::string> validate() const;
    bool run() const;
};

} // namespace marrow::mesh
