// SPDX-License-Identifier: MIT
// Every shared FBX, COLLADA, MD5 and X model imports through importModel (the
// worker process), validates, and poses without NaN at 5 times per clip.
#include "core/io/model_import.h"
#include "core/model/pose_pipeline.h"
#include "shared_models.h"
#include "test_names.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

namespace marrow::io {
namespace {

struct ModelCase {
    const char* path;
    std::size_t clips;       // expected clip count
    bool skinned;            // at least one skinned mesh
};

const ModelCase kModels[] = {
    {"ozz-animation/fbx/pab/arnaud.fbx", 0, true},
    {"ozz-animation/fbx/pab/skeleton.fbx", 1, true},
    {"ozz-animation/fbx/pab/walk.fbx", 1, false},
    {"ozz-animation/fbx/pab/run.fbx", 1, false},
    {"ozz-animation/fbx/pab/jog.fbx", 1, false},
    {"ozz-animation/fbx/pab/locomotions.fbx", 3, false},
    {"ozz-animation/fbx/robot.fbx", 1, false},
    {"assimp/models/FBX/animation_with_skeleton.fbx", 1, true},
    {"assimp/models/FBX/huesitos.fbx", 1, true},
    {"assimp/models-nonbsd/FBX/2013_BINARY/anims_with_full_rotations_between_keys.fbx", 1, false},
    {"assimp/models/Collada/anims_with_full_rotations_between_keys.DAE", 1, false},
    {"ozz-animation/collada/seymour.dae", 1, true},
    {"ozz-animation/collada/astro_max.dae", 1, true},
    {"ozz-animation/collada/pab/skeleton.dae", 1, false},
    {"ozz-animation/collada/pab/walk.dae", 1, false},
    {"assimp/models/Collada/library_animation_clips.dae", 2, true},
    {"assimp/models-nonbsd/MD5/Bob.md5mesh", 1, true},
    {"assimp/models-nonbsd/MD5/BoarMan.md5mesh", 0, true},
    {"assimp/models/MD5/SimpleCube.md5mesh", 0, true},
    {"assimp/models/X/anim_test.x", 1, true},
    {"assimp/models/X/BCN_Epileptic.X", 1, true},
};

class AssimpModels : public ::testing::TestWithParam<ModelCase> {};

bool finite(const glm::vec3& v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }

// Poses every mesh and checks every position and world matrix is finite.
void expectFinitePose(const model::Rig& rig, model::PosePipeline& pipeline, const model::PoseRequest& request,
                      const std::string& what)
{
    ASSERT_TRUE(pipeline.evaluate(request)) << what;
    for (const glm::mat4& m : pipeline.worlds())
        for (int c = 0; c < 4; ++c)
            for (int r = 0; r < 4; ++r)
                ASSERT_TRUE(std::isfinite(m[c][r])) << what << ": non-finite world matrix";
    for (std::size_t i = 0; i < rig.meshes.size(); ++i) {
        std::vector<glm::vec3> positions(rig.meshes[i].vertexCount());
        ASSERT_TRUE(pipeline.skinMesh(i, mesh::SkinningMethod::Linear, positions, {})) << what << " mesh " << i;
        for (const glm::vec3& p : positions)
            ASSERT_TRUE(finite(p)) << what << ": mesh '" << rig.meshes[i].name << "' has a non-finite vertex";
    }
}

TEST_P(AssimpModels, ImportsValidatesAndPoses)
{
    const ModelCase& c = GetParam();
    const std::string path = test::model(c.path);
    const ImportResult r = importModel(path);
    ASSERT_TRUE(r.ok) << r.error;
    EXPECT_FALSE(r.rig.validate().has_value()) << *r.rig.validate();
    EXPECT_EQ(r.rig.clips.size(), c.clips);
    EXPECT_GT(r.rig.skeleton.size(), 0u);
    bool skinned = false;
    for (const mesh::Mesh& m : r.rig.meshes)
        skinned = skinned || m.skinned();
    EXPECT_EQ(skinned, c.skinned);
    for (const std::string& w : r.warnings) {
        EXPECT_EQ(w.rfind(path + ": ", 0), 0u) << w;
        EXPECT_EQ(w.find('\n'), std::string::npos) << w;
        std::printf("  warning: %s\n", w.c_str());
    }
    model::PosePipeline pipeline(r.rig);
    expectFinitePose(r.rig, pipeline, model::PoseRequest{}, "rest pose");
    for (std::size_t k = 0; k < r.rig.clips.size(); ++k) {
        const anim::Clip& clip = r.rig.clips[k];
        EXPECT_GE(clip.duration, 0.f);
        for (int i = 0; i < 5; ++i) {
            model::PoseRequest req;
            req.clip = static_cast<int>(k);
            req.time = clip.duration * static_cast<float>(i) / 4.f;
            expectFinitePose(r.rig, pipeline, req, "clip '" + clip.name + "' at " + std::to_string(req.time));
        }
    }
}

INSTANTIATE_TEST_SUITE_P(Shared, AssimpModels, ::testing::ValuesIn(kModels),
                         [](const ::testing::TestParamInfo<ModelCase>& param) {
                             return test::indexedTestName(param.index, param.param.path);
                         });

} // namespace
} // namespace marrow::io
