// SPDX-License-Identifier: MIT
#pragma once
// MARROW_AVX2_CLONES before a hot function builds it twice, for any x86-64
// and for x86-64-v3 (AVX2, FMA), and lets the loader pick the one this CPU
// runs (GCC's target_clones): the default build stays portable and uses
// what the machine has. Its file is compiled with -ffp-contract=fast, so
// the v3 build fuses multiplies and adds (a last-bit difference from SSE2,
// within the tests' 1e-6). Nothing where the build already targets AVX2
// (MARROW_NATIVE) or the compiler is not GCC.
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && __GNUC__ >= 11 && !defined(__AVX2__)
#define MARROW_AVX2_CLONES __attribute__((target_clones("arch=x86-64-v3", "default")))
#else
#define MARROW_AVX2_CLONES
#endif
