// SPDX-License-Identifier: MIT
// The viewport's GPU skinning against the core's CPU skinning (the reference
// the golden tests pin): positions read back by transform feedback must match
// PosePipeline::skinMesh within 1e-5 of the posed bounding-box diagonal, for
// LBS and DQS, on cesium_man and the public synthetic rig at two times each,
// and on the public rig's `stride` at 0.7 s, where spine3 is scaled.
// Also renders a frame into an FBO, checks it is not empty and saves a PNG.
#include "core/io/model_import.h"
#include "core/model/pose_pipeline.h"
#include "gl_test_context.h"
#include "shared_models.h"
#include "widgets/viewport/renderer/renderer.h"

#include <QImage>
#include <QOpenGLFramebufferObject>

#include <glm/gtc/matrix_transform.hpp>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <limits>
#include <string>
#include <utility>
#include <vector>

namespace marrow {
namespace {

constexpr double kSkinningTolerance = 1e-5;  // of the posed bounding-box diagonal

struct Posed {
    std::vector<std::vector<glm::vec3>> meshes;  // CPU-skinned positions per mesh
    glm::vec3 lo{std::numeric_limits<float>::max()}, hi{-std::numeric_limits<float>::max()};
    double diagonal() const { return glm::length(glm::dvec3(hi) - glm::dvec3(lo)); }
};

// Evaluates the pose, skins every mesh on the CPU and hands the same palettes
// to the renderer.
Posed poseBoth(const model::Rig& rig, model::PosePipeline& pipeline, gl::Renderer& renderer, double time,
               mesh::SkinningMethod method, int clip = 0)
{
    model::PoseRequest request;
    request.clip = rig.clips.empty() ? -1 : clip;
    request.time = time;
    EXPECT_TRUE(pipeline.evaluate(request));
    Posed posed;
    for (std::size_t m = 0; m < rig.meshes.size(); ++m) {
        std::vector<glm::vec3> p(rig.meshes[m].vertexCount());
        EXPECT_TRUE(pipeline.skinMesh(m, method, p, {}));
        for (const glm::vec3& v : p) {
            posed.lo = glm::min(posed.lo, v);
            posed.hi = glm::max(posed.hi, v);
        }
        posed.meshes.push_back(std::move(p));
    }
    renderer.setSkinningMethod(method);
    renderer.setNodeWorlds(pipeline.worlds());
    for (std::size_t s = 0; s < rig.skins.size(); ++s) {
        renderer.setPalette(s, pipeline.palette(s));
        if (method == mesh::SkinningMethod::DualQuaternion)
            renderer.setDualQuats(s, pipeline.dualQuats(s));
    }
    return posed;
}

// Largest |gpu - cpu| over every vertex of every mesh, over the diagonal.
double maxErrorRatio(gl::Renderer& renderer, const Posed& posed)
{
    double worst = 0.0;
    for (std::size_t m = 0; m < posed.meshes.size(); ++m) {
        std::vector<glm::vec3> gpu;
        EXPECT_TRUE(renderer.captureSkinnedPositions(m, gpu)) << "mesh " << m;
        EXPECT_EQ(gpu.size(), posed.meshes[m].size());
        for (std::size_t v = 0; v < std::min(gpu.size(), posed.meshes[m].size()); ++v)
            worst = std::max(worst, static_cast<double>(glm::length(gpu[v] - posed.meshes[m][v])));
    }
    return worst / posed.diagonal();
}

model::Rig load(const std::string& relative)
{
    const io::ImportResult result = io::importModel(test::model(relative));
    EXPECT_TRUE(result.ok) << result.error;
    return result.rig;
}

// A clip (by name) and a time to pose, besides the first clip at 30% and 70%.
struct ExtraPose {
    std::string clip;
    double time;
};

void expectGpuMatchesCpu(const std::string& relative, const std::vector<ExtraPose>& extra = {})
{
    test::GlTestContext context;
    const std::string error = context.create();
    ASSERT_TRUE(error.empty()) << error;
    const model::Rig rig = load(relative);
    ASSERT_FALSE(rig.meshes.empty());
    ASSERT_FALSE(rig.clips.empty()) << relative << " has no clip to pose";

    gl::Renderer renderer;
    ASSERT_TRUE(renderer.initialize()) << renderer.lastError().toStdString();
    renderer.setRig(rig);
    model::PosePipeline pipeline(rig);
    const double duration = rig.clips[0].duration;
    std::vector<std::pair<int, double>> poses = {{0, 0.3 * duration}, {0, 0.7 * duration}};
    for (const ExtraPose& e : extra) {
        poses.emplace_back(rig.findClip(e.clip), e.time);
        ASSERT_GE(poses.back().first, 0) << relative << " has no clip " << e.clip;
    }
    for (const auto& [clip, time] : poses) {
        for (const auto method : {mesh::SkinningMethod::Linear, mesh::SkinningMethod::DualQuaternion}) {
            const Posed posed = poseBoth(rig, pipeline, renderer, time, method, clip);
            const double ratio = maxErrorRatio(renderer, posed);
            const char* name = method == mesh::SkinningMethod::Linear ? "LBS" : "DQS";
            std::printf("[ gpu-vs-cpu ] %s clip %d t=%.4f %s: max |gpu - cpu| / diagonal = %.3g (diagonal %.4g)\n",
                        relative.c_str(), clip, time, name, ratio, posed.diagonal());
            EXPECT_LE(ratio, kSkinningTolerance) << relative << " t=" << time << ' ' << name;
        }
    }
    renderer.cleanup();
}

TEST(GpuSkinning, CesiumManMatchesCpuSkinning)
{
    expectGpuMatchesCpu("ozz-animation/gltf/khronos/cesium_man.gltf");
}

// Rows painted with Auto-Normalize off (every weight times 1.3 on every
// other vertex) deform on the GPU as on the CPU, and both as the
// normalised rows do: divided by the row's sum.
TEST(GpuSkinning, UnnormalisedRowsDeformAsNormalisedOnBoth)
{
    test::GlTestContext context;
    const std::string error = context.create();
    ASSERT_TRUE(error.empty()) << error;
    const model::Rig normalised = load("ozz-animation/gltf/khronos/cesium_man.gltf");
    ASSERT_FALSE(normalised.meshes.empty());
    model::Rig rig = normalised;
    mesh::SkinWeights& w = rig.meshes[0].weights;
    const auto stride = static_cast<std::size_t>(w.stride);
    for (std::size_t v = 0; v < w.vertexCount(); v += 2)
        for (std::size_t k = 0; k < stride; ++k)
            w.weights[v * stride + k] *= 1.3f;
    ASSERT_FALSE(rig.validate());

    gl::Renderer renderer;
    ASSERT_TRUE(renderer.initialize()) << renderer.lastError().toStdString();
    renderer.setRig(rig);
    model::PosePipeline pipeline(rig), reference(normalised);
    const double time = 0.4 * rig.clips[0].duration;
    for (const auto method : {mesh::SkinningMethod::Linear, mesh::SkinningMethod::DualQuaternion}) {
        const Posed posed = poseBoth(rig, pipeline, renderer, time, method);
        EXPECT_LE(maxErrorRatio(renderer, posed), kSkinningTolerance);
        model::PoseRequest request;
        request.clip = 0;
        request.time = time;
        ASSERT_TRUE(reference.evaluate(request));
        std::vector<glm::vec3> expected(normalised.meshes[0].vertexCount());
        ASSERT_TRUE(reference.skinMesh(0, method, expected, {}));
        double worst = 0.0;
        for (std::size_t v = 0; v < expected.size(); ++v)
            worst = std::max(worst, static_cast<double>(glm::length(posed.meshes[0][v] - expected[v])));
        EXPECT_LE(worst / posed.diagonal(), kSkinningTolerance) << "as the normalised rows";
    }
    renderer.cleanup();
}

TEST(GpuSkinning, PublicRigMatchesCpuSkinning)
{
    // stride at frame 21 (30 fps) scales spine3 by about (1.16, 0.96, 1.18).
    expectGpuMatchesCpu("synthetic/public_rig.gltf", {{"stride", 0.7}});
}

// Two nearby rows (12 and 30) go up as one range, and the GPU follows the
// new weights exactly as the CPU does.
TEST(GpuSkinning, WeightUpdateUploadsOnlyTheCoveringRange)
{
    test::GlTestContext context;
    const std::string error = context.create();
    ASSERT_TRUE(error.empty()) << error;
    model::Rig rig = load("ozz-animation/gltf/khronos/cesium_man.gltf");
    ASSERT_FALSE(rig.meshes.empty());
    ASSERT_TRUE(rig.meshes[0].skinned());
    ASSERT_GT(rig.meshes[0].vertexCount(), 40u);

    gl::Renderer renderer;
    ASSERT_TRUE(renderer.initialize()) << renderer.lastError().toStdString();
    renderer.setRig(rig);
    model::PosePipeline first(rig);
    Posed posed = poseBoth(rig, first, renderer, 0.5 * rig.clips[0].duration, mesh::SkinningMethod::Linear);
    EXPECT_LE(maxErrorRatio(renderer, posed), kSkinningTolerance);

    // Rows 12 and 30 move wholly to the skin's last joint.
    mesh::SkinWeights& w = rig.meshes[0].weights;
    const auto stride = static_cast<std::size_t>(w.stride);
    const auto last = static_cast<std::uint16_t>(rig.skins[0].joints.size() - 1);
    const std::vector<std::uint32_t> rows{30, 12};
    for (const std::uint32_t r : rows) {
        std::fill_n(w.joints.begin() + static_cast<std::ptrdiff_t>(r * stride), stride, std::uint16_t{0});
        std::fill_n(w.weights.begin() + static_cast<std::ptrdiff_t>(r * stride), stride, 0.f);
        w.joints[r * stride] = last;
        w.weights[r * stride] = 1.f;
    }
    const std::size_t before = renderer.bytesUploaded();
    renderer.updateWeights(0, w, rows);
    model::PosePipeline second(rig);  // the pipeline holds the rig by reference: rebuild after the edit
    posed = poseBoth(rig, second, renderer, 0.5 * rig.clips[0].duration, mesh::SkinningMethod::Linear);
    // The queue is applied by the capture.
    EXPECT_LE(maxErrorRatio(renderer, posed), kSkinningTolerance);
    // Three RGBA32F rows per joint: the affine skinning matrix without its constant bottom row.
    const std::size_t paletteBytes = rig.skins[0].joints.size() * 3 * sizeof(glm::vec4) * rig.skins.size();
    // Rows 12..30: 19 rows of 8 uint16 joints and 8 float weights, plus this frame's palette.
    EXPECT_EQ(renderer.bytesUploaded() - before, 19u * (16u + 32u) + paletteBytes);

    // A re-docked viewport gets a new context: cleanup, then initialise again,
    // and the kept rig, weights and palette go up again.
    renderer.cleanup();
    ASSERT_TRUE(renderer.initialize()) << renderer.lastError().toStdString();
    EXPECT_LE(maxErrorRatio(renderer, posed), kSkinningTolerance);
    renderer.cleanup();
}

TEST(GpuSkinning, RendersANonEmptyFrame)
{
    test::GlTestContext context;
    const std::string error = context.create();
    ASSERT_TRUE(error.empty()) << error;
    const model::Rig rig = load("ozz-animation/gltf/khronos/cesium_man.gltf");
    ASSERT_FALSE(rig.clips.empty());

    gl::Renderer renderer;
    ASSERT_TRUE(renderer.initialize()) << renderer.lastError().toStdString();
    const glm::vec4 clear(0.18f, 0.19f, 0.21f, 1.f);
    renderer.setClearColor(clear);
    renderer.setRig(rig);
    model::PosePipeline pipeline(rig);
    const Posed posed = poseBoth(rig, pipeline, renderer, 0.5 * rig.clips[0].duration,
                                 mesh::SkinningMethod::DualQuaternion);

    // Frame the posed mesh from the front-right, slightly above.
    const glm::vec3 centre = 0.5f * (posed.lo + posed.hi);
    const float radius = 0.5f * static_cast<float>(posed.diagonal());
    const glm::vec3 up = (posed.hi.z - posed.lo.z) > (posed.hi.y - posed.lo.y) ? glm::vec3(0, 0, 1) : glm::vec3(0, 1, 0);
    const glm::vec3 side = up.z > 0.f ? glm::vec3(1.2f, -2.f, 0.5f) : glm::vec3(1.2f, 0.5f, 2.f);
    const glm::vec3 eye = centre + glm::normalize(side) * radius * 2.6f;
    const int width = 640, height = 480;
    const glm::mat4 viewProjection =
        glm::perspective(glm::radians(40.f), float(width) / float(height), radius * 0.1f, radius * 10.f) *
        glm::lookAt(eye, centre, up);

    QOpenGLFramebufferObject fbo(width, height, QOpenGLFramebufferObject::Depth);
    ASSERT_TRUE(fbo.isValid());
    ASSERT_TRUE(fbo.bind());
    renderer.resize(width, height);
    renderer.paint(viewProjection);
    const QImage image = fbo.toImage();
    fbo.release();
    renderer.cleanup();

    const QRgb background = qRgb(qRound(clear.x * 255.f), qRound(clear.y * 255.f), qRound(clear.z * 255.f));
    std::size_t drawn = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x) {
            const QRgb p = image.pixel(x, y);
            if (std::abs(qRed(p) - qRed(background)) > 2 || std::abs(qGreen(p) - qGreen(background)) > 2 ||
                std::abs(qBlue(p) - qBlue(background)) > 2)
                ++drawn;
        }
    const std::filesystem::path out = test::binDir().parent_path() / "test-output" / "gpu_skinning_cesium_man.png";
    std::filesystem::create_directories(out.parent_path());
    EXPECT_TRUE(image.save(QString::fromStdString(out.string())));
    std::printf("[ screenshot ] %s: %zu of %d pixels drawn\n", out.string().c_str(), drawn, width * height);
    EXPECT_GT(drawn, static_cast<std::size_t>(width * height / 100)) << "the frame is (almost) all clear colour";
}

} // namespace
} // namespace marrow
