// SPDX-License-Identifier: MIT
// glTF export: atomic writes and the written structure (read back as JSON).
#include "gltf_export_fixture.h"
#include "gltf_export_compare.h"
#include "gltf_export_rigs.h"

namespace marrow::export_test {
namespace {

// ---- tests -----------------------------------------------------------------

TEST_F(ExportTest, AtomicWriteCreatesAndReplacesWithoutLeftovers)
{
    const std::string file = path("out.txt");
    ASSERT_FALSE(io::writeFileAtomically(file, "first version, longer"));
    ASSERT_FALSE(io::writeFileAtomically(file, "second"));
    EXPECT_EQ(readAll(file), "second");
    EXPECT_EQ(std::distance(fs::directory_iterator(m_dir), fs::directory_iterator()), 1);
}

TEST_F(ExportTest, AtomicWriteNamesThePathOnFailure)
{
    const std::string file = path("missing/out.txt");
    const auto err = io::writeFileAtomically(file, "x");
    ASSERT_TRUE(err);
    EXPECT_TRUE(err->starts_with(file + ": ")) << *err;
    EXPECT_FALSE(fs::exists(file));
}

TEST_F(ExportTest, RefusesUnknownExtensionAndInvalidRig)
{
    const std::string obj = path("strip.obj");
    const auto err = io::exportGltf(skinnedStrip(), obj);
    ASSERT_TRUE(err);
    EXPECT_EQ(*err, obj + ": cannot tell the format from the extension '.obj' (use .gltf or .glb)");

    model::Rig bad = skinnedStrip();
    bad.meshes[0].indices.push_back(99);
    const std::string glb = path("bad.glb");
    const auto err2 = io::exportGltf(bad, glb);
    ASSERT_TRUE(err2);
    EXPECT_TRUE(err2->starts_with(glb + ": the model is invalid: ")) << *err2;
    EXPECT_FALSE(fs::exists(glb));
}

TEST_F(ExportTest, GlbHoldsABinChunkAndNoDataUri)
{
    const std::string file = path("strip.glb");
    ASSERT_FALSE(io::exportGltf(skinnedStrip(), file));
    std::size_t binBytes = 0;
    const json j = readJson(file, &binBytes);
    ASSERT_EQ(j["buffers"].size(), 1u);
    EXPECT_FALSE(j["buffers"][0].contains("uri"));
    EXPECT_GE(binBytes, j["buffers"][0]["byteLength"].get<std::size_t>());
    EXPECT_EQ(readAll(file).find("data:"), std::string::npos);
}

TEST_F(ExportTest, GltfEmbedsItsOneBufferAsADataUri)
{
    const std::string file = path("strip.gltf");
    ASSERT_FALSE(io::exportGltf(skinnedStrip(), file));
    const json j = readJson(file);
    ASSERT_EQ(j["buffers"].size(), 1u);
    EXPECT_TRUE(j["buffers"][0]["uri"].get<std::string>().starts_with("data:application/octet-stream;base64,"));
    EXPECT_EQ(std::distance(fs::directory_iterator(m_dir), fs::directory_iterator()), 1);  // no .bin beside it
}

TEST_F(ExportTest, WritesNodesMeshSkinAndSamplersAsGltfExpects)
{
    const std::string file = path("strip.gltf");
    ASSERT_FALSE(io::exportGltf(skinnedStrip(), file));
    const json j = readJson(file);
    EXPECT_EQ(j["asset"]["version"], "2.0");
    ASSERT_EQ(j["nodes"].size(), 4u);
    EXPECT_EQ(j["nodes"][0]["name"], "root");
    EXPECT_EQ(j["nodes"][0]["children"], json::array({1, 2}));
    EXPECT_FALSE(j["nodes"][3].contains("name"));  // unnamed stays unnamed
    EXPECT_EQ(j["scenes"][0]["nodes"], json::array({0, 3}));
    EXPECT_EQ(j["nodes"][2]["mesh"], 0);
    EXPECT_EQ(j["nodes"][2]["skin"], 0);
    EXPECT_EQ(j["skins"][0]["joints"], json::array({0, 1, 2}));

    const json& prim = j["meshes"][0]["primitives"][0];
    EXPECT_EQ(prim["mode"], 4);
    const json& pos = j["accessors"][prim["attributes"]["POSITION"].get<int>()];
    EXPECT_EQ(pos["min"].size(), 3u);
    EXPECT_EQ(pos["max"].size(), 3u);
    EXPECT_TRUE(prim["attributes"].contains("NORMAL"));
    EXPECT_TRUE(prim["attributes"].contains("TEXCOORD_0"));
    EXPECT_EQ(j["accessors"][prim["indices"].get<int>()]["componentType"], 5121);  // 8 vertices: bytes
    EXPECT_EQ(j["accessors"][prim["attributes"]["JOINTS_0"].get<int>()]["componentType"], 5121);
    EXPECT_EQ(j["accessors"][prim["attributes"]["WEIGHTS_0"].get<int>()]["componentType"], 5126);
    EXPECT_FALSE(prim["attributes"].contains("JOINTS_1"));  // stride 8, but 2 influences at most

    ASSERT_EQ(j["animations"].size(), 2u);  // the empty clip is skipped
    EXPECT_EQ(j["animations"][0]["name"], "wave");
    EXPECT_FALSE(j["animations"][1].contains("name"));
    std::map<std::string, std::string> interpolation;
    const json& wave = j["animations"][0];
    for (const json& ch : wave["channels"]) {
        const json& sampler = wave["samplers"][ch["sampler"].get<int>()];
        const std::string key = std::to_string(ch["target"]["node"].get<int>()) + ch["target"]["path"].get<std::string>();
        interpolation[key] = sampler["interpolation"];
        const json& input = j["accessors"][sampler["input"].get<int>()];
        const json& output = j["accessors"][sampler["output"].get<int>()];
        EXPECT_TRUE(input.contains("min") && input.contains("max")) << key;
        const int factor = sampler["interpolation"] == "CUBICSPLINE" ? 3 : 1;
        EXPECT_EQ(output["count"].get<int>(), factor * input["count"].get<int>()) << key;
    }
    EXPECT_EQ(interpolation["1translation"], "STEP");
    EXPECT_EQ(interpolation["1rotation"], "LINEAR");
    EXPECT_EQ(interpolation["0scale"], "CUBICSPLINE");
    EXPECT_EQ(interpolation["0rotation"], "CUBICSPLINE");
}

TEST_F(ExportTest, EightInfluencesGetASecondSetAndValidatorNormalisedWeights)
{
    const std::string file = path("fan.glb");
    ASSERT_FALSE(io::exportGltf(eightInfluenceFan(), file));
    const json j = readJson(file);
    const json& attributes = j["meshes"][0]["primitives"][0]["attributes"];
    EXPECT_TRUE(attributes.contains("JOINTS_1"));
    EXPECT_TRUE(attributes.contains("WEIGHTS_1"));
    const io::ImportResult back = io::importModel(file);
    ASSERT_TRUE(back.ok) << back.error;
    const mesh::SkinWeights& w = back.rig.meshes.at(0).weights;
    ASSERT_EQ(w.stride, 8);
    for (std::size_t v = 0; v < w.vertexCount(); ++v) {
        // The validator's rule: a float32 running sum within 2e-7 per weight.
        float sum = 0.f;
        for (int c = 0; c < 4; ++c)
            for (int set = 0; set < 2; ++set)
                sum += w.weightRow(v)[static_cast<std::size_t>(set * 4 + c)];
        EXPECT_NEAR(sum, 1.f, 8 * 2e-7f) << "vertex " << v;
    }
    expectSameRig(eightInfluenceFan(), back.rig, 1e-4f);
    // The export renormalised the 1 + 5e-5 row, which moves that vertex by
    // 5e-5 of its offset: pose against the source with that row renormalised.
    model::Rig normalised = eightInfluenceFan();
    mesh::SkinWeights& sw = normalised.meshes[0].weights;
    for (std::size_t v = 0; v < sw.vertexCount(); ++v) {
        double sum = 0.0;
        for (int k = 0; k < sw.stride; ++k)
            sum += sw.weights[v * 8 + static_cast<std::size_t>(k)];
        for (int k = 0; k < sw.stride; ++k)
            sw.weights[v * 8 + static_cast<std::size_t>(k)] =
                static_cast<float>(sw.weights[v * 8 + static_cast<std::size_t>(k)] / sum);
    }
    expectSamePoses(normalised, back.rig);
}

TEST_F(ExportTest, JumpKeysAndNegativeTimesBecomeValidInputs)
{
    model::Rig rig = skinnedStrip();
    anim::Clip jump;
    jump.name = "jump";
    anim::JointTrack t;
    t.joint = 1;
    t.translation = test::vec3Channel({-0.5f, 0.f, 0.f, 1.f}, {{0.f, 1.f, 0.f}, {0.f, 2.f, 0.f}, {0.f, 3.f, 0.f}, {0.f, 1.f, 0.f}});
    t.rotation = test::quatChannel({0.f, 0.5f, 0.5f}, {glm::quat(1.f, 0.f, 0.f, 0.f), axisAngle({0.f, 0.f, 1.f}, 20.f),
                                                       axisAngle({0.f, 0.f, 1.f}, 40.f)},
                                   anim::Interpolation::Step);
    jump.tracks = {t};
    jump.updateDuration();
    rig.clips = {jump};
    const std::string file = path("jump.gltf");
    ASSERT_FALSE(io::exportGltf(rig, file));
    const io::ImportResult back = io::importModel(file);
    ASSERT_TRUE(back.ok) << back.error;
    const anim::JointTrack* bt = back.rig.clips.at(0).findTrack(1);
    ASSERT_NE(bt, nullptr);
    // Shifted by 0.5 to start at 0; the LINEAR jump moves its earlier key back by one float step.
    const std::vector<float>& tt = bt->translation.times;
    ASSERT_EQ(tt.size(), 4u);
    EXPECT_EQ(tt[0], 0.f);
    EXPECT_EQ(tt[1], std::nextafter(0.5f, 0.f));
    EXPECT_EQ(tt[2], 0.5f);
    EXPECT_EQ(tt[3], 1.5f);
    // STEP drops the earlier key of its jump: the later one holds from 0.5 on.
    EXPECT_EQ(bt->rotation.times, (std::vector<float>{0.5f, 1.f}));
    EXPECT_EQ(bt->rotation.values.back(), axisAngle({0.f, 0.f, 1.f}, 40.f));
}


} // namespace
} // namespace marrow::export_test
