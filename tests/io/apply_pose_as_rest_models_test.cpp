// SPDX-License-Identifier: MIT
// Apply Pose as Rest Pose on real characters (issue 22): the bundled
// character with its upper arms raised 70 degrees (an A-pose to T-pose
// kind of change) and cesium_man at the middle of its walk: after the
// apply, every skinned mesh at rest is where the pose showed it, the rig
// validates, and it writes as glTF and reads back.
#include "core/io/gltf_export.h"
#include "core/io/gltf_import.h"
#include "core/io/model_import.h"
#include "core/model/apply_pose_as_rest.h"
#include "core/model/pose_pipeline.h"
#include "shared_models.h"

#include <gtest/gtest.h>

#include <filesystem>

using namespace marrow;

namespace {

float worstDrift(const model::Rig& before, const model::PoseRequest& posed, const model::Rig& after)
{
    model::PosePipeline a(before), b(after);
    EXPECT_TRUE(a.evaluate(posed));
    EXPECT_TRUE(b.evaluate({}));
    float worst = 0.f;
    for (std::size_t m = 0; m < before.meshes.size(); ++m) {
        if (!before.meshes[m].skinned())
            continue;
        std::vector<glm::vec3> shown(before.meshes[m].vertexCount()), rest(after.meshes[m].vertexCount());
        EXPECT_TRUE(a.skinMesh(m, mesh::SkinningMethod::Linear, shown, {}));
        EXPECT_TRUE(b.skinMesh(m, mesh::SkinningMethod::Linear, rest, {}));
        for (std::size_t v = 0; v < shown.size(); ++v)
            worst = std::max(worst, glm::length(shown[v] - rest[v]));
    }
    return worst;
}

void expectAppliedAndWritten(const model::Rig& rig, const model::PoseRequest& posed, const std::string& label)
{
    model::PosePipeline pipeline(rig);
    ASSERT_TRUE(pipeline.evaluate(posed));
    const std::vector<math::Transform> pose(pipeline.locals().begin(), pipeline.locals().end());
    model::Rig applied = rig;
    ASSERT_FALSE(model::applyPoseAsRest(applied, pose)) << label;
    ASSERT_FALSE(applied.validate()) << label << ": " << *applied.validate();
    // Within 1e-5 of the character's size.
    EXPECT_LT(worstDrift(rig, posed, applied), 2e-5f) << label;
    std::string bytes;
    ASSERT_FALSE(io::encodeGltf(applied, io::GltfContainer::Binary, bytes)) << label;
    const io::ImportResult back = io::importGltfBytes(bytes, label + ".glb");
    ASSERT_TRUE(back.ok) << back.error;
    EXPECT_LT(worstDrift(rig, posed, back.rig), 1e-4f) << label << " read back";
}

} // namespace

TEST(ApplyPoseAsRestModels, BundledArmsRaisedAndCesiumManMidWalk)
{
    const io::ImportResult bundled = io::importModel(
        test::bundledCharacter().string());
    ASSERT_TRUE(bundled.ok) << bundled.error;
    std::vector<model::JointOverride> arms;
    for (const char* name : {"upperarm_L", "upperarm_R"}) {
        const auto j = bundled.rig.skeleton.find(name);
        ASSERT_TRUE(j) << name;
        math::Transform t = bundled.rig.skeleton.rest[static_cast<std::size_t>(*j)];
        const float side = name[9] == 'L' ? 1.f : -1.f;
        t.rotation = glm::normalize(glm::angleAxis(side * 1.2f, glm::vec3(0.f, 0.f, 1.f)) * t.rotation);
        arms.push_back({*j, t});
    }
    model::PoseRequest raised;
    raised.overrides = arms;
    expectAppliedAndWritten(bundled.rig, raised, "bundled");

    const io::ImportResult cesium = io::importModel(test::model("ozz-animation/gltf/khronos/cesium_man.gltf"));
    ASSERT_TRUE(cesium.ok) << cesium.error;
    ASSERT_FALSE(cesium.rig.clips.empty());
    model::PoseRequest walking;
    walking.clip = 0;
    walking.time = 0.5 * cesium.rig.clips[0].duration;
    expectAppliedAndWritten(cesium.rig, walking, "cesium_man");
}
