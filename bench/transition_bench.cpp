// SPDX-License-Identifier: MIT
// Transitions on the pab character (walk -> run): one preview frame through
// TransitionPoser (crossfade, synced crossfade, inertialization; into
// Transforms, or JointBlocks as the editor's preview takes it), the same
// frame as the editor shows it (the poser, then PosePipeline to world
// matrices and palettes), the bake
// of the whole preview at 30 fps, and the foot-slide measurement the dock
// and the plot refresh after an edit (A, B and the blend); Find best over
// every exit and offset a frame apart (crossfade and synced, Match root).
#include "bench_data.h"

#include "core/anim/foot_slide.h"
#include "core/anim/transition_bake.h"
#include "core/anim/transition_foot_slide.h"
#include "core/model/legs.h"
#include "core/model/pose_pipeline.h"
#include "core/model/transition_search.h"

#include <benchmark/benchmark.h>

#include <cstring>

namespace marrow::bench {
namespace {

anim::TransitionTiming walkToRun(const model::Rig& rig, bool sync, anim::BlendMode mode)
{
    anim::TransitionTiming t;
    t.lengthA = rig.clips[0].duration;
    t.lengthB = rig.clips[1].duration;
    t.exit = 0.5 * t.lengthA;
    t.duration = 0.4;
    t.curve = {anim::BlendCurveKind::Smoothstep};
    t.sync = sync;
    t.cycleA = t.cycleB = true;
    t.mode = mode;
    return t;
}

void BM_TransitionPoseFrame(benchmark::State& state, bool sync, anim::BlendMode mode)
{
    const CharacterData* c = characterOrSkip(state, Character::Pab);
    if (!c)
        return;
    const model::Rig& rig = c->rig;
    anim::TransitionPoser poser(rig.skeleton, rig.clips[0], rig.clips[1], walkToRun(rig, sync, mode));
    std::vector<math::Transform> out(rig.skeleton.size());
    const double length = poser.timing().length();
    double t = 0.0;
    for (auto _ : state) {
        benchmark::DoNotOptimize(poser.pose(t, out));
        benchmark::ClobberMemory();
        t += 1.0 / 60.0;
        if (t > length)
            t = 0.0;
    }
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(rig.skeleton.size()));
}
BENCHMARK_CAPTURE(BM_TransitionPoseFrame, crossfade, false, anim::BlendMode::Crossfade);
BENCHMARK_CAPTURE(BM_TransitionPoseFrame, synced, true, anim::BlendMode::Crossfade);
BENCHMARK_CAPTURE(BM_TransitionPoseFrame, inertialized, false, anim::BlendMode::Inertialization);

// The editor's preview frame (PoseEvaluator): the poser's pose, as
// JointBlocks where it can make them (`Blocks`) or as Transforms, then the
// pipeline from it to world matrices and palettes. Stops with an error
// unless both ways give the same world matrices, bit for bit, over the preview.
template <bool Blocks>
void previewFrame(benchmark::State& state, bool sync, bool profiled)
{
    const CharacterData* c = characterOrSkip(state, Character::Pab);
    if (!c)
        return;
    const model::Rig& rig = c->rig;
    const std::size_t n = rig.skeleton.size();
    // Profiled: the upper half of the hierarchy blends over 1.5 D, every third joint of the rest over D / 2.
    std::vector<float> profile;
    for (std::size_t j = 0; profiled && j < n; ++j)
        profile.push_back(j < n / 2 ? 1.5f : j % 3 == 0 ? 0.5f : 1.f);
    anim::TransitionPoser poser(rig.skeleton, rig.clips[0], rig.clips[1],
                                walkToRun(rig, sync, anim::BlendMode::Crossfade), profile);
    std::vector<math::Transform> locals(n);
    std::vector<anim::JointBlock> blocks(anim::blockCount(n));
    model::PosePipeline pipeline(rig), check(rig);
    const auto frame = [&](double t, model::PosePipeline& p, bool inBlocks) {
        model::PoseRequest r;
        if (inBlocks && poser.poseBlocks(t, blocks))
            r.localBlocks = blocks;
        else if (poser.pose(t, locals))
            r.locals = locals;
        return p.evaluate(r);
    };
    const double length = poser.timing().length();
    for (double t = 0.0; t <= length; t += 0.05)
        if (!frame(t, pipeline, Blocks) || !frame(t, check, false) ||
            std::memcmp(pipeline.worlds().data(), check.worlds().data(), n * sizeof(glm::mat4)) != 0) {
            state.SkipWithError("the preview's world matrices differ from the Transforms' chain");
            return;
        }
    double t = 0.0;
    for (auto _ : state) {
        benchmark::DoNotOptimize(frame(t, pipeline, Blocks));
        benchmark::ClobberMemory();
        t += 1.0 / 60.0;
        if (t > length)
            t = 0.0;
    }
    state.counters["blocks"] = Blocks && poser.canPoseBlocks() ? 1.0 : 0.0;
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(n));
}

