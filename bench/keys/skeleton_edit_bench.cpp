// SPDX-License-Identifier: MIT
// Edit Skeleton's costs on the bundled character (12,614 vertices, 27 joints):
//   BM_EditSkeletonGrabStep  one mouse move of a G on upperarm_L: the
//                            PoseEditor's rest edit from the gesture's start
//                            rig (setRestTransforms, inverse binds), the
//                            merged SetRestPoseCommand, the rest pose
//                            re-evaluated (what the viewport draws).
//   BM_EditSkeletonExtrude   E on hand_L: a RestructureRigCommand (the whole
//                            rig swapped) and its undo, views' pose re-read.
#include "core/commands/restructure_rig_command.h"
#include "core/document/document.h"
#include "core/io/gltf_import.h"
#include "core/model/skeleton_edit_tools.h"
#include "core/workspace/playback.h"
#include "core/workspace/pose_editor.h"
#include "core/workspace/pose_evaluator.h"
#include "core/workspace/selection.h"

#include <benchmark/benchmark.h>

namespace {

using namespace marrow;

struct Character {
    doc::Document document;
    ws::Selection selection{&document};
    ws::Playback playback;
    ws::PoseEvaluator evaluator{&document, &playback, &selection};
    ws::PoseEditor poses{&document, &playback, &selection, &evaluator};
    bool ok = false;

    Character()
    {
        io::ImportResult in = io::importGltf(MARROW_SOURCE_DIR "/resources/samples/marrow_character.gltf");
        ok = in.ok && !document.replaceRig(std::move(in.rig));
        evaluator.setEditSkeleton(true);
        poses.setEditSkeleton(true);
    }
};

void BM_EditSkeletonGrabStep(benchmark::State& state)
{
    Character c;
    if (!c.ok) {
        state.SkipWithError("the bundled character did not load");
        return;
    }
    const anim::JointIndex arm = *c.document.rig().skeleton.find("upperarm_L");
    const math::Transform start = c.document.rig().skeleton.rest[static_cast<std::size_t>(arm)];
    const model::InteractionId drag = c.document.beginInteraction();
    float step = 0.f;
    for (auto _ : state) {
        ws::PoseEditor::JointPose p{arm, start};
        p.local.translation.y += 0.001f * (step += 1.f);
        c.poses.applyPoses({&p, 1}, drag, "Move Joint");
        benchmark::DoNotOptimize(c.evaluator.worlds().data());
    }
}

void BM_EditSkeletonExtrude(benchmark::State& state)
{
    Character c;
    if (!c.ok) {
        state.SkipWithError("the bundled character did not load");
        return;
    }
    const anim::JointIndex hand = *c.document.rig().skeleton.find("hand_L");
    for (auto _ : state) {
        model::Rig rig = c.document.rig();
        model::addJointAt(rig, hand, {0.9f, 1.4f, 0.f}, "hand_L.001");
        c.document.undoStack()->push(new cmd::RestructureRigCommand(&c.document, std::move(rig), "Extrude Joint"));
        benchmark::DoNotOptimize(c.evaluator.worlds().data());
        c.document.undoStack()->undo();
        benchmark::DoNotOptimize(c.evaluator.worlds().data());
    }
}

BENCHMARK(BM_EditSkeletonGrabStep)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_EditSkeletonExtrude)->Unit(benchmark::kMillisecond);

} // namespace
