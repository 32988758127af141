// SPDX-License-Identifier: MIT
// The pab rig (skeleton.fbx) driven by its animation-only files (walk, run,
// jog), as `marrow-cli pose skeleton.fbx --clips-from walk.fbx` does.
#include "core/io/model_import.h"
#include "core/model/clip_transfer.h"
#include "core/model/pose_pipeline.h"
#include "shared_models.h"

#include <gtest/gtest.h>

#include <cmath>

namespace marrow {
namespace {

class PabClips : public ::testing::TestWithParam<const char*> {};

TEST_P(PabClips, EveryBipedJointMatchesAndTheMeshMoves)
{
    io::ImportResult rig = io::importModel(test::model("ozz-animation/fbx/pab/skeleton.fbx"));
    ASSERT_TRUE(rig.ok) << rig.error;
    const io::ImportResult anim = io::importModel(test::model(std::string("ozz-animation/fbx/pab/") + GetParam()));
    ASSERT_TRUE(anim.ok) << anim.error;
    const std::size_t before = rig.rig.clips.size();
    const auto unmatched = model::transferClips(anim.rig, rig.rig);
    // Only the scene's cameras, sky and the footsteps helper may be left over:
    // every joint of the biped (Bip01 nubs included, spelled without spaces in
    // the older FBX) must find its partner.
    for (const std::string& name : unmatched)
        EXPECT_TRUE(name.rfind("Camera", 0) == 0 || name.rfind("Sky", 0) == 0 || name == "Bip01 Footsteps")
            << "unmatched joint " << name;
    ASSERT_EQ(rig.rig.clips.size(), before + anim.rig.clips.size());
    ASSERT_FALSE(rig.rig.validate()) << *rig.rig.validate();

    const int clip = static_cast<int>(before);
    const double duration = rig.rig.clips[static_cast<std::size_t>(clip)].duration;
    ASSERT_GT(duration, 0.0);
    model::PosePipeline pipeline(rig.rig);
    ASSERT_FALSE(rig.rig.meshes.empty());
    std::vector<glm::vec3> rest(rig.rig.meshes[0].positions.size()), posed(rest.size()), other(rest.size());
    ASSERT_TRUE(pipeline.skinMesh(0, mesh::SkinningMethod::Linear, rest, {}));
    ASSERT_TRUE(pipeline.evaluate({clip, duration * 0.25}));
    ASSERT_TRUE(pipeline.skinMesh(0, mesh::SkinningMethod::Linear, posed, {}));
    ASSERT_TRUE(pipeline.evaluate({clip, duration * 0.75}));
    ASSERT_TRUE(pipeline.skinMesh(0, mesh::SkinningMethod::Linear, other, {}));
    float moved = 0.f, between = 0.f;
    for (std::size_t v = 0; v < rest.size(); ++v) {
        ASSERT_TRUE(std::isfinite(posed[v].x) && std::isfinite(posed[v].y) && std::isfinite(posed[v].z)) << v;
        moved = std::max(moved, glm::length(posed[v] - rest[v]));
        between = std::max(between, glm::length(posed[v] - other[v]));
    }
    EXPECT_GT(moved, 1.f) << "the clip moves the mesh away from its rest pose";
    EXPECT_GT(between, 1.f) << "a quarter and three quarters into the clip are different poses";
}

std::string clipName(const ::testing::TestParamInfo<const char*>& p)
{
    const std::string file = p.param;
    return file.substr(0, file.find('.'));
}

INSTANTIATE_TEST_SUITE_P(Pab, PabClips, ::testing::Values("walk.fbx", "run.fbx", "jog.fbx"), clipName);

} // namespace
} // namespace marrow
