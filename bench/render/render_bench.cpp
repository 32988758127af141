// SPDX-License-Identifier: MIT
// The viewport's costs, measured with the renderer the editor uses, in an
// 800x600 framebuffer under whatever GL the display gives (llvmpipe here):
//   - one frame as playback draws it (palette upload, draw, glFinish), for
//     cesium_man and a generated 1M-vertex skinned mesh;
//   - the same mesh drawn plain (rigid, no skinning) side by side, so the
//     skinned/plain ratio shows what GPU skinning costs;
//   - the CPU work per frame apart from GL (sample, blend, world matrices,
//     palette, bone layout and instances);
//   - one brush dab's weight upload on the 1M-vertex tube (MeshBuffers,
//     glFinish included): ~2,000 rows in 45 runs, clustered as the renderer
//     sends them, against one span from the first row to the last.
// Needs a display: QT_QPA_PLATFORM=xcb xvfb-run -a -s "-screen 0 1280x800x24".
#include "core/io/model_import.h"
#include "core/model/pose_pipeline.h"
#include "widgets/viewport/bone_layout.h"
#include "widgets/viewport/orbit_camera.h"
#include "widgets/viewport/renderer/mesh_buffers.h"
#include "widgets/viewport/renderer/renderer.h"

#include <QGuiApplication>
#include <QOffscreenSurface>
#include <QOpenGLContext>
#include <QOpenGLFramebufferObject>
#include <QOpenGLFunctions_3_3_Core>
#include <QSurfaceFormat>

#include <benchmark/benchmark.h>
#include <glm/gtc/matrix_transform.hpp>

#include <algorithm>
#include <cmath>
#include <memory>
#include <string>

namespace {

using namespace marrow;

constexpr int kWidth = 800, kHeight = 600;

// A 64-joint chain up Y, skinned by a closed tube of rings x segments
// vertices, each vertex on the 4 nearest joints (1M vertices at 1000 x 1000).
model::Rig generatedTube(int rings, int segments)
{
    model::Rig rig;
    constexpr int kJoints = 64;
    const float height = 2.f, radius = 0.25f;
    for (int j = 0; j < kJoints; ++j) {
        std::string name = "j";
        name += std::to_string(j);
        rig.skeleton.names.push_back(name);
        rig.skeleton.parents.push_back(j - 1);
        math::Transform t;
        t.translation = glm::vec3(0.f, j == 0 ? 0.f : height / kJoints, 0.f);
        rig.skeleton.rest.push_back(t);
    }
    model::Skin skin;
    for (int j = 0; j < kJoints; ++j) {
        skin.joints.push_back(j);
        skin.inverseBind.push_back(glm::translate(glm::mat4(1.f), glm::vec3(0.f, -height * j / kJoints, 0.f)));
    }
    rig.skins.push_back(skin);
    mesh::Mesh m;
    m.skin = 0;
    m.weights.stride = 4;
    for (int r = 0; r < rings; ++r) {
        const float y = height * static_cast<float>(r) / static_cast<float>(rings - 1);
        const float jointPos = y / height * kJoints;
        const int base = std::clamp(static_cast<int>(jointPos) - 1, 0, kJoints - 4);
        float w[4], sum = 0.f;
        for (int k = 0; k < 4; ++k) {
            w[k] = 1.f / (1.f + std::abs(jointPos - static_cast<float>(base + k)));
            sum += w[k];
        }
        // Rows are sorted by weight, largest first.
        int order[4] = {0, 1, 2, 3};
        std::sort(order, order + 4, [&](int a, int b) { return w[a] > w[b]; });
        for (int s = 0; s < segments; ++s) {
            const float a = 2.f * 3.14159265f * static_cast<float>(s) / static_cast<float>(segments);
            m.positions.emplace_back(radius * std::cos(a), y, radius * std::sin(a));
            m.normals.emplace_back(std::cos(a), 0.f, std::sin(a));
            for (int k : order) {
                m.weights.joints.push_back(static_cast<std::uint16_t>(base + k));
                m.weights.weights.push_back(w[k] / sum);
            }
        }
    }
    for (int r = 0; r + 1 < rings; ++r) {
        for (int s = 0; s < segments; ++s) {
            const auto i = static_cast<std::uint32_t>(r * segments + s);
            const auto next = static_cast<std::uint32_t>(r * segments + (s + 1) % segments);
            const auto up = static_cast<std::uint32_t>(segments);
            m.indices.insert(m.indices.end(), {i, next, i + up, next, next + up, i + up});
        }
    }
    rig.meshes.push_back(std::move(m));
    // A bend over one second, so playback frames differ.
    anim::Clip clip;
    clip.name = "bend";
    clip.duration = 1.f;
    for (int j = 1; j < kJoints; ++j) {
        clip.tracks.emplace_back();
        clip.tracks.back().joint = j;
        auto& rot = clip.tracks.back().rotation;
        rot.times = {0.f, 1.f};
        rot.values = {glm::quat(1.f, 0.f, 0.f, 0.f), glm::angleAxis(0.05f, glm::vec3(0.f, 0.f, 1.f))};
    }
    rig.clips.push_back(std::move(clip));
    return rig;
}

// The same rig with its meshes made rigid: identical vertices and
// triangles, drawn without skinning.
model::Rig plainCopy(model::Rig rig)
{
    for (mesh::Mesh& m : rig.meshes) {
        m.skin = -1;
        m.weights = {};
    }
    rig.skins.clear();
    return rig;
}

struct GlFixture {
    std::unique_ptr<QOpenGLContext> context;
    std::unique_ptr<QOffscreenSurface> surface;
    std::unique_ptr<QOpenGLFramebufferObject> fbo;
    std::string error;

