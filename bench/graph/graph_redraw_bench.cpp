// SPDX-License-Identifier: MIT
// The graph editor's redraws with ~30,000 keys shown: 23 bones selected,
// each keying translation (cubic), rotation (cubic and linear runs) and
// scale (linear) at 145 keys, every 2 frames at 30 fps (23 x 3 channels x
// 3 components x 145 = 30,015 key points), in a 1400x400 GraphView rendered
// into a QImage with QWidget::render (offscreen platform):
//   BM_GraphZoomStep        one Ctrl+wheel notch on the time axis (8 in,
//                           then 8 out, so octave crossings are counted),
//                           then a full repaint.
//   BM_GraphPlaybackRedraw  playback moves one frame, repaint.
//   BM_GraphKeyEditRedraw   one key of one bone's translation moves through
//                           the document (push, then undo on the next
//                           iteration; the bone cycles), repaint.
#include "core/anim/key_ops.h"
#include "core/commands/animation_edit.h"
#include "core/document/document.h"
#include "core/workspace/key_selection.h"
#include "core/workspace/playback.h"
#include "core/workspace/pose_evaluator.h"
#include "core/workspace/selection.h"
#include "widgets/timeline/graph/graph_view.h"

#include <QApplication>
#include <QImage>
#include <QUndoStack>
#include <QWheelEvent>
#include <benchmark/benchmark.h>
#include <glm/gtc/quaternion.hpp>

#include <cmath>
#include <memory>

using namespace marrow;

namespace {

constexpr int kBones = 23;
constexpr int kKeysPerChannel = 145;
constexpr float kFps = 30.f;
constexpr int kWidth = 1400;
constexpr int kHeight = 400;

anim::Interpolation rotationMode(int key)
{
    // Runs of 8 keys alternate, so both segment kinds are drawn.
    return (key / 8) % 2 == 0 ? anim::Interpolation::CubicSpline : anim::Interpolation::Linear;
}

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
        const glm::vec3 axis = glm::normalize(glm::vec3(1.f, 0.4f + 0.05f * static_cast<float>(j), 0.3f));
        for (int k = 0; k < kKeysPerChannel; ++k) {
            const float t = static_cast<float>(k * 2) / kFps;
            const float s = std::sin(0.37f * static_cast<float>(k) + static_cast<float>(j));
            anim::insertKey(track.translation, t, glm::vec3(s, 0.1f * s, 0.5f - s), anim::Interpolation::CubicSpline);
            anim::insertKey(track.rotation, t, glm::angleAxis(1.4f * s, axis), rotationMode(k));
            anim::insertKey(track.scale, t, glm::vec3(1.f + 0.1f * s), anim::Interpolation::Linear);
        }
        clip.tracks.push_back(std::move(track));
    }
    clip.updateDuration();
    rig.clips.push_back(std::move(clip));
    return rig;
}

// The editor's graph tab with every bone selected, after its first paint.
struct Editor {
    doc::Document document;
    ws::Selection selection{&document};
    ws::Playback playback;
    ws::PoseEvaluator evaluator{&document, &playback, &selection};
    ws::KeySelection keys{&document, &selection};
    std::unique_ptr<ui::GraphView> view;
    QImage image{kWidth, kHeight, QImage::Format_ARGB32_Premultiplied};

    Editor()
    {
        document.replaceRig(keyedRig());
        selection.setActiveClip(0);
        playback.setFps(kFps);
        playback.setDuration(document.rig().clips[0].duration);
        playback.setLoop(true);
        QList<model::JointIndex> all;
        for (int j = 0; j < kBones; ++j)
            all.push_back(j);
        selection.setJoints(all);
        view = std::make_unique<ui::GraphView>(&document, &selection, &playback, &keys);
        view->resize(kWidth, kHeight);
        draw();  // the first paint fits both axes to the curves
    }

    void draw() { view->render(&image); }

    std::size_t keysShown() const
    {
        std::size_t n = 0;
        for (const auto& c : view->curves())
            n += c.keys.size();
        return n;
    }

    // One Ctrl+wheel notch at the plot's centre (positive: zoom in).
    void zoomNotch(int direction)
    {
        const QPointF at(view->plotRect().center());
        QWheelEvent wheel(at, view->mapToGlobal(at), QPoint(), QPoint(0, 120 * direction), Qt::NoButton,
                          Qt::ControlModifier, Qt::NoScrollPhase, false);
        QCoreApplication::sendEvent(view.get(), &wheel);
    }
};

// Made in main, after the QApplication, and gone before it.
Editor* g_editor = nullptr;

Editor& editor() { return *g_editor; }

void countKeys(benchmark::State& state, const Editor& e)
{
    state.counters["keys_shown"] = static_cast<double>(e.keysShown());
}

void BM_GraphZoomStep(benchmark::State& state)
{
    Editor& e = editor();
    int step = 0;
    for (auto _ : state) {
        e.zoomNotch(step % 16 < 8 ? 1 : -1);
        e.draw();
        ++step;
    }
    // Leave the view as the other cases found it.
    while (step % 16 != 0)
        e.zoomNotch(step++ % 16 < 8 ? 1 : -1);
    e.draw();
    countKeys(state, e);
}
BENCHMARK(BM_GraphZoomStep)->Unit(benchmark::kMillisecond)->MeasureProcessCPUTime();

void BM_GraphPlaybackRedraw(benchmark::State& state)
{
    Editor& e = editor();
    for (auto _ : state) {
        e.playback.stepForward();
        e.draw();
    }
    countKeys(state, e);
}
BENCHMARK(BM_GraphPlaybackRedraw)->Unit(benchmark::kMillisecond)->MeasureProcessCPUTime();

void BM_GraphKeyEditRedraw(benchmark::State& state)
{
    Editor& e = editor();
    QUndoStack* stack = e.document.undoStack();
    int bone = 0;
    for (auto _ : state) {
        if (stack->canUndo()) {
            stack->undo();
        } else {
            cmd::AnimationEdit edit(e.document, 0);
            edit.track(bone)->translation.values[kKeysPerChannel / 2].y += 0.05f;
            stack->push(edit.command(&e.document, "bench edit").release());
            bone = (bone + 1) % kBones;
        }
        e.draw();
    }
    stack->clear();
    countKeys(state, e);
}
BENCHMARK(BM_GraphKeyEditRedraw)->Unit(benchmark::kMillisecond)->MeasureProcessCPUTime();

} // namespace

int main(int argc, char** argv)
{
    // Widgets without a display: the offscreen platform paints into images.
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv))
        return 1;
    {
        Editor e;
        g_editor = &e;
        // To look at what is measured: MARROW_GRAPH_BENCH_PNG=/tmp/graph.png.
        if (const QString png = qEnvironmentVariable("MARROW_GRAPH_BENCH_PNG"); !png.isEmpty())
            e.image.save(png);
        benchmark::RunSpecifiedBenchmarks();
        g_editor = nullptr;
    }
    benchmark::Shutdown();
    return 0;
}
