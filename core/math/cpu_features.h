// SPDX-License-Identifier: MIT
#pragma once

namespace marrow::math {

// True when this CPU runs AVX2 and FMA (asked once per process) and the
// baseline is not forced: the kernels built for them (skinning, the pose
// blend, locals to world, the palette) are then used. False off GCC on x86-64.
bool hasAvx2Fma();

// Tests set it to run the SSE2 paths on a CPU that has AVX2 (not thread-safe
// against jobs running at the time).
void forceBaselineSimd(bool on);

} // namespace marrow::math
