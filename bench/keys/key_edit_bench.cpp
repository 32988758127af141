// SPDX-License-Identifier: MIT
// Key edits as the editor makes them, through the Document, the undo stack
// and the listeners that react to keysChanged (PoseEvaluator, KeySelection):
//   BM_MoveKeys       move 1,020 selected keys (keys 6..11 of every T/R/S
//                     channel of 60 bones, 17 keys each) two frames later:
//                     build the AnimationEdit, push (redo), undo.
//   BM_MoveKeysRedo   the redo alone of that command; BM_MoveKeysUndo its undo.
//   BM_InsertKeys60   I on 60 selected bones (all three channels) at a frame
//                     between keys, then undo (so every iteration inserts).
// A read of the pose follows each edit, so the lazy re-sample is counted.
#include "core/anim/key_ops.h"
#include "core/commands/animation_edit.h"
#include "core/document/document.h"
#include "core/workspace/key_selection.h"
#include "core/workspace/playback.h"
#include "core/workspace/pose_editor.h"
#include "core/workspace/pose_evaluator.h"
#include "core/workspace/selection.h"

#include <benchmark/benchmark.h>
#include <glm/gtc/quaternion.hpp>

#include <memory>
#include <numeric>

using namespace marrow;

namespace {

constexpr int kBones = 60;
constexpr int kKeysPerChannel = 17;  // 60 x 3 x 17 = 3,060 keys; 1,020 of them move
constexpr float kFps = 30.f;

model::Rig keyedRig()
{
    model::Rig rig;
    for (int j = 0; j < kBones; ++j) {
        rig.skeleton.names.push_back("bone" + std::to_string(j));
        rig.skeleton.parents.push_back(j == 0 ? anim::kNoParent : j - 1);
        math::Transform t;
        t.translation = {0.f, 0.1f, 0.f};
        rig.skeleton.rest.push_back(t);
    }
    anim::Clip clip;
    clip.name = "bench";
    for (int j = 0; j < kBones; ++j) {
        anim::JointTrack track;
        track.joint = j;
        for (int k = 0; k < kKeysPerChannel; ++k) {
            const float t = static_cast<float>(k * 4) / kFps;
            const float s = std::sin(static_cast<float>(j + k));
            anim::insertKey(track.translation, t, glm::vec3(s, 0.1f, 0.f), anim::Interpolation::CubicSpline);
            anim::insertKey(track.rotation, t, glm::angleAxis(s, glm::vec3(0, 0, 1)), anim::Interpolation::CubicSpline);
            anim::insertKey(track.scale, t, glm::vec3(1.f + 0.1f * s), anim::Interpolation::Linear);
        }
        clip.tracks.push_back(std::move(track));
    }
    clip.updateDuration();
    rig.clips.push_back(std::move(clip));
    return rig;
}

struct Editor {
    doc::Document document;
    ws::Selection selection{&document};
    ws::Playback playback;
    ws::PoseEvaluator evaluator{&document, &playback, &selection};
    ws::KeySelection keys{&document, &selection};
    ws::PoseEditor poses{&document, &playback, &selection, &evaluator};

    Editor()
    {
        document.replaceRig(keyedRig());
        selection.setActiveClip(0);
        playback.setFps(kFps);
    }
};

// Moves every channel's keys 6..11 (the middle third: 1,020 keys) two frames later.
std::unique_ptr<QUndoCommand> moveCommand(Editor& e)
{
    cmd::AnimationEdit edit(e.document, 0);
    std::vector<std::size_t> middle(6);
    std::iota(middle.begin(), middle.end(), std::size_t{6});
    const auto later = [](float t) { return t + 2.f / kFps; };
    for (int j = 0; j < kBones; ++j) {
        anim::JointTrack* t = edit.track(j);
        anim::retimeKeys(t->translation, middle, later);
        anim::retimeKeys(t->rotation, middle, later);
        anim::retimeKeys(t->scale, middle, later);
    }
    return edit.command(&e.document, "Move Keys");
}

void BM_MoveKeys(benchmark::State& state)
{
    Editor e;
    for (auto _ : state) {
        e.document.undoStack()->push(moveCommand(e).release());
        benchmark::DoNotOptimize(e.evaluator.locals().data());
        e.document.undoStack()->undo();
        benchmark::DoNotOptimize(e.evaluator.locals().data());
    }
    state.counters["keys_moved"] = 1020;
}

void BM_MoveKeysRedo(benchmark::State& state)
{
    Editor e;
    e.document.undoStack()->push(moveCommand(e).release());
    e.document.undoStack()->undo();
    for (auto _ : state) {
        e.document.undoStack()->redo();
        benchmark::DoNotOptimize(e.evaluator.locals().data());
        state.PauseTiming();
        e.document.undoStack()->undo();
        benchmark::DoNotOptimize(e.evaluator.locals().data());
        state.ResumeTiming();
    }
}

void BM_MoveKeysUndo(benchmark::State& state)
{
    Editor e;
    e.document.undoStack()->push(moveCommand(e).release());
    for (auto _ : state) {
        e.document.undoStack()->undo();
        benchmark::DoNotOptimize(e.evaluator.locals().data());
        state.PauseTiming();
        e.document.undoStack()->redo();
        benchmark::DoNotOptimize(e.evaluator.locals().data());
        state.ResumeTiming();
    }
}

void BM_InsertKeys60(benchmark::State& state)
{
    Editor e;
    QList<model::JointIndex> all;
    for (int j = 0; j < kBones; ++j)
        all.push_back(j);
    e.playback.setFrame(5);  // between keys 1 and 2 of every channel
    for (auto _ : state) {
        e.poses.insertKeys(all, anim::kTranslationBit | anim::kRotationBit | anim::kScaleBit);
        benchmark::DoNotOptimize(e.evaluator.locals().data());
        state.PauseTiming();
        e.document.undoStack()->undo();
        benchmark::DoNotOptimize(e.evaluator.locals().data());
        state.ResumeTiming();
    }
    state.counters["keys_inserted"] = 3 * kBones;
}

BENCHMARK(BM_MoveKeys)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_MoveKeysRedo)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_MoveKeysUndo)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_InsertKeys60)->Unit(benchmark::kMillisecond);

} // namespace
