// SPDX-License-Identifier: MIT
// Find Cycle (model::findCycle) on a 16 s take of the pab character at
// 30 fps, the length issue 37's quadruped has: 4 s standing in walk's
// first pose, then 12 s of walk looped, keyed on every frame of every
// joint walk animates, as a capture bakes it; and on walk.fbx's own 1.33 s.
#include "bench_data.h"

#include "core/anim/clip_range.h"
#include "core/anim/sample_clip_job.h"
#include "core/model/cycle_search.h"

#include <benchmark/benchmark.h>

namespace marrow::bench {
namespace {

// Idle then walk, keyed at 30 fps, appended to a copy of the rig.
model::Rig longTake(const model::Rig& rig, const anim::Clip& walk)
{
    model::Rig out = rig;
    anim::Clip take;
    take.name = "take";
    std::vector<math::Transform> locals(rig.skeleton.size());
    for (const anim::JointTrack& t : walk.tracks) {
        anim::JointTrack k;
        k.joint = t.joint;
        take.tracks.push_back(k);
    }
    for (int frame = 0; frame <= 16 * 30; ++frame) {
        const double t = frame / 30.0;
        const double at = t < 4.0 ? 0.0 : anim::wrapIntoRange(t - 4.0, 0.0, walk.duration);
        anim::SampleClipJob{&walk, at, rig.skeleton.rest, {}, locals, {}}.run();
        for (anim::JointTrack& k : take.tracks) {
            const math::Transform& l = locals[static_cast<std::size_t>(k.joint)];
            k.translation.times.push_back(static_cast<float>(t));
            k.translation.values.push_back(l.translation);
            k.rotation.times.push_back(static_cast<float>(t));
            k.rotation.values.push_back(l.rotation);
        }
    }
    take.updateDuration();
    out.clips.push_back(std::move(take));
    return out;
}

void BM_FindCycleLongTake(benchmark::State& state)
{
    const CharacterData* pab = characterOrSkip(state, Character::Pab);
    if (!pab)
        return;
    const model::Rig rig = longTake(pab->rig, pab->rig.clips[0]);
    const int take = static_cast<int>(rig.clips.size()) - 1;
    for (auto _ : state) {
        auto found = model::findCycle(rig, take, {});
        benchmark::DoNotOptimize(found);
    }
}
BENCHMARK(BM_FindCycleLongTake)->Unit(benchmark::kMillisecond);

void BM_FindCyclePabWalk(benchmark::State& state)
{
    const CharacterData* pab = characterOrSkip(state, Character::Pab);
    if (!pab)
        return;
    for (auto _ : state) {
        auto found = model::findCycle(pab->rig, 0, {});
        benchmark::DoNotOptimize(found);
    }
}
BENCHMARK(BM_FindCyclePabWalk)->Unit(benchmark::kMillisecond);

} // namespace
} // namespace marrow::bench
