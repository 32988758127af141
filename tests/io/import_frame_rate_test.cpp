// SPDX-License-Identifier: MIT
// An import says at which frame rate its keys were set (the document opens
// at that rate): a generated clip keyed at 24 or 30 fps, and real files.
#include "core/io/gltf_export.h"
#include "core/io/model_import.h"
#include "shared_models.h"
#include "tiny_rigs.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <ostream>
#include <unistd.h>

namespace marrow {
namespace {

namespace fs = std::filesystem;

// The four-vertex arm with its keys moved onto frames 0, 5, 13 and 29 of `fps`.
model::Rig armKeyedAt(double fps)
{
    model::Rig rig = test::fourVertexSkinRig();
    std::vector<float> times;
    for (int frame : {0, 5, 13, 29})
        times.push_back(static_cast<float>(frame / fps));
    anim::JointTrack& elbow = rig.clips[0].tracks[0];
    elbow.rotation = test::quatChannel(times, std::vector<glm::quat>(times.size(), glm::quat(1.f, 0.f, 0.f, 0.f)));
    rig.clips[0].updateDuration();
    return rig;
}

std::optional<double> importedRate(const model::Rig& rig, const std::string& name)
{
    const fs::path file = fs::temp_directory_path() / ("marrow_rate_" + std::to_string(::getpid()) + "_" + name);
    if (auto err = io::exportGltf(rig, file.string())) {
        ADD_FAILURE() << *err;
        return std::nullopt;
    }
    const io::ImportResult result = io::importModel(file.string());
    fs::remove(file);
    if (!result.ok) {
        ADD_FAILURE() << result.error;
        return std::nullopt;
    }
    return result.frameRate;
}

TEST(ImportFrameRate, AGeneratedClipKeyedAt24FpsSays24)
{
    // The "lift" clip's keys (0 and 2 s) fit every rate; the moved keys decide.
    EXPECT_EQ(importedRate(armKeyedAt(24.0), "24.gltf"), 24.0);
    EXPECT_EQ(importedRate(armKeyedAt(30.0), "30.gltf"), 30.0);
    EXPECT_EQ(importedRate(armKeyedAt(50.0), "50.glb"), 50.0);
}

TEST(ImportFrameRate, KeysOnNoCommonGridGiveNoRate)
{
    EXPECT_EQ(importedRate(armKeyedAt(40.0), "40.gltf"), std::nullopt);
    model::Rig still = test::fourVertexSkinRig();
    still.clips.clear();
    EXPECT_EQ(importedRate(still, "still.gltf"), std::nullopt);
}

struct RealFile {
    const char* path;
    std::optional<double> rate;
};

void PrintTo(const RealFile& file, std::ostream* os)
{
    *os << file.path;
}

class RealFileFrameRate : public ::testing::TestWithParam<RealFile> {};

TEST_P(RealFileFrameRate, IsTheRateItsKeysWereSetAt)
{
    const io::ImportResult result = io::importModel(test::model(GetParam().path));
    ASSERT_TRUE(result.ok) << result.error;
    EXPECT_EQ(result.frameRate, GetParam().rate);
}

INSTANTIATE_TEST_SUITE_P(
    SharedModels, RealFileFrameRate,
    ::testing::Values(RealFile{"ozz-animation/gltf/khronos/cesium_man.gltf", 24.0},  // 49 keys over 2 s
                      RealFile{"ozz-animation/gltf/khronos/rigged_simple.gltf", 24.0},
                      RealFile{"synthetic/public_rig.gltf", 60.0},  // keys at 0.1 s and 0.25 s
                      // Survey and Walk on 24 fps frames, Run with 8 of its 25 keys between them.
                      RealFile{"real/Fox.glb", 24.0},
                      // Through Assimp: Blender FBX exports at 24 and 25 fps, a Collada file at 24, the pab walk
                      // at 30; the pab jog has keys 1/120 s apart, on no common rate.
                      RealFile{"assimp/models/FBX/animation_with_skeleton.fbx", 24.0},
                      RealFile{"assimp/models/FBX/huesitos.fbx", 25.0},
                      RealFile{"ozz-animation/collada/seymour.dae", 24.0},
                      RealFile{"ozz-animation/fbx/pab/walk.fbx", 30.0},
                      RealFile{"ozz-animation/fbx/pab/jog.fbx", std::nullopt},
                      RealFile{"assimp/models/glTF2/simple_skin/quad_skin.glb", std::nullopt}),  // no animation
    [](const ::testing::TestParamInfo<RealFile>& p) {
        std::string name = fs::path(p.param.path).stem().string();
        for (char& c : name)
            if (!std::isalnum(static_cast<unsigned char>(c)))
                c = '_';
        return name;
    });

} // namespace
} // namespace marrow
