// SPDX-License-Identifier: MIT
// glTF export round trips through io::importModel that must keep the rig and its poses.
#include "gltf_export_compare.h"
#include "gltf_export_rigs.h"

namespace marrow::export_test {
namespace {

class ExportRoundTrip : public ExportTest, public ::testing::WithParamInterface<const char*> {};

TEST_P(ExportRoundTrip, SkinnedStripKeepsRigAndPoses)
{
    const model::Rig rig = skinnedStrip();
    const model::Rig back = roundTrip(rig, path(std::string("strip") + GetParam()));
    expectSameRig(rig, back, 0.f);
    expectSamePoses(rig, back);
}

INSTANTIATE_TEST_SUITE_P(Containers, ExportRoundTrip, ::testing::Values(".gltf", ".glb"),
                         [](const auto& p) { return std::string(p.param + 1); });

// Shared glTF models: import, export, import again; the rig and its poses must not change.
class SharedModelRoundTrip : public ExportTest,
                             public ::testing::WithParamInterface<std::tuple<const char*, const char*>> {};

TEST_P(SharedModelRoundTrip, ExportPosesLikeItsSource)
{
    const auto [model, ext] = GetParam();
    const io::ImportResult source = io::importModel(test::model(model));
    ASSERT_TRUE(source.ok) << source.error;
    const model::Rig back = roundTrip(source.rig, path(std::string("model") + ext));
    // Rows the validator would reject move by a few float steps at most.
    expectSameRig(source.rig, back, 1e-6f);
    expectSamePoses(source.rig, back);
}

INSTANTIATE_TEST_SUITE_P(
    Models, SharedModelRoundTrip,
    ::testing::Combine(::testing::Values("ozz-animation/gltf/khronos/cesium_man.gltf",
                                         "ozz-animation/gltf/khronos/rigged_simple.gltf",
                                         "ozz-animation/gltf/khronos/box_animated.gltf",
                                         "assimp/models/glTF2/simple_skin/simple_skin.gltf",
                                         "assimp/models/glTF2/simple_skin/quad_skin.glb", "synthetic/public_rig.gltf"),
                       ::testing::Values(".gltf", ".glb")),
    [](const auto& p) {
        std::string name = fs::path(std::get<0>(p.param)).stem().string() + "_" + (std::get<1>(p.param) + 1);
        std::replace_if(name.begin(), name.end(), [](char c) { return !std::isalnum(static_cast<unsigned char>(c)); }, '_');
        return name;
    });


} // namespace
} // namespace marrow::export_test
