// SPDX-License-Identifier: MIT
// Sampling one clip into a full local pose (SampleClipJob), at playback times
// (the cursors' O(1) forward path) and at random times (binary search).
#include "bench_data.h"

#include "core/anim/sample_clip_job.h"

#include <benchmark/benchmark.h>

#include <cmath>
#include <random>

namespace marrow::bench {
namespace {

struct SampleSetup {
    const anim::Clip* clip = nullptr;
    std::span<const math::Transform> rest;
    std::vector<std::uint32_t> cursors;
    std::vector<math::Transform> output;
    std::vector<anim::ChannelMask> animated;

    anim::SampleClipJob job(double t)
    {
        return anim::SampleClipJob{clip, t, rest, cursors, output, animated};
    }
};

SampleSetup setup(const model::Rig& rig, std::size_t clip)
{
    SampleSetup s;
    s.clip = &rig.clips[clip];
    s.rest = rig.skeleton.rest;
    s.cursors.assign(s.clip->tracks.size() * 3, 0u);
    s.output.resize(rig.skeleton.size());
    s.animated.resize(rig.skeleton.size());
    return s;
}

void BM_SampleClipPlayback(benchmark::State& state, Character c)
{
    const CharacterData* d = characterOrSkip(state, c);
    if (!d)
        return;
    SampleSetup s = setup(d->rig, 0);
    const double duration = s.clip->duration;
    double t = 0.0;
    for (auto _ : state) {
        // 60 Hz playback, looping: the cursors mostly stay in or step to the next interval.
        t += 1.0 / 60.0;
        if (t >= duration)
            t -= duration;
        const bool ok = s.job(t).run();
        benchmark::DoNotOptimize(ok);
        benchmark::DoNotOptimize(s.output.data());
        benchmark::ClobberMemory();
    }
    state.counters["joints"] = static_cast<double>(d->rig.skeleton.size());
    state.counters["tracks"] = static_cast<double>(s.clip->tracks.size());
    double keys = 0.0, cubic = 0.0;
    for (const anim::JointTrack& track : s.clip->tracks)
        for (std::size_t n : {track.translation.times.size(), track.rotation.times.size(), track.scale.times.size()})
            keys += static_cast<double>(n);
    for (const anim::JointTrack& track : s.clip->tracks)
        for (anim::Interpolation i : track.rotation.interpolations)
            cubic += i == anim::Interpolation::CubicSpline ? 1.0 : 0.0;
    state.counters["keys"] = keys;
    state.counters["cubic_rotation_keys"] = cubic;
    state.SetItemsProcessed(state.iterations());
}

void BM_SampleClipRandom(benchmark::State& state, Character c)
{
    const CharacterData* d = characterOrSkip(state, c);
    if (!d)
        return;
    SampleSetup s = setup(d->rig, 0);
    // Precomputed, so the generator stays out of the timing; random jumps defeat the cursors.
    std::mt19937 rng(42);
    std::uniform_real_distribution<double> u(0.0, s.clip->duration);
    std::vector<double> times(4096);
    for (double& t : times)
        t = u(rng);
    std::size_t i = 0;
    for (auto _ : state) {
        const bool ok = s.job(times[i]).run();
        i = (i + 1) & (times.size() - 1);
        benchmark::DoNotOptimize(ok);
        benchmark::DoNotOptimize(s.output.data());
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(state.iterations());
}

BENCHMARK_CAPTURE(BM_SampleClipPlayback, pab, Character::Pab)->Unit(benchmark::kNanosecond);
BENCHMARK_CAPTURE(BM_SampleClipRandom, pab, Character::Pab)->Unit(benchmark::kNanosecond);
BENCHMARK_CAPTURE(BM_SampleClipPlayback, cesium_man, Character::CesiumMan)->Unit(benchmark::kNanosecond);
BENCHMARK_CAPTURE(BM_SampleClipRandom, cesium_man, Character::CesiumMan)->Unit(benchmark::kNanosecond);

} // namespace
} // namespace marrow::bench
