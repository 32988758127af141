// SPDX-License-Identifier: MIT
// marrow-cli check and convert's export profile (issue 23): check prints the
// editor's weight-health figures (JSON equal to model::checkWeightHealth),
// exits 1 when a threshold fails, 2 on bad arguments, 3 on an unreadable
// file; --profile reports the largest displacement of the profile over the
// clips; a file converted with --max-influences 4 --weights u8 poses exactly
// as the profile's weights skin in Marrow (1e-5 of the diagonal).
#include "cli_pose_runner.h"

#include "core/io/document_codec.h"
#include "core/io/model_import.h"
#include "core/model/auto_weights.h"
#include "core/model/export_profile.h"
#include "core/model/pose_pipeline.h"
#include "core/model/weight_health.h"

#include <nlohmann/json.hpp>

#include <fstream>
#include <iterator>
#include <numeric>

namespace marrow {
namespace {

const std::string kRig = "synthetic/public_rig.gltf";

test::ProcessResult check(std::vector<std::string> args)
{
    args.insert(args.begin(), {test::cliExecutable(), "check"});
    return test::runProcess(args);
}

TEST(CliCheck, ExitCodesFollowTheThresholds)
{
    const std::string model = test::model(kRig);
    test::ProcessResult r = check({model, "--max-influences", "8", "--symmetry", "1"});
    EXPECT_EQ(r.exitCode, 0) << r.out << r.err;
    EXPECT_NE(r.out.find("passed"), std::string::npos);
    r = check({model, "--max-influences", "4"});
    EXPECT_EQ(r.exitCode, 1) << r.out;
    EXPECT_NE(r.out.find("FAIL: 1154 vertices over 4 influences"), std::string::npos) << r.out;
    EXPECT_EQ(check({model, "--max-influences", "nine"}).exitCode, 2);
    EXPECT_EQ(check({model, "--weights", "u7", "--profile"}).exitCode, 2);
    EXPECT_EQ(check({}).exitCode, 2);
    EXPECT_EQ(check({test::model("no/such/file.gltf")}).exitCode, 3);
}

TEST(CliCheck, JsonIsTheEditorsWeightHealth)
{
    const std::string model = test::model(kRig);
    const test::ProcessResult r = check({model, "--symmetry", "0.05", "--json"});
    ASSERT_EQ(r.exitCode, 1) << r.err;  // the sample's deliberate asymmetry
    const nlohmann::json j = nlohmann::json::parse(r.out);
    const io::ImportResult in = io::importModel(model);
    ASSERT_TRUE(in.ok) << in.error;
    const model::WeightHealth health =
        model::checkWeightHealth(in.rig, model::deformMask(in.rig, {}), {.maxInfluences = 4, .symmetryTolerance = .05f});
    ASSERT_EQ(j["meshes"].size(), health.perMesh.size());
    for (std::size_t m = 0; m < health.perMesh.size(); ++m) {
        EXPECT_EQ(j["meshes"][m]["overInfluences"].get<std::size_t>(), health.perMesh[m].overInfluences.size());
        EXPECT_EQ(j["meshes"][m]["asymmetric"].get<std::size_t>(), health.perMesh[m].asymmetric.size());
        EXPECT_EQ(j["meshes"][m]["withoutTwin"].get<std::size_t>(), health.perMesh[m].withoutTwin);
        EXPECT_NEAR(j["meshes"][m]["largestSymmetryError"].get<double>(), health.perMesh[m].largestSymmetryError, 1e-6);
    }
    EXPECT_GT(health.asymmetric(), 0u);
    EXPECT_FALSE(j["passed"].get<bool>());
}

TEST(CliCheck, RowsTheImportRepairedAreListedButDoNotFail)
{
    const std::string model = test::model("assimp/models/FBX/animation_with_skeleton.fbx");
    const test::ProcessResult r = check({model, "--json"});
    const nlohmann::json j = nlohmann::json::parse(r.out);
    const io::ImportResult in = io::importModel(model);
    ASSERT_TRUE(in.ok) << in.error;
    std::size_t listed = 0, expected = 0;
    for (const auto& m : j["meshes"])
        listed += m["changedOnImport"]["renormalised"].get<std::size_t>();
    for (const model::MeshImportChanges& m : in.importChanges.meshes)
        expected += m.renormalised.size();
    EXPECT_GT(expected, 1000u);
    EXPECT_EQ(listed, expected);
    for (const auto& f : j["failures"])
        EXPECT_EQ(f.get<std::string>().find("renormalised"), std::string::npos) << "repaired rows are usable";
    const test::ProcessResult text = check({model});
    EXPECT_NE(text.out.find("changed on import: "), std::string::npos) << text.out;
}

TEST(CliCheck, TheProfilesDisplacementIsMarrows)
{
    const std::string model = test::model(kRig);
    const test::ProcessResult r = check({model, "--profile", "--weights", "u8", "--json", "--max-influences", "8"});
    ASSERT_EQ(r.exitCode, 0) << r.out << r.err;
    const nlohmann::json j = nlohmann::json::parse(r.out);
    const io::ImportResult in = io::importModel(model);
    ASSERT_TRUE(in.ok);
    std::vector<int> clips(in.rig.clips.size());
    std::iota(clips.begin(), clips.end(), 0);
    const auto d = model::profileDisplacementOverClips(in.rig, {8, model::WeightStorage::U8}, clips, 30.0);
    ASSERT_TRUE(d);
    EXPECT_NEAR(j["profile"]["largestDisplacement"].get<double>(), d->largest, 1e-7);
    EXPECT_EQ(j["profile"]["vertex"].get<std::uint32_t>(), d->vertex);
    EXPECT_GT(d->largest, 0.f) << "u8 moves something";
    EXPECT_LT(d->largest, 0.01f) << "but little: under a centimetre on a 2 m creature";
    EXPECT_EQ(check({model, "--profile", "--max-displacement", "0"}).exitCode, 1);
}

TEST(CliCheck, AConvertedU8FilePosesAsTheProfilesWeightsSkin)
{
    const std::string model = test::model(kRig);
    const auto out = test::scratchFile("marrow_cli_profile", "public_rig_4_u8.glb");
    const test::ProcessResult r = test::runProcess(
        {test::cliExecutable(), "convert", model, out.string(), "--max-influences", "4", "--weights", "u8"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(test::runProcess({test::cliExecutable(), "convert", model, "x.marrow", "--weights", "u8"}).exitCode, 2)
        << "a .marrow keeps the weights whole";
    const io::ImportResult in = io::importModel(model);
    ASSERT_TRUE(in.ok);
    const model::Rig preview = model::profiledRig(in.rig, {4, model::WeightStorage::U8});
    model::PosePipeline pipeline(preview);
    model::PoseRequest request;
    request.clip = 1;
    request.time = 0.5;
    ASSERT_TRUE(pipeline.evaluate(request));
    std::vector<float> want;
    glm::vec3 lo(1e30f), hi(-1e30f);
    for (std::size_t m = 0; m < preview.meshes.size(); ++m) {
        std::vector<glm::vec3> p(preview.meshes[m].vertexCount());
        ASSERT_TRUE(pipeline.skinMesh(m, mesh::SkinningMethod::Linear, p, {}));
        for (const glm::vec3& v : p) {
            want.insert(want.end(), {v.x, v.y, v.z});
            lo = glm::min(lo, v);
            hi = glm::max(hi, v);
        }
    }
    const std::vector<float> got = test::cliPose({out.string(), "--clip", "1", "--time", "0.5"}, "marrow_cli_profile");
    ASSERT_EQ(got.size(), want.size());
    const float tolerance = 1e-5f * glm::length(hi - lo);
    for (std::size_t i = 0; i < got.size(); ++i)
        ASSERT_NEAR(got[i], want[i], tolerance) << "coordinate " << i;
}

// The JSON chunk of a .glb.
nlohmann::json glbJson(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    const std::string glb{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    std::uint32_t length = 0;
    for (int b = 0; b < 4; ++b)
        length |= static_cast<std::uint32_t>(static_cast<unsigned char>(glb.at(12 + static_cast<std::size_t>(b)))) << (8 * b);
    return nlohmann::json::parse(glb.substr(20, length));
}

TEST(CliCheck, ConvertAppliesADocumentsOwnProfileUnlessTheFlagsSayOtherwise)
{
    const io::ImportResult in = io::importModel(test::model(kRig));
    ASSERT_TRUE(in.ok);
    doc::DocumentExtras extras;
    extras.exportProfile = {4, model::WeightStorage::U8};
    const auto document = test::scratchFile("marrow_cli_profile", "profiled.marrow");
    {
        std::ofstream out(document, std::ios::binary);
        out << doc::encodeDocument(in.rig, extras);
    }
    const auto weightsOf = [](const nlohmann::json& j) {
        for (const auto& mesh : j["meshes"])
            for (const auto& prim : mesh["primitives"])
                if (prim["attributes"].contains("WEIGHTS_0"))
                    return std::pair(j["accessors"][prim["attributes"]["WEIGHTS_0"].get<std::size_t>()]["componentType"].get<int>(),
                                     prim["attributes"].contains("WEIGHTS_1"));
        return std::pair(0, false);
    };
    const auto glb = test::scratchFile("marrow_cli_profile", "from_document.glb");
    ASSERT_EQ(test::runProcess({test::cliExecutable(), "convert", document.string(), glb.string()}).exitCode, 0);
    EXPECT_EQ(weightsOf(glbJson(glb.string())), std::pair(5121, false)) << "the document's 4 x u8";
    ASSERT_EQ(test::runProcess({test::cliExecutable(), "convert", document.string(), glb.string(), "--max-influences", "8",
                                "--weights", "float"})
                  .exitCode,
              0);
    EXPECT_EQ(weightsOf(glbJson(glb.string())), std::pair(5126, true)) << "the flags win: 8 floats";
}

} // namespace
} // namespace marrow