    GlFixture()
    {
        static int argc = 1;
        static char name[] = "marrow_render_bench";
        static char* argv[] = {name, nullptr};
        static QGuiApplication* app = QGuiApplication::instance() ? nullptr : new QGuiApplication(argc, argv);
        (void)app;
        QSurfaceFormat format;
        format.setVersion(3, 3);
        format.setProfile(QSurfaceFormat::CoreProfile);
        format.setDepthBufferSize(24);
        context = std::make_unique<QOpenGLContext>();
        context->setFormat(format);
        surface = std::make_unique<QOffscreenSurface>();
        surface->setFormat(format);
        surface->create();
        if (!context->create() || !context->makeCurrent(surface.get())) {
            error = "no OpenGL 3.3 context (run under xvfb-run with QT_QPA_PLATFORM=xcb)";
            return;
        }
        fbo = std::make_unique<QOpenGLFramebufferObject>(kWidth, kHeight,
                                                         QOpenGLFramebufferObject::CombinedDepthStencil);
        fbo->bind();
    }
    static GlFixture& instance()
    {
        static GlFixture fixture;
        return fixture;
    }
};

const model::Rig* loadRig(const std::string& which)
{
    static const model::Rig cesium = [] {
        io::ImportResult r = io::importModel(MARROW_SHARED_MODELS_DIR "/ozz-animation/gltf/khronos/cesium_man.gltf");
        return r.ok ? std::move(r.rig) : model::Rig{};
    }();
    static const model::Rig tube = generatedTube(1000, 1000);
    if (which == "cesium_man")
        return cesium.meshes.empty() ? nullptr : &cesium;
    return &tube;
}

// One playback frame: new palette, draw, wait for the GPU (glFinish), so
// the time is the frame's, not just the submission's.
void drawFrames(benchmark::State& state, const std::string& which, bool skinned)
{
    GlFixture& gl = GlFixture::instance();
    const model::Rig* source = loadRig(which);
    if (!gl.error.empty() || !source) {
        state.SkipWithError(gl.error.empty() ? "cesium_man.gltf not found" : gl.error.c_str());
        return;
    }
    const model::Rig rig = skinned ? *source : plainCopy(*source);
    model::PosePipeline pipeline(*source);
    gl::Renderer renderer;
    if (!renderer.initialize()) {
        state.SkipWithError(renderer.lastError().toStdString().c_str());
        return;
    }
    renderer.setRig(rig);
    renderer.setShowGrid(false);
    renderer.resize(kWidth, kHeight);
    ui::OrbitCamera camera;
    glm::vec3 lo(1e9f), hi(-1e9f);
    for (const auto& m : source->meshes)
        for (const glm::vec3& p : m.positions) {
            lo = glm::min(lo, p);
            hi = glm::max(hi, p);
        }
    camera.frame(lo, hi, static_cast<float>(kWidth) / kHeight);
    const glm::mat4 vp = camera.viewProjection(static_cast<float>(kWidth) / kHeight);
    static QOpenGLFunctions_3_3_Core functions;
    QOpenGLFunctions_3_3_Core* f = &functions;
    f->initializeOpenGLFunctions();
    double t = 0.0;
    // One warm-up frame uploads the mesh.
    renderer.paint(vp);
    f->glFinish();
    std::size_t bytes = renderer.bytesUploaded();
    for (auto _ : state) {
        t = std::fmod(t + 1.0 / 30.0, 1.0);
        model::PoseRequest request;
        request.clip = source->clips.empty() ? -1 : 0;
        request.time = t;
        pipeline.evaluate(request);
        renderer.setNodeWorlds(pipeline.worlds());
        if (skinned)
            for (std::size_t s = 0; s < source->skins.size(); ++s)
                renderer.setPalette(s, pipeline.palette(s));
        renderer.paint(vp);
        f->glFinish();
    }
    state.counters["bytes_per_frame"] =
        static_cast<double>(renderer.bytesUploaded() - bytes) / static_cast<double>(state.iterations());
    state.counters["vertices"] = static_cast<double>(rig.meshes.empty() ? 0 : rig.meshes[0].vertexCount());
    renderer.cleanup();
}

// One dab's weight upload on the 1000 x 1000 tube: a 45 x 45 vertex patch
// (2,025 rows: 45 runs of 45 rows, one ring = 1,000 rows apart), the way a
// brush dab lands. `span` sends every row from the first to the last (44,045
// rows), the single covering range uploaded before clustering (it also
// copies all those rows into the CPU copy, which the old code did not).
void weightUpload(benchmark::State& state, bool span)
{
    GlFixture& gl = GlFixture::instance();
    if (!gl.error.empty()) {
        state.SkipWithError(gl.error.c_str());
        return;
    }
    mesh::Mesh m = loadRig("tube1M")->meshes[0];
    constexpr std::uint32_t kSegments = 1000, kPatch = 45, kFirstRing = 400, kFirstSegment = 300;
    std::vector<std::uint32_t> rows;
    for (std::uint32_t r = 0; r < kPatch; ++r)
        for (std::uint32_t s = 0; s < kPatch; ++s)
            rows.push_back((kFirstRing + r) * kSegments + kFirstSegment + s);
    if (span) {
        const std::uint32_t first = rows.front(), last = rows.back();
        rows.clear();
        for (std::uint32_t r = first; r <= last; ++r)
            rows.push_back(r);
    }
    static QOpenGLFunctions_3_3_Core functions;
    functions.initializeOpenGLFunctions();
    gl::MeshBuffers buffers;
    buffers.create(functions, m);
    functions.glFinish();
    const std::size_t before = buffers.bytesUploaded();
    for (auto _ : state) {
        // A real change each time: the joints of each row's two largest weights swap.
        for (std::size_t k = 0; k < kPatch * kPatch; ++k) {
            const std::size_t row = (kFirstRing + k / kPatch) * kSegments + kFirstSegment + k % kPatch;
            std::swap(m.weights.joints[row * 4], m.weights.joints[row * 4 + 1]);
        }
        buffers.updateWeights(functions, m.weights, rows);
        functions.glFinish();
    }
    state.counters["bytes_per_update"] =
        static_cast<double>(buffers.bytesUploaded() - before) / static_cast<double>(state.iterations());
    state.counters["rows"] = static_cast<double>(rows.size());
    buffers.destroy(functions);
}

// The CPU side of one editor frame on the bundled-sample-sized rig: what
// PoseEvaluator and the viewport do before any GL call.
void cpuFrame(benchmark::State& state)
{
    static const model::Rig rig = [] {
        io::ImportResult r = io::importModel(MARROW_SHARED_MODELS_DIR "/synthetic/public_rig.gltf");
        return r.ok ? std::move(r.rig) : model::Rig{};
    }();
    if (rig.skeleton.size() == 0) {
        state.SkipWithError("public_rig.gltf not found");
        return;
    }
    model::PosePipeline pipeline(rig);
    ui::BoneLayout bones;
    bones.setSkeleton(rig.skeleton, rig.boneMask());
    std::vector<gl::BoneInstance> instances;
    const anim::JointIndex selected[] = {5};
    double t = 0.0;
    for (auto _ : state) {
        t = std::fmod(t + 1.0 / 30.0, 0.8);
        model::PoseRequest request;
        request.clip = 1;
        request.time = t;
        pipeline.evaluate(request);
        bones.update(pipeline.worlds());
        bones.buildInstances(selected, instances);
        benchmark::DoNotOptimize(instances.data());
    }
}

} // namespace

BENCHMARK_CAPTURE(drawFrames, cesium_man_skinned, std::string("cesium_man"), true)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(drawFrames, cesium_man_plain, std::string("cesium_man"), false)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(drawFrames, tube1M_skinned, std::string("tube1M"), true)->Unit(benchmark::kMillisecond)->MinTime(3.0);
BENCHMARK_CAPTURE(drawFrames, tube1M_plain, std::string("tube1M"), false)->Unit(benchmark::kMillisecond)->MinTime(3.0);
BENCHMARK(cpuFrame)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(weightUpload, tube1M_dab_clustered, false)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(weightUpload, tube1M_dab_span, true)->Unit(benchmark::kMicrosecond);
