// SPDX-License-Identifier: MIT
#pragma once
#include "core/math/glm_config.h"

#include <cstddef>
#include <cstdint>
#include <span>

namespace marrow::mesh {

// True when every palette matrix's 3x3 is a rotation times one scale
// (mirrored or not; columns orthogonal and of one length, within 1e-4): a
// blend of such matrices carries normals as it carries directions, so
// skinning multiplies them by the blended 3x3 (what real-time engines do);
// otherwise by its cofactor, which keeps them normal under non-uniform
// scale. CpuSkinningJob and skinned_mesh.vert both ask this once per frame.
bool conformalPalette(std::span<const glm::mat4> palette);

namespace detail {

// CpuSkinningJob's arrays as raw pointers (stores through them cannot move the job's spans).
struct LinearStreams {
    const glm::vec3* positions;
    const glm::vec3* normals;
    const std::uint16_t* joints;
    const float* weights;
    const float* palette;
    std::uint16_t last;  // the palette's last index
    glm::vec3* outPositions;
    glm::vec3* outNormals;
};

// Linear blend skinning of n vertices with `stride` (4 or 8) influences a
// row, on four-float registers: SSE2 on any x86-64, and AVX2 with fused
// multiply-adds where the CPU has them (asked once; a build for the
// machine itself, MARROW_NATIVE, has them everywhere).
void skinLinearSimd(const LinearStreams& s, std::size_t n, int stride, bool withNormals,
                    std::span<const glm::mat4> palette);

// The kernel (skin_linear_kernel.h) built twice; conformal as conformalPalette.
void skinLinearSse2(const LinearStreams& s, std::size_t n, int stride, bool withNormals, bool conformal);
// False where this build has no AVX2 kernel (not GCC on x86-64).
bool skinLinearAvx2(const LinearStreams& s, std::size_t n, int stride, bool withNormals, bool conformal);

} // namespace detail

} // namespace marrow::mesh
