// SPDX-License-Identifier: MIT
// Morph targets on the GPU: skinned_mesh.vert adds each active target's
// displacement before skinning, so transform feedback of the real-traits
// sample's head (a "Puff" target, default weight 0.25, keyed by the idle
// clip) matches the CPU pose (morphed, then skinned) in the rest pose and
// through the clip, with LBS and DQS; and the weights go up only when they
// change, 8 bytes per target that weighs.
#include "core/io/model_import.h"
#include "core/model/pose_pipeline.h"
#include "gl_test_context.h"
#include "shared_models.h"
#include "widgets/viewport/renderer/renderer.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <cstdio>
#include <vector>

namespace marrow {
namespace {

constexpr double kTolerance = 1e-5;  // of the mesh's bounding-box diagonal

class GpuMorph : public ::testing::Test {
protected:
    void SetUp() override
    {
        const std::string error = context.create();
        ASSERT_TRUE(error.empty()) << error;
        const io::ImportResult imported = io::importModel(test::traitsSample());
        ASSERT_TRUE(imported.ok) << imported.error;
        rig = imported.rig;
        for (std::size_t m = 0; m < rig.meshes.size(); ++m)
            if (!rig.meshes[m].morphTargets.empty())
                head = m;
        ASSERT_EQ(rig.meshes[head].name, "Head");
        ASSERT_EQ(rig.meshes[head].morphWeights, std::vector<float>{0.25f});
        idle = rig.findClip("idle");
        ASSERT_GE(idle, 0);
        ASSERT_NE(rig.clips[static_cast<std::size_t>(idle)].findMorphTrack(static_cast<std::uint32_t>(head)), nullptr);
        ASSERT_TRUE(renderer.initialize()) << renderer.lastError().toStdString();
        renderer.setRig(rig);
        pipeline = std::make_unique<model::PosePipeline>(rig);
    }
    void TearDown() override { renderer.cleanup(); }

    // Poses the CPU and hands the renderer the same palettes and weights.
    void pose(int clip, double time, mesh::SkinningMethod method)
    {
        model::PoseRequest request;
        request.clip = clip;
        request.time = time;
        ASSERT_TRUE(pipeline->evaluate(request));
        renderer.setSkinningMethod(method);
        renderer.setNodeWorlds(pipeline->worlds());
        for (std::size_t s = 0; s < rig.skins.size(); ++s) {
            renderer.setPalette(s, pipeline->palette(s));
            if (method == mesh::SkinningMethod::DualQuaternion)
                renderer.setDualQuats(s, pipeline->dualQuats(s));
        }
        renderer.setMorphWeights(head, pipeline->morphWeights(head));
    }

    std::vector<glm::vec3> cpu(mesh::SkinningMethod method) const
    {
        std::vector<glm::vec3> p(rig.meshes[head].vertexCount());
        EXPECT_TRUE(pipeline->skinMesh(head, method, p, {}));
        return p;
    }

    std::vector<glm::vec3> gpu()
    {
        std::vector<glm::vec3> p;
        EXPECT_TRUE(renderer.captureSkinnedPositions(head, p));
        return p;
    }

    static double diagonal(const std::vector<glm::vec3>& p)
    {
        glm::vec3 lo(1e30f), hi(-1e30f);
        for (const glm::vec3& v : p) {
            lo = glm::min(lo, v);
            hi = glm::max(hi, v);
        }
        return glm::length(glm::dvec3(hi) - glm::dvec3(lo));
    }

    static double maxDistance(const std::vector<glm::vec3>& a, const std::vector<glm::vec3>& b)
    {
        EXPECT_EQ(a.size(), b.size());
        double worst = 0.0;
        for (std::size_t v = 0; v < std::min(a.size(), b.size()); ++v)
            worst = std::max(worst, static_cast<double>(glm::length(a[v] - b[v])));
        return worst;
    }

    test::GlTestContext context;
    gl::Renderer renderer;
    model::Rig rig;
    std::unique_ptr<model::PosePipeline> pipeline;
    std::size_t head = 0;
    int idle = -1;
};

TEST_F(GpuMorph, TheRestPoseShowsTheDefaultMorphShape)
{
    pose(-1, 0.0, mesh::SkinningMethod::Linear);
    ASSERT_EQ(pipeline->morphWeights(head)[0], 0.25f);
    const std::vector<glm::vec3> expected = cpu(mesh::SkinningMethod::Linear);
    const std::vector<glm::vec3> drawn = gpu();
    const double size = diagonal(expected);
    EXPECT_LE(maxDistance(drawn, expected) / size, kTolerance);
    // Unmorphed, the head is visibly elsewhere: the check above can fail.
    const float none[] = {0.f};
    renderer.setMorphWeights(head, none);
    const double moved = maxDistance(gpu(), expected) / size;
    std::printf("[ gpu-morph ] rest: the default weight moves the head by %.3g of its diagonal\n", moved);
    EXPECT_GT(moved, 100 * kTolerance);
}

TEST_F(GpuMorph, TheIdleClipsWeightsMatchTheCpuPoseWithBothSkinnings)
{
    const double duration = rig.clips[static_cast<std::size_t>(idle)].duration;
    double largest = 0.0;
    for (const double f : {0.0, 0.2, 0.45, 0.8}) {
        for (const auto method : {mesh::SkinningMethod::Linear, mesh::SkinningMethod::DualQuaternion}) {
            pose(idle, f * duration, method);
            const std::vector<glm::vec3> expected = cpu(method);
            const double ratio = maxDistance(gpu(), expected) / diagonal(expected);
            std::printf("[ gpu-morph ] idle t=%.3f %s: weight %.3f, max |gpu - cpu| / diagonal = %.3g\n",
                        f * duration, method == mesh::SkinningMethod::Linear ? "LBS" : "DQS",
                        static_cast<double>(pipeline->morphWeights(head)[0]), ratio);
            EXPECT_LE(ratio, kTolerance) << "t=" << f * duration;
            largest = std::max(largest, static_cast<double>(pipeline->morphWeights(head)[0]));
        }
    }
    EXPECT_GT(largest, 0.5) << "the clip drives the weight well away from its default";
}

TEST_F(GpuMorph, WeightsGoUpOnlyWhenTheyChange)
{
    pose(-1, 0.0, mesh::SkinningMethod::Linear);
    gpu();  // uploads the mesh, its targets and the first weights
    const std::size_t before = renderer.bytesUploaded();
    renderer.setMorphWeights(head, pipeline->morphWeights(head));
    gpu();
    EXPECT_EQ(renderer.bytesUploaded(), before) << "the same weights again upload nothing";
    const float other[] = {0.5f};
    renderer.setMorphWeights(head, other);
    gpu();
    EXPECT_EQ(renderer.bytesUploaded() - before, 2 * sizeof(float)) << "one (target, weight) pair";
}

} // namespace
} // namespace marrow
