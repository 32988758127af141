// SPDX-License-Identifier: MIT
// The pose jobs one at a time over joint counts (generated skeletons, see
// generateSkeleton): locals to world, the skinning palette (matrices, and
// matrices plus dual quaternions), and the blend of two poses (checked
// against the rule in double precision before it is timed, blend_check.h);
// locals to world and the blend also from JointBlocks.
#include "bench_data.h"
#include "blend_check.h"

#include "core/anim/blend_poses_job.h"
#include "core/anim/local_to_world_job.h"
#include "core/anim/skinning_palette_job.h"

#include <cstring>
#include <random>

namespace marrow::bench {
namespace {

// Blocks: the locals as JointBlocks (converted outside the timed loop);
// stops with an error unless their world matrices are the Transforms' (bit for bit).
template <bool Blocks>
void BM_LocalToWorld(benchmark::State& state)
{
    const auto n = static_cast<std::size_t>(state.range(0));
    const GeneratedSkeleton g = generateSkeleton(n);
    std::vector<glm::mat4> worlds(n), reference(n);
    std::vector<anim::JointBlock> blocks(anim::blockCount(n));
    anim::toBlocks(g.locals, blocks);
    anim::LocalToWorldJob job{g.parents, g.locals, glm::mat4(1.f), worlds};
    if (Blocks) {
        anim::LocalToWorldJob{g.parents, g.locals, glm::mat4(1.f), reference}.run();
        job = {g.parents, {}, glm::mat4(1.f), worlds, blocks};
        if (!job.run() || std::memcmp(worlds.data(), reference.data(), n * sizeof(glm::mat4)) != 0) {
            state.SkipWithError("world matrices from blocks differ from the Transforms'");
            return;
        }
    }
    for (auto _ : state) {
        const bool ok = job.run();
        benchmark::DoNotOptimize(ok);
        benchmark::DoNotOptimize(worlds.data());
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(n));  // joints per second
}

template <bool WithDualQuats>
void BM_SkinningPalette(benchmark::State& state)
{
    const auto n = static_cast<std::size_t>(state.range(0));
    const GeneratedSkeleton g = generateSkeleton(n);
    std::vector<glm::mat4> palette(n);
    std::vector<math::ScaledDualQuat> dqs(WithDualQuats ? n : 0);
    anim::SkinningPaletteJob job{g.worlds, g.skinJoints, g.inverseBind, palette, dqs};
    for (auto _ : state) {
        const bool ok = job.run();
        benchmark::DoNotOptimize(ok);
        benchmark::DoNotOptimize(palette.data());
        benchmark::DoNotOptimize(dqs.data());
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(n));
}

// Blocks: the same blend on JointBlocks (BlendBlocksJob), the poses
// converted outside the timed loop.
template <bool Blocks>
void BM_BlendPoses(benchmark::State& state)
{
    const auto n = static_cast<std::size_t>(state.range(0));
    const GeneratedSkeleton a = generateSkeleton(n);
    // A second pose: the same skeleton's locals rotated further, so slerp takes its full path.
    std::vector<math::Transform> b = a.locals;
    std::mt19937 rng(7);
    std::uniform_real_distribution<float> u(-1.f, 1.f);
    for (math::Transform& t : b) {
        t.rotation = glm::normalize(glm::angleAxis(0.5f, glm::normalize(glm::vec3(u(rng), u(rng), 1.f))) * t.rotation);
        t.translation += glm::vec3(0.05f);
    }
    // Every joint animated in both clips: the blending case, the dearest.
    const std::vector<anim::ChannelMask> animated(n, anim::kTranslationBit | anim::kRotationBit);
    std::vector<math::Transform> out(n);
    anim::BlendPosesJob job{a.locals, b, a.locals, animated, animated, 0.3f, out, {}};
    BlockBlend blocks;
    if (!(Blocks ? blocksChecked(state, job, blocks) : blendChecked(state, job)))
        return;
    for (auto _ : state) {
        const bool ok = Blocks ? blocks.job.run() : job.run();
        benchmark::DoNotOptimize(ok);
        benchmark::DoNotOptimize(out.data());
        benchmark::DoNotOptimize(blocks.out.data());
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(n));
}

BENCHMARK(BM_LocalToWorld<false>)->Name("BM_LocalToWorld")->Arg(67)->Arg(300)->Arg(1000)->Unit(benchmark::kNanosecond);
BENCHMARK(BM_LocalToWorld<true>)->Name("BM_LocalToWorldBlocks")->Arg(67)->Arg(300)->Arg(1000)->Unit(benchmark::kNanosecond);
BENCHMARK(BM_SkinningPalette<false>)->Name("BM_SkinningPalette")->Arg(67)->Arg(300)->Arg(1000)->Unit(benchmark::kNanosecond);
BENCHMARK(BM_SkinningPalette<true>)->Name("BM_SkinningPaletteDualQuat")->Arg(67)->Arg(300)->Arg(1000)->Unit(benchmark::kNanosecond);
BENCHMARK(BM_BlendPoses<false>)->Name("BM_BlendPoses")->Arg(67)->Arg(300)->Arg(1000)->Unit(benchmark::kNanosecond);
BENCHMARK(BM_BlendPoses<true>)->Name("BM_BlendBlocks")->Arg(67)->Arg(300)->Arg(1000)->Unit(benchmark::kNanosecond);

} // namespace
} // namespace marrow::bench
