// SPDX-License-Identifier: MIT
// The LBS kernel built for AVX2 with fused multiply-adds (GCC on x86-64):
// only the kernel's own functions take the target, so nothing shared with
// the rest of the program (glm, the standard library, included first) is
// built for it. skin_linear_sse2.cpp calls it only on a CPU that has both.
#include "core/mesh/skin_linear_simd.h"
#include "core/mesh/skin_weights.h"

#include <algorithm>
#include <cmath>
#include <type_traits>

#include <immintrin.h>

#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__)
#pragma GCC push_options
#pragma GCC target("avx2,fma")
#define MARROW_SKIN_FMA 1
#include "core/mesh/skin_linear_kernel.h"

namespace marrow::mesh::detail {

bool skinLinearAvx2(const LinearStreams& s, std::size_t n, int stride, bool withNormals, bool conformal)
{
    skinLinearKernel(s, n, stride, withNormals, conformal);
    return true;
}

} // namespace marrow::mesh::detail
#pragma GCC pop_options
#else
namespace marrow::mesh::detail {

bool skinLinearAvx2(const LinearStreams&, std::size_t, int, bool, bool)
{
    return false;
}

} // namespace marrow::mesh::detail
#endif