void BM_TransitionPreviewFrame(benchmark::State& state, bool sync, bool profiled)
{
    previewFrame<false>(state, sync, profiled);
}

void BM_TransitionPreviewFrameBlocks(benchmark::State& state, bool sync, bool profiled)
{
    previewFrame<true>(state, sync, profiled);
}
BENCHMARK_CAPTURE(BM_TransitionPreviewFrame, crossfade, false, false);
BENCHMARK_CAPTURE(BM_TransitionPreviewFrameBlocks, crossfade, false, false);
BENCHMARK_CAPTURE(BM_TransitionPreviewFrame, synced, true, false);
BENCHMARK_CAPTURE(BM_TransitionPreviewFrameBlocks, synced, true, false);
BENCHMARK_CAPTURE(BM_TransitionPreviewFrame, profiled, false, true);
BENCHMARK_CAPTURE(BM_TransitionPreviewFrameBlocks, profiled, false, true);

void BM_TransitionBake(benchmark::State& state)
{
    const CharacterData* c = characterOrSkip(state, Character::Pab);
    if (!c)
        return;
    const model::Rig& rig = c->rig;
    anim::TransitionPoser poser(rig.skeleton, rig.clips[0], rig.clips[1],
                                walkToRun(rig, true, anim::BlendMode::Crossfade));
    for (auto _ : state) {
        auto clip = anim::bakeTransition(poser, 30.0, anim::BakeRange::Full, "bake");
        benchmark::DoNotOptimize(clip);
    }
}
BENCHMARK(BM_TransitionBake)->Unit(benchmark::kMillisecond);

void BM_TransitionFootSlide(benchmark::State& state)
{
    const CharacterData* c = characterOrSkip(state, Character::Pab);
    if (!c)
        return;
    const model::Rig& rig = c->rig;
    anim::TransitionPoser poser(rig.skeleton, rig.clips[0], rig.clips[1],
                                walkToRun(rig, true, anim::BlendMode::Crossfade));
    const std::vector<anim::Leg> legs = model::findLegs(rig);
    for (auto _ : state) {
        // A and B over a cycle each, the blend and each side over the preview, and the blend's faults.
        const anim::TransitionFootSlide s = anim::measureTransitionFootSlide(rig.skeleton, poser, legs, 30.0);
        benchmark::DoNotOptimize(s.blended.total);
    }
    state.counters["legs"] = static_cast<double>(legs.size());
}
BENCHMARK(BM_TransitionFootSlide)->Unit(benchmark::kMillisecond);

void BM_TransitionFindBest(benchmark::State& state, bool sync)
{
    const CharacterData* c = characterOrSkip(state, Character::Pab);
    if (!c)
        return;
    model::Transition t;
    t.clipA = 0;
    t.clipB = 1;
    t.duration = 0.26666667;
    t.curve = {anim::BlendCurveKind::Smoothstep};
    t.sync = t.cycleA = t.cycleB = sync;
    t.matchRoot = true;
    std::size_t candidates = 0;
    for (auto _ : state) {
        const auto found = model::findBestTransition(c->rig, t, {});
        candidates = found ? found->grid.size() : 0;
        benchmark::DoNotOptimize(found);
    }
    state.counters["candidates"] = static_cast<double>(candidates);
}
BENCHMARK_CAPTURE(BM_TransitionFindBest, crossfade, false)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_TransitionFindBest, synced, true)->Unit(benchmark::kMillisecond);

} // namespace
} // namespace marrow::bench
