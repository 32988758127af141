// SPDX-License-Identifier: MIT
#pragma once
// LocalToWorldJob's pass built for AVX2 + FMA (local_to_world_avx2.cpp): the
// job calls it on a CPU that has both, after checking the parents' order.
#include "core/anim/joint_blocks.h"
#include "core/anim/skeleton.h"

#include <cstddef>

namespace marrow::anim::detail {

// world[i] = world[parents[i]] * TRS(locals[i]) (root where there is no
// parent) for i in [0, n). False where the build has no such kernel.
bool localToWorldAvx2(const JointIndex* parents, const math::Transform* locals, std::size_t n, const glm::mat4& root,
                      glm::mat4* out);
// The same from JointBlocks (blockCount(n) of them): the same bits.
bool localToWorldAvx2(const JointIndex* parents, const JointBlock* locals, std::size_t n, const glm::mat4& root,
                      glm::mat4* out);

} // namespace marrow::anim::detail
