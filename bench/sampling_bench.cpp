// SPDX-License-Identifier: MIT
// Sampling one clip into a full local pose (SampleClipJob), at playback times
// (the cursors' O(1) forward path) and at random times (binary search):
// through the clip compiled four channels at a time (what the editor and a
// runtime use; `_blocks`: into JointBlocks, packed in quads), and through the one-channel
// reference path (`Reference`).
// Before timing, the compiled path is checked against the reference at 200
// times (within 1e-6, relative past 1; else the benchmark stops with an error).
#include "bench_data.h"

#include "core/anim/sample_clip_job.h"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <memory>
#include <string>
#include <random>

namespace marrow::bench {
namespace {

struct SampleSetup {
    const anim::Clip* clip = nullptr;
    std::unique_ptr<anim::CompiledClip> compiled;
    std::span<const math::Transform> rest;
    std::vector<std::uint32_t> cursors;
    std::vector<math::Transform> output;
    std::vector<anim::ChannelMask> animated;
    std::vector<anim::JointBlock> restBlocks, outputBlocks;  // CompiledBlocks: the pose as JointBlocks

    anim::SampleClipJob job(double t)
    {
        if (!outputBlocks.empty())
            return anim::SampleClipJob{clip, t, rest, cursors, {}, animated, compiled.get(), outputBlocks, restBlocks};
        return anim::SampleClipJob{clip, t, rest, cursors, output, animated, compiled.get()};
    }
};

// The largest difference between the compiled and the reference path over
// the clip (the compiled one into JointBlocks too: infinity unless the same bits).
float compiledAgainstReference(const model::Rig& rig, const anim::Clip& clip)
{
    const anim::CompiledClip compiled(clip), quads(clip, anim::CompiledClip::Packing::Quads);
    const std::size_t n = rig.skeleton.size();
    std::vector<math::Transform> a(n), b(n), c(n);
    std::vector<anim::JointBlock> rest(anim::blockCount(n)), blocks(anim::blockCount(n));
    anim::toBlocks(rig.skeleton.rest, rest);
    float worst = 0.f;
    for (int i = 0; i <= 200; ++i) {
        const double t = clip.duration * (i / 200.0) + (i % 3 == 0 ? 0.0 : 1e-4);
        anim::SampleClipJob{&clip, t, rig.skeleton.rest, {}, a, {}, &compiled}.run();
        anim::SampleClipJob{&clip, t, rig.skeleton.rest, {}, b, {}, nullptr}.run();
        anim::SampleClipJob{&clip, t, rig.skeleton.rest, {}, {}, {}, &quads, blocks, rest}.run();
        anim::fromBlocks(blocks, c);
        if (std::memcmp(a.data(), c.data(), n * sizeof(math::Transform)) != 0)
            return INFINITY;
        for (std::size_t j = 0; j < a.size(); ++j) {
            // Relative past 1: a centimetre rig's translations are ~100, where a float's last bit is 8e-6.
            const auto apart = [](const glm::vec3& x, const glm::vec3& y) {
                return glm::length(x - y) / std::max(1.f, glm::length(y));
            };
            worst = std::max(worst, apart(a[j].translation, b[j].translation));
            worst = std::max(worst, apart(a[j].scale, b[j].scale));
            worst = std::max(worst, std::fabs(std::fabs(glm::dot(a[j].rotation, b[j].rotation)) - 1.f));
        }
    }
    return worst;
}

enum class Path { Compiled, CompiledBlocks, Reference };

SampleSetup setup(const model::Rig& rig, std::size_t clip, Path path)
{
    SampleSetup s;
    s.clip = &rig.clips[clip];
    if (path != Path::Reference)
        s.compiled = std::make_unique<anim::CompiledClip>(
            *s.clip, path == Path::CompiledBlocks ? anim::CompiledClip::Packing::Quads : anim::CompiledClip::Packing::InOrder);
    if (path == Path::CompiledBlocks) {
        s.restBlocks.resize(anim::blockCount(rig.skeleton.size()));
        s.outputBlocks.resize(s.restBlocks.size());
        anim::toBlocks(rig.skeleton.rest, s.restBlocks);
    }
    s.rest = rig.skeleton.rest;
    s.cursors.assign(s.clip->tracks.size() * 3, 0u);
    s.output.resize(rig.skeleton.size());
    s.animated.resize(rig.skeleton.size());
    return s;
}

bool checked(benchmark::State& state, const model::Rig& rig, std::size_t clip)
{
    const float worst = compiledAgainstReference(rig, rig.clips[clip]);
    if (worst > 1e-6f) {
        state.SkipWithError(("compiled sampling differs from the reference by " + std::to_string(worst)).c_str());
        return false;
    }
    return true;
}

void BM_SampleClipPlayback(benchmark::State& state, Character c, Path path, std::size_t clip)
{
    const CharacterData* d = characterOrSkip(state, c);
    if (!d || clip >= d->rig.clips.size() || !checked(state, d->rig, clip))
        return;
    SampleSetup s = setup(d->rig, clip, path);
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
    if (s.compiled) {
        state.counters["blocks"] = static_cast<double>(s.compiled->blockCount());
        state.counters["gathered_blocks"] = static_cast<double>(s.compiled->gatheredBlockCount());
        state.counters["loose_channels"] = static_cast<double>(s.compiled->looseChannelCount());
    }
    state.SetItemsProcessed(state.iterations());
}

void BM_SampleClipRandom(benchmark::State& state, Character c, Path path, std::size_t clip)
{
    const CharacterData* d = characterOrSkip(state, c);
    if (!d || clip >= d->rig.clips.size() || !checked(state, d->rig, clip))
        return;
    SampleSetup s = setup(d->rig, clip, path);
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

// pab: walk (every bone on one timeline); pab_run: run (15 bones keyed on their own times).
BENCHMARK_CAPTURE(BM_SampleClipPlayback, pab, Character::Pab, Path::Compiled, 0)->Unit(benchmark::kNanosecond);
BENCHMARK_CAPTURE(BM_SampleClipRandom, pab, Character::Pab, Path::Compiled, 0)->Unit(benchmark::kNanosecond);
BENCHMARK_CAPTURE(BM_SampleClipPlayback, pab_run, Character::Pab, Path::Compiled, 1)->Unit(benchmark::kNanosecond);
BENCHMARK_CAPTURE(BM_SampleClipPlayback, pab_blocks, Character::Pab, Path::CompiledBlocks, 0)->Unit(benchmark::kNanosecond);
BENCHMARK_CAPTURE(BM_SampleClipRandom, pab_blocks, Character::Pab, Path::CompiledBlocks, 0)->Unit(benchmark::kNanosecond);
BENCHMARK_CAPTURE(BM_SampleClipPlayback, pab_run_blocks, Character::Pab, Path::CompiledBlocks, 1)->Unit(benchmark::kNanosecond);
BENCHMARK_CAPTURE(BM_SampleClipRandom, pab_run, Character::Pab, Path::Compiled, 1)->Unit(benchmark::kNanosecond);
BENCHMARK_CAPTURE(BM_SampleClipPlayback, cesium_man, Character::CesiumMan, Path::Compiled, 0)->Unit(benchmark::kNanosecond);
BENCHMARK_CAPTURE(BM_SampleClipRandom, cesium_man, Character::CesiumMan, Path::Compiled, 0)->Unit(benchmark::kNanosecond);
BENCHMARK_CAPTURE(BM_SampleClipPlayback, pab_reference, Character::Pab, Path::Reference, 0)->Unit(benchmark::kNanosecond);
BENCHMARK_CAPTURE(BM_SampleClipRandom, pab_reference, Character::Pab, Path::Reference, 0)->Unit(benchmark::kNanosecond);
BENCHMARK_CAPTURE(BM_SampleClipPlayback, pab_run_reference, Character::Pab, Path::Reference, 1)->Unit(benchmark::kNanosecond);

} // namespace
} // namespace marrow::bench
