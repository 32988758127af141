// SPDX-License-Identifier: MIT
// The glTF write that carries its source (issue 19): on the real-traits
// sample (materials, a texture, morph targets and a morph channel, a camera,
// a light, extras, UV sets and vertex colours), an unedited write keeps every
// one of them and the same rig; an edited weight row and key come back
// edited with the rest as it was; a rig the source cannot follow is written
// fresh and the report says why.
#include "core/io/gltf_export.h"
#include "core/io/gltf_source.h"
#include "core/io/model_import.h"
#include "carried_content.h"
#include "shared_models.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include <unistd.h>

namespace marrow {
namespace {

using test::expectSameCarriedContent;
using test::firstSkinned;
using test::weightVertexZeroToItsFirstJoint;

namespace fs = std::filesystem;

io::ImportResult importBytes(const std::string& bytes, const std::string& name)
{
    const fs::path path = fs::temp_directory_path() / ("marrow_carry_" + std::to_string(::getpid()) + "_" + name);
    {
        std::ofstream out(path, std::ios::binary);
        out << bytes;
    }
    io::ImportResult result = io::importModel(path.string());
    fs::remove(path);
    return result;
}

class GltfCarry : public ::testing::Test {
protected:
    void SetUp() override
    {
        source = io::importModel(test::traitsSample());
        ASSERT_TRUE(source.ok) << source.error;
        ASSERT_NE(source.gltfSource, nullptr);
    }
    io::ImportResult write(const model::Rig& rig, io::GltfContainer container, io::GltfExportReport& report)
    {
        std::string bytes;
        auto err = io::encodeGltf(rig, container, bytes, {.source = source.gltfSource.get()}, &report);
        EXPECT_FALSE(err) << *err;
        return importBytes(bytes, container == io::GltfContainer::Binary ? "out.glb" : "out.gltf");
    }
    io::ImportResult source;
};

TEST_F(GltfCarry, AnUneditedWriteKeepsEveryMaterialImageMorphTargetCameraAndLight)
{
    const io::GltfSource::Summary was = source.gltfSource->summary();
    ASSERT_GT(was.materials, 0u) << "the sample must hold what the test checks";
    ASSERT_GT(was.images, 0u);
    ASSERT_GT(was.morphTargets, 0u);
    ASSERT_GT(was.morphChannels, 0u);
    ASSERT_GT(was.cameras, 0u);
    ASSERT_GT(was.lights, 0u);
    for (io::GltfContainer container : {io::GltfContainer::Text, io::GltfContainer::Binary}) {
        io::GltfExportReport report;
        const io::ImportResult back = write(source.rig, container, report);
        ASSERT_TRUE(back.ok) << back.error;
        EXPECT_TRUE(report.carriedSource) << report.notCarried;
        ASSERT_NE(back.gltfSource, nullptr);
        expectSameCarriedContent(back.gltfSource->summary(), was);
        EXPECT_TRUE(back.rig == source.rig) << "the rig reads back unchanged";
    }
}

TEST_F(GltfCarry, AnEditedWeightRowAndKeyComeBackEditedWithTheRestAsItWas)
{
    model::Rig rig = source.rig;
    // One weight row: all of vertex 0 to its first joint.
    const std::size_t body = firstSkinned(rig);
    ASSERT_LT(body, rig.meshes.size());
    mesh::SkinWeights& weights = rig.meshes[body].weights;
    weightVertexZeroToItsFirstJoint(weights);
    // One key of the walk.
    ASSERT_GE(rig.clips.size(), 2u);
    anim::JointTrack* edited = nullptr;
    for (anim::JointTrack& track : rig.clips[1].tracks)
        if (!track.translation.empty()) {
            edited = &track;
            break;
        }
    ASSERT_NE(edited, nullptr);
    edited->translation.values[0] += glm::vec3(0.f, 0.125f, 0.f);

    io::GltfExportReport report;
    const io::ImportResult back = write(rig, io::GltfContainer::Binary, report);
    ASSERT_TRUE(back.ok) << back.error;
    EXPECT_TRUE(report.carriedSource) << report.notCarried;
    EXPECT_TRUE(back.rig.meshes[body].weights == rig.meshes[body].weights);
    for (std::size_t m = 0; m < rig.meshes.size(); ++m) {
        if (m != body) {
            EXPECT_TRUE(back.rig.meshes[m] == source.rig.meshes[m]) << "mesh " << m;
        }
    }
    EXPECT_TRUE(back.rig.clips[1] == rig.clips[1]) << "the edited clip";
    EXPECT_TRUE(back.rig.clips[0] == source.rig.clips[0]);
    EXPECT_TRUE(back.rig.clips[2] == source.rig.clips[2]);
    EXPECT_TRUE(back.rig.skeleton == source.rig.skeleton);
    // Materials, images, morph targets and the morph channel are all still there.
    expectSameCarriedContent(back.gltfSource->summary(), source.gltfSource->summary());
}

TEST(GltfCarryPrune, AnEditedMeshsOldWeightsArePrunedAndTheRestRenumbered)
{
    // Cesium Man uses no extension, so the accessors its edit orphans go.
    const io::ImportResult source = io::importModel(test::model("ozz-animation/gltf/khronos/cesium_man.gltf"));
    ASSERT_TRUE(source.ok) << source.error;
    model::Rig rig = source.rig;
    mesh::SkinWeights& weights = rig.meshes[0].weights;
    weightVertexZeroToItsFirstJoint(weights);
    std::string bytes;
    io::GltfExportReport report;
    const auto err = io::encodeGltf(rig, io::GltfContainer::Binary, bytes, {.source = source.gltfSource.get()}, &report);
    ASSERT_FALSE(err) << *err;
    EXPECT_TRUE(report.carriedSource) << report.notCarried;
    const io::ImportResult back = importBytes(bytes, "cesium_edit.glb");
    ASSERT_TRUE(back.ok) << back.error;
    EXPECT_EQ(back.gltfSource->summary().accessors, source.gltfSource->summary().accessors)
        << "JOINTS_0 and WEIGHTS_0 replaced, not added beside the old ones";
    // The write renormalises rows to the validator's float32 sum (an ulp or so).
    const mesh::SkinWeights& got = back.rig.meshes[0].weights;
    ASSERT_EQ(got.weights.size(), weights.weights.size());
    for (std::size_t i = 0; i < weights.weights.size(); ++i) {
        EXPECT_NEAR(got.weights[i], weights.weights[i], 1e-6f) << "weight " << i;
        if (weights.weights[i] > 0.f) {
            EXPECT_EQ(got.joints[i], weights.joints[i]) << "joint " << i;
        }
    }
    EXPECT_EQ(got.weights[0], 1.f) << "the edited row";
    EXPECT_TRUE(back.rig.clips == source.rig.clips) << "every other accessor still points at its data";
    expectSameCarriedContent(back.gltfSource->summary(), source.gltfSource->summary());
}

TEST_F(GltfCarry, ARigTheSourceCannotFollowIsWrittenFreshAndTheReportSaysWhy)
{
    model::Rig rig = source.rig;
    rig.meshes.pop_back();
    for (anim::Clip& c : rig.clips)  // the removed mesh's morph weights go with it
        std::erase_if(c.morphTracks, [&](const anim::MorphTrack& t) { return t.mesh >= rig.meshes.size(); });
    ASSERT_FALSE(rig.validate());
    io::GltfExportReport report;
    const io::ImportResult back = write(rig, io::GltfContainer::Binary, report);
    ASSERT_TRUE(back.ok) << back.error;
    EXPECT_FALSE(report.carriedSource);
    EXPECT_NE(report.notCarried.find("meshes"), std::string::npos) << report.notCarried;
    // The fresh write still has the rig's materials and image (gltf_export_look).
    EXPECT_EQ(back.gltfSource->summary().materials, source.gltfSource->summary().materials);
    EXPECT_EQ(back.gltfSource->summary().images, source.gltfSource->summary().images);
    EXPECT_TRUE(back.rig.textures == source.rig.textures) << "the same image bytes";
}

} // namespace
} // namespace marrow
