// SPDX-License-Identifier: MIT
#include "core/math/cpu_features.h"

namespace marrow::math {

namespace {
bool baselineForced = false;
} // namespace

bool hasAvx2Fma()
{
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__)
    static const bool has = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
    return has && !baselineForced;
#else
    return false;
#endif
}

void forceBaselineSimd(bool on)
{
    baselineForced = on;
}

} // namespace marrow::math
