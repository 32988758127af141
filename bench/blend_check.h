// SPDX-License-Identifier: MIT
#pragma once
// Before a blend benchmark times BlendPosesJob (its AVX2 or SSE2 kernel), its
// output is checked against the rule worked in double precision: joints in
// both clips lerped and slerped on the shortest arc, in one clip or neither
// taken as they are (bit for bit). A kernel that drifts stops the benchmark
// with an error instead of timing a wrong pose.
#include "core/anim/blend_blocks_job.h"
#include "core/anim/blend_poses_job.h"

#include <benchmark/benchmark.h>

namespace marrow::bench {

// The largest difference over the job's joints: rotations in radians,
// translations and scales relative past 1; infinity if a joint in one clip
// or neither was not taken as it is.
double blendAgainstReference(const anim::BlendPosesJob& job);

// Runs the check; false (and the benchmark skipped with an error) past 1e-6.
bool blendChecked(benchmark::State& state, const anim::BlendPosesJob& job);

// The job's poses as JointBlocks, and the BlendBlocksJob over them (output separate).
struct BlockBlend {
    std::vector<anim::JointBlock> a, b, rest, out;
    anim::BlendBlocksJob job;
};

// Builds `blocks` from `job`, checks `job` (blendChecked), then the blocks'
// blend by the same check. False, with the benchmark skipped with an error,
// where either fails.
bool blocksChecked(benchmark::State& state, const anim::BlendPosesJob& job, BlockBlend& blocks);

} // namespace marrow::bench
