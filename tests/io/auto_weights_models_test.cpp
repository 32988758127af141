// SPDX-License-Identifier: MIT
// Automatic weights on real characters (issue 20): for every skinned model,
// bone heat from the bones the artist weighted weights every vertex (rows
// sum to 1, at most 4 influences) and puts the artist's dominant bone on at
// least the share measured when this was written, less 5 points (Blender
// 3.4's automatic weights agree with artists on 63-91 %: see the issue's
// closing note for the table).
#include "core/io/model_import.h"
#include "core/model/auto_weights.h"
#include "shared_models.h"

#include <gtest/gtest.h>

#include <filesystem>

namespace marrow {
namespace {

struct AgreementCase {
    const char* model;       // under ../shared/models, or "@traits" / "@bundled"
    double dominantAtLeast;  // percent of vertices
    model::BoneSegments segments = model::BoneSegments::EachChild;
};

std::string pathOf(const std::string& model)
{
    if (model == "@traits")
        return test::traitsSample();
    if (model == "@bundled")
        return (std::filesystem::path(MARROW_TEST_DATA_DIR).parent_path().parent_path() / "resources/samples/marrow_character.gltf")
            .string();
    return test::model(model);
}

class AutoWeightsModels : public ::testing::TestWithParam<AgreementCase> {};

std::uint16_t dominant(std::span<const std::uint16_t> joints, std::span<const float> weights)
{
    std::size_t best = 0;
    for (std::size_t k = 1; k < weights.size(); ++k)
        if (weights[k] > weights[best])
            best = k;
    return joints[best];
}

TEST_P(AutoWeightsModels, WeightEveryVertexAndAgreeWithTheArtist)
{
    const AgreementCase& c = GetParam();
    const io::ImportResult r = io::importModel(pathOf(c.model));
    ASSERT_TRUE(r.ok) << r.error;
    std::size_t vertices = 0, same = 0, meshes = 0;
    for (std::size_t i = 0; i < r.rig.meshes.size(); ++i) {
        const mesh::Mesh& m = r.rig.meshes[i];
        if (!m.skinned())
            continue;
        ++meshes;
        model::AutoWeightOptions options;
        options.scope.maxInfluences = 4;
        options.segments = c.segments;
        const model::AutoWeightResult a = model::autoWeights(r.rig, i, options);
        ASSERT_EQ(a.weights.vertexCount(), m.vertexCount());
        ASSERT_FALSE(a.weights.validate(r.rig.skins[static_cast<std::size_t>(m.skin)].joints.size(), 1e-5f))
            << m.name << ": " << *a.weights.validate(r.rig.skins[static_cast<std::size_t>(m.skin)].joints.size(), 1e-5f);
        for (std::size_t v = 0; v < m.vertexCount(); ++v) {
            int influences = 0;
            for (float w : a.weights.weightRow(v))
                influences += w > 0.f;
            ASSERT_GE(influences, 1) << m.name << " vertex " << v << " has no weight";
            ASSERT_LE(influences, 4) << m.name << " vertex " << v;
            same += dominant(a.weights.jointRow(v), a.weights.weightRow(v)) ==
                    dominant(m.weights.jointRow(v), m.weights.weightRow(v));
            ++vertices;
        }
    }
    ASSERT_GT(meshes, 0u);
    const double percent = 100.0 * static_cast<double>(same) / static_cast<double>(vertices);
    RecordProperty("dominant_agreement_percent", std::to_string(percent));
    EXPECT_GE(percent, c.dominantAtLeast) << c.model << ": " << vertices << " vertices";
}

INSTANTIATE_TEST_SUITE_P(Shared, AutoWeightsModels,
                         ::testing::Values(AgreementCase{"ozz-animation/gltf/khronos/cesium_man.gltf", 88.0},
                                           AgreementCase{"ozz-animation/gltf/khronos/rigged_simple.gltf", 95.0},
                                           AgreementCase{"ozz-animation/fbx/pab/arnaud.fbx", 75.0},
                                           AgreementCase{"ozz-animation/fbx/pab/skeleton.fbx", 78.0},
                                           AgreementCase{"ozz-animation/collada/seymour.dae", 64.0},
                                           AgreementCase{"ozz-animation/collada/astro_max.dae", 74.0},
                                           AgreementCase{"assimp/models/X/anim_test.x", 84.0},
                                           AgreementCase{"assimp/models/X/BCN_Epileptic.X", 60.0},
                                           AgreementCase{"assimp/models/FBX/huesitos.fbx", 95.0},
                                           AgreementCase{"synthetic/public_rig.gltf", 76.0},
                                           AgreementCase{"@traits", 65.0}, AgreementCase{"@bundled", 65.0},
                                           // Blender's bone segments, still above Blender's own 63.7 %
                                           AgreementCase{"@traits", 64.0, model::BoneSegments::Blender},
                                           AgreementCase{"@bundled", 64.0, model::BoneSegments::Blender}),
                         [](const ::testing::TestParamInfo<AgreementCase>& param) {
                             std::string name = std::filesystem::path(param.param.model).stem().string();
                             if (param.param.segments == model::BoneSegments::Blender)
                                 name += "_blender_segments";
                             for (char& ch : name)
                                 if (!std::isalnum(static_cast<unsigned char>(ch)))
                                     ch = '_';
                             return name;
                         });

} // namespace
} // namespace marrow
