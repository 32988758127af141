// SPDX-License-Identifier: MIT
// Plausibility of DQS on the bundled sample (public_rig.gltf, identical to
// shared/models/synthetic/public_rig.gltf) where LBS is right: clip `stride`
// at 0.7 s (frame 21 at 30 fps) scales spine3 by about (1.16, 0.96, 1.18).
// The head and the hands hang from the scaled spine through rigid joints, so
// DQS must put them where LBS does; the torso may differ (that is DQS's
// point) but must not collapse.
#include "core/io/model_import.h"
#include "core/model/pose_pipeline.h"
#include "shared_models.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <limits>
#include <string>
#include <vector>

namespace marrow {
namespace {

struct Region {
    const char* name;
    std::vector<std::string> joints;  // a vertex belongs when its heaviest joint is one of these
};

TEST(DqsScaledSpine, HeadAndHandsStayWhereLinearBlendPutsThem)
{
    const io::ImportResult imported = io::importModel(test::model("synthetic/public_rig.gltf"));
    ASSERT_TRUE(imported.ok) << imported.error;
    const model::Rig& rig = imported.rig;
    const int clip = rig.findClip("stride");
    ASSERT_GE(clip, 0);
    model::PosePipeline pipeline(rig);
    ASSERT_TRUE(pipeline.evaluate({clip, 0.7}));
    // The pose really scales spine3 (else this test checks nothing).
    const auto spine3 = rig.skeleton.find("spine3");
    ASSERT_TRUE(spine3);
    const glm::vec3 spineScale = pipeline.locals()[static_cast<std::size_t>(*spine3)].scale;
    EXPECT_GT(glm::length(spineScale - glm::vec3(1.f)), .1f) << "stride@0.7 no longer scales spine3";

    const Region regions[] = {{"head", {"head", "head_end"}}, {"left hand", {"hand_L"}}, {"right hand", {"hand_R"}}};
    std::size_t checked = 0;
    double height = 0.0;
    for (std::size_t m = 0; m < rig.meshes.size(); ++m) {
        const mesh::Mesh& mesh = rig.meshes[m];
        if (!mesh.skinned())
            continue;
        std::vector<glm::vec3> lbs(mesh.vertexCount()), dqs(mesh.vertexCount());
        ASSERT_TRUE(pipeline.skinMesh(m, mesh::SkinningMethod::Linear, lbs, {}));
        ASSERT_TRUE(pipeline.skinMesh(m, mesh::SkinningMethod::DualQuaternion, dqs, {}));
        float lo = std::numeric_limits<float>::max(), hi = -lo;
        for (const glm::vec3& p : lbs) {
            lo = std::min(lo, p.y);
            hi = std::max(hi, p.y);
        }
        height = std::max(height, static_cast<double>(hi - lo));
        const auto& skin = rig.skins[static_cast<std::size_t>(mesh.skin)];
        for (const Region& region : regions) {
            double worst = 0.0;
            std::size_t count = 0;
            for (std::size_t v = 0; v < mesh.vertexCount(); ++v) {
                const auto joint = skin.joints[mesh.weights.jointRow(v)[0]];
                const std::string& name = rig.skeleton.names[static_cast<std::size_t>(joint)];
                if (std::find(region.joints.begin(), region.joints.end(), name) == region.joints.end())
                    continue;
                worst = std::max(worst, static_cast<double>(glm::length(dqs[v] - lbs[v])));
                ++count;
            }
            std::printf("[ dqs-vs-lbs ] %s: %zu vertices, max |dqs - lbs| = %.3g (body height %.3g)\n", region.name,
                        count, worst, height);
            EXPECT_GT(count, 10u) << region.name;
            // 0.5% of the body's height: blends at the wrist and neck may differ a little.
            EXPECT_LE(worst, 0.005 * height) << region.name;
            checked += count;
        }
    }
    EXPECT_GT(height, 0.5);
    EXPECT_GT(checked, 30u);
}

} // namespace
} // namespace marrow
