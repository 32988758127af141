// SPDX-License-Identifier: MIT
// The full per-frame character update: sample two clips, blend them (weight
// 0.3), locals to world, skinning palette. Scratch buffers are allocated once,
// outside the timed loop, as a runtime would.
#include "bench_data.h"
#include "blend_check.h"

#include "core/anim/blend_blocks_job.h"
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

// model::PosePipeline::evaluate: matrices and dual quaternions for every
// skin; through compiled clips as the editor samples (`compiled`), or
// track by track.
void BM_CharacterUpdatePipeline(benchmark::State& state, Character c, bool compiled)
{
    const CharacterData* d = characterOrSkip(state, c);
    if (!d)
        return;
    const model::Rig& rig = d->rig;
    model::PosePipeline pipeline(rig);
    if (compiled)
        pipeline.useCompiledClips();
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

// Times a chain of jobs (sample both clips, blend, locals to world, palette)
// at 60 Hz, the clips in step.
template <class Blend>
void timeChain(benchmark::State& state, std::size_t joints, anim::SampleClipJob& sampleA, anim::SampleClipJob& sampleB,
               const Blend& blend, const anim::LocalToWorldJob& toWorld, const anim::SkinningPaletteJob& pal)
{
    const double durA = sampleA.clip->duration, durB = sampleB.clip->duration;
    Clock clock;
    for (auto _ : state) {
        clock.tick(durA);
        sampleA.time = clock.phase * durA;
        sampleB.time = clock.phase * durB;
        const bool ok = sampleA.run() & sampleB.run() & blend.run() & toWorld.run() & pal.run();
        benchmark::DoNotOptimize(ok);
        benchmark::DoNotOptimize(pal.palette.data());
        benchmark::ClobberMemory();
    }
    state.counters["joints"] = static_cast<double>(joints);
    state.SetItemsProcessed(state.iterations());
}

// Runs the blocks' chain (its jobs as given) and the Transforms' at one time
// each of a few: false, with the benchmark skipped with an error, where the
// palettes differ past 1e-5 (relative past 1).
bool checkedAgainstTransforms(benchmark::State& state, const model::Rig& rig, anim::SampleClipJob& sampleA,
                              anim::SampleClipJob& sampleB, const anim::BlendBlocksJob& blend,
                              const anim::LocalToWorldJob& toWorld, const anim::SkinningPaletteJob& pal)
{
    const std::size_t n = rig.skeleton.size();
    std::vector<math::Transform> a(n), b(n);
    std::vector<anim::ChannelMask> inA(n), inB(n);
    std::vector<glm::mat4> worlds(n), palette(pal.palette.size());
    // Compiled in order: the samples' bits are the blocks' (in a native build
    // the one-channel path's multiply-adds fuse elsewhere).
    const anim::CompiledClip compiledA(*sampleA.clip), compiledB(*sampleB.clip);
    for (const double phase : {0.0, 0.3, 0.77}) {
        sampleA.time = phase * sampleA.clip->duration, sampleB.time = phase * sampleB.clip->duration;
        const bool ran = sampleA.run() && sampleB.run() && blend.run() && toWorld.run() && pal.run() &&
                         anim::SampleClipJob{sampleA.clip, sampleA.time, rig.skeleton.rest, {}, a, inA, &compiledA}.run() &&
                         anim::SampleClipJob{sampleB.clip, sampleB.time, rig.skeleton.rest, {}, b, inB, &compiledB}.run() &&
                         anim::BlendPosesJob{a, b, rig.skeleton.rest, inA, inB, blend.weight, a, {}}.run() &&
                         anim::LocalToWorldJob{rig.skeleton.parents, a, toWorld.root, worlds}.run() &&
                         anim::SkinningPaletteJob{worlds, pal.joints, pal.inverseBind, palette, {}}.run();
        double worst = ran ? 0.0 : 1.0;
        for (std::size_t k = 0; ran && k < palette.size(); ++k)
            for (int c = 0; c < 4; ++c)
                for (int r = 0; r < 4; ++r)
                    worst = std::max(worst, double(std::fabs(palette[k][c][r] - pal.palette[k][c][r])) /
                                                std::max(1.0, double(std::fabs(palette[k][c][r]))));
        if (worst > 1e-5) {
            state.SkipWithError("the blocks' chain differs from the Transforms'");
            return false;
        }
    }
    sampleA.time = sampleB.time = 0.0;
    return true;
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

    timeChain(state, n, sampleA, sampleB, blend, toWorld, pal);
}

void BM_CharacterUpdateJobs(benchmark::State& state, Character c)
{
    characterUpdateJobs<false>(state, c);
}

// The same chain on JointBlocks: both clips sampled into blocks, blended as
// blocks, locals to world from them. Stops with an error unless its palette
// is the Transforms' chain's to 1e-5 (the blend's last group may branch
// otherwise, float rounding apart).
void BM_CharacterUpdateJobsBlocks(benchmark::State& state, Character c)
{
    const CharacterData* d = characterOrSkip(state, c);
    if (!d)
        return;
    const model::Rig& rig = d->rig;
    const std::size_t n = rig.skeleton.size(), blocks = anim::blockCount(n);
    const anim::Clip& clipA = rig.clips[0];
    const anim::Clip& clipB = rig.clips[1];
    std::vector<std::uint32_t> cursorsA(clipA.tracks.size() * 3), cursorsB(clipB.tracks.size() * 3);
    std::vector<anim::JointBlock> rest(blocks), posedA(blocks), posedB(blocks);
    anim::toBlocks(rig.skeleton.rest, rest);
    std::vector<anim::ChannelMask> animA(n), animB(n);
    std::vector<glm::mat4> worlds(n);
    const model::Skin& skin = rig.skins[0];
    std::vector<glm::mat4> palette(skin.joints.size());

    const anim::CompiledClip compiledA(clipA, anim::CompiledClip::Packing::Quads);
    const anim::CompiledClip compiledB(clipB, anim::CompiledClip::Packing::Quads);
    anim::SampleClipJob sampleA{&clipA, 0.0, rig.skeleton.rest, cursorsA, {}, animA, &compiledA, posedA, rest};
    anim::SampleClipJob sampleB{&clipB, 0.0, rig.skeleton.rest, cursorsB, {}, animB, &compiledB, posedB, rest};
    anim::BlendBlocksJob blend{posedA, posedB, rest, animA, animB, kBlendWeight, posedA, n};
    anim::LocalToWorldJob toWorld{rig.skeleton.parents, {}, glm::mat4(1.f), worlds, posedA};
    anim::SkinningPaletteJob pal{worlds, skin.joints, skin.inverseBind, palette, {}};
    if (!checkedAgainstTransforms(state, rig, sampleA, sampleB, blend, toWorld, pal))
        return;

    timeChain(state, n, sampleA, sampleB, blend, toWorld, pal);
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

BENCHMARK_CAPTURE(BM_CharacterUpdatePipeline, pab, Character::Pab, false)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_CharacterUpdatePipeline, pab_compiled, Character::Pab, true)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_CharacterUpdateJobs, pab, Character::Pab)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_CharacterUpdateJobsBlocks, pab, Character::Pab)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_CharacterUpdateJobsDualQuat, pab, Character::Pab)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_BlendCharacter, pab, Character::Pab)->Unit(benchmark::kNanosecond);
BENCHMARK_CAPTURE(BM_BlendBlocksCharacter, pab, Character::Pab)->Unit(benchmark::kNanosecond);
BENCHMARK_CAPTURE(BM_CharacterUpdatePipeline, cesium_man, Character::CesiumMan, false)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_CharacterUpdateJobs, cesium_man, Character::CesiumMan)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_CharacterUpdateJobsDualQuat, cesium_man, Character::CesiumMan)->Unit(benchmark::kMicrosecond);

} // namespace
} // namespace marrow::bench
