// SPDX-License-Identifier: MIT
#pragma once
// SkinningPaletteJob's matrices built for AVX2 + FMA
// (skinning_palette_avx2.cpp): the job calls it on a CPU that has both,
// after checking the joint indices.
#include "core/anim/skeleton.h"

#include <cstddef>

namespace marrow::anim::detail {

// palette[k] = worlds[joints[k]] * inverseBind[k] for k in [0, n). False
// where the build has no such kernel.
bool paletteAvx2(const glm::mat4* worlds, const JointIndex* joints, const glm::mat4* inverseBind, std::size_t n,
                 glm::mat4* palette);

} // namespace marrow::anim::detail
