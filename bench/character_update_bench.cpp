// SPDX-License-Identifier: MIT
// The full per-frame character update: sample two clips, blend them (weight
// 0.3), locals to world, skinning palette. Scratch buffers are allocated once,
// outside the timed loop, as a runtime would.
#include "bench_data.h"
#include "blend_check.h"

#include "core/anim/blend_poses_job.h"
#include "core/anim/local_to_world_job.h"
#include "core/anim/sample_clip_job.h"
#include "core/anim/skinning_palette_job.h"
#include "core/model/pose_pipeline.h"

namespace marrow::bench {
namespace {

constexpr float kBlendWeight = 0.3f;
constexpr double kFrame = 1.0 / 60.0;

// Advances the two clips in step (same phase, locomotion style) at 60 Hz, looping.
struct Clock {
    double phase = 0.0;  // [0, 1)
    void tick(double durationA)
    {
        phase += kFrame / durationA;
        if (phase >= 1.0)
            phase -= 1.0;
    }
};

// model::PosePipeline::evaluate: matrices and dual quaternions for every skin.
void BM_CharacterUpdatePipeline(benchmark::State& state, Character c)
{
    const CharacterData* d = characterOrSkip(state, c);
    if (!d)
        return;
    const model::Rig& rig = d->rig;
    model::PosePipeline pipeline(rig);
    model::PoseRequest req;
    req.clip = 0;
    req.blendClip = 1;
    req.weight = kBlendWeight;
    const double durA = rig.clips[0].duration, durB = rig.clips[1].duration;
    Clock clock;
    for (auto _ : state) {
        clock.tick(durA);
        req.time = clock.phase * durA;
        req.blendTime = clock.phase * durB;
        const bool ok = pipeline.evaluate(req);
        benchmark::DoNotOptimize(ok);
        benchmark::DoNotOptimize(pipeline.palette(0).data());
        benchmark::ClobberMemory();
    }
    state.counters["joints"] = static_cast<double>(rig.skeleton.size());
    state.SetItemsProcessed(state.iterations());
}

// The same chain of jobs by hand, sampling through compiled clips (as a
// runtime, and the editor, do). WithDualQuats false gives the matrix palette
// alone (what linear blend skinning needs, and what ozz's figure covers).
template <bool WithDualQuats>
void characterUpdateJobs(benchmark::State& state, Character c)
{
    const CharacterData* d = characterOrSkip(state, c);
    if (!d)
        return;
    const model::Rig& rig = d->rig;
    const std::size_t n = rig.skeleton.size();
    const anim::Clip& clipA = rig.clips[0];
    const anim::Clip& clipB = rig.clips[1];
    std::vector<std::uint32_t> cursorsA(clipA.tracks.size() * 3), cursorsB(clipB.tracks.size() * 3);
    std::vector<math::Transform> localsA(n), localsB(n);
    std::vector<anim::ChannelMask> animA(n), animB(n);
    std::vector<glm::mat4> worlds(n);
    const model::Skin& skin = rig.skins[0];
    std::vector<glm::mat4> palette(skin.joints.size());
    std::vector<math::ScaledDualQuat> dqs(WithDualQuats ? skin.joints.size() : 0);

    const anim::CompiledClip compiledA(clipA), compiledB(clipB);
    anim::SampleClipJob sampleA{&clipA, 0.0, rig.skeleton.rest, cursorsA, localsA, animA, &compiledA};
    anim::SampleClipJob sampleB{&clipB, 0.0, rig.skeleton.rest, cursorsB, localsB, animB, &compiledB};
    anim::BlendPosesJob blend{localsA, localsB, rig.skeleton.rest, animA, animB, kBlendWeight, localsA, {}};
    anim::LocalToWorldJob toWorld{rig.skeleton.parents, localsA, glm::mat4(1.f), worlds};
    anim::SkinningPaletteJob pal{worlds, skin.joints, skin.inverseBind, palette, dqs};

    Clock clock;
    for (auto _ : state) {
        clock.tick(clipA.duration);
        sampleA.time = clock.phase * clipA.duration;
        sampleB.time = clock.phase * clipB.duration;
        const bool ok = sampleA.run() & sampleB.run() & blend.run() & toWorld.run() & pal.run();
        benchmark::DoNotOptimize(ok);
        benchmark::DoNotOptimize(palette.data());
        benchmark::ClobberMemory();
    }
    state.counters["joints"] = static_cast<double>(n);
    state.SetItemsProcessed(state.iterations());
}

void BM_CharacterUpdateJobs(benchmark::State& state, Character c)
{
    characterUpdateJobs<false>(state, c);
}

void BM_CharacterUpdateJobsDualQuat(benchmark::State& state, Character c)
{
    characterUpdateJobs<true>(state, c);
}

// The blend alone on the character's own poses (what ozz's BlendingJob
// figure times): walk sampled at 0.3 of its length and run at 0.6, blended at
// 0.3 into a third buffer. Joints the run does not animate take the walk's.
// Checked against the rule in double precision first (blend_check.h).
// Blocks: the same blend on JointBlocks (BlendBlocksJob), the poses
// converted outside the timed loop.
template <bool Blocks>
void blendCharacter(benchmark::State& state, Character c)
{
    const CharacterData* d = characterOrSkip(state, c);
    if (!d)
        return;
    const model::Rig& rig = d->rig;
    const std::size_t n = rig.skeleton.size();
    std::vector<math::Transform> localsA(n), localsB(n), out(n);
    std::vector<anim::ChannelMask> animA(n), animB(n);
    const anim::Clip& clipA = rig.clips[0];
    const anim::Clip& clipB = rig.clips[1];
    anim::SampleClipJob{&clipA, 0.3 * clipA.duration, rig.skeleton.rest, {}, localsA, animA, nullptr}.run();
    anim::SampleClipJob{&clipB, 0.6 * clipB.duration, rig.skeleton.rest, {}, localsB, animB, nullptr}.run();
    const anim::BlendPosesJob blend{localsA, localsB, rig.skeleton.rest, animA, animB, kBlendWeight, out, {}};
    BlockBlend blocks;
    if (!(Blocks ? blocksChecked(state, blend, blocks) : blendChecked(state, blend)))
        return;
    for (auto _ : state) {
        const bool ok = Blocks ? blocks.job.run() : blend.run();
        benchmark::DoNotOptimize(ok);
        benchmark::DoNotOptimize(out.data());
        benchmark::DoNotOptimize(blocks.out.data());
        benchmark::ClobberMemory();
    }
    state.counters["joints"] = static_cast<double>(n);
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(n));
}

void BM_BlendCharacter(benchmark::State& state, Character c)
{
    blendCharacter<false>(state, c);
}

void BM_BlendBlocksCharacter(benchmark::State& state, Character c)
{
    blendCharacter<true>(state, c);
}

BENCHMARK_CAPTURE(BM_CharacterUpdatePipeline, pab, Character::Pab)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_CharacterUpdateJobs, pab, Character::Pab)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_CharacterUpdateJobsDualQuat, pab, Character::Pab)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_BlendCharacter, pab, Character::Pab)->Unit(benchmark::kNanosecond);
BENCHMARK_CAPTURE(BM_BlendBlocksCharacter, pab, Character::Pab)->Unit(benchmark::kNanosecond);
BENCHMARK_CAPTURE(BM_CharacterUpdatePipeline, cesium_man, Character::CesiumMan)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_CharacterUpdateJobs, cesium_man, Character::CesiumMan)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_CharacterUpdateJobsDualQuat, cesium_man, Character::CesiumMan)->Unit(benchmark::kMicrosecond);

} // namespace
} // namespace marrow::bench
