// SPDX-License-Identifier: MIT
// Every case of ../shared/models/expected/manifest.json, posed in process
// through io::importModel and model::PosePipeline, against the reference OBJ
// (an independent poser cross-checked with three.js). Tolerance: the
// manifest's, 1e-5 of the bounding-box diagonal.
#include "core/io/model_import.h"
#include "core/model/pose_pipeline.h"
#include "obj_compare.h"
#include "shared_models.h"
#include "test_names.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <fstream>

namespace marrow {
namespace {

struct Case {
    std::string file, model;
    std::vector<std::string> args;
    double tolerance;
};

std::vector<Case> loadCases()
{
    std::ifstream in(test::sharedModels() / "expected" / "manifest.json");
    const nlohmann::json m = nlohmann::json::parse(in);
    std::vector<Case> cases;
    for (const auto& c : m.at("cases"))
        cases.push_back({c.at("file"), c.at("model"), c.at("args").get<std::vector<std::string>>(), m.at("tolerance")});
    return cases;
}

// Poses the rig as `marrow-cli pose` would with these arguments.
std::vector<glm::dvec3> pose(const model::Rig& rig, const std::vector<std::string>& args)
{
    model::PoseRequest r;
    mesh::SkinningMethod method = mesh::SkinningMethod::Linear;
    for (std::size_t i = 0; i + 1 < args.size(); i += 2) {
        const std::string& k = args[i];
        const std::string& v = args[i + 1];
        if (k == "--clip") r.clip = rig.findClip(v);
        else if (k == "--time") r.time = std::stod(v);
        else if (k == "--blend") r.blendClip = rig.findClip(v);
        else if (k == "--blend-time") r.blendTime = std::stod(v);
        else if (k == "--weight") r.weight = std::stof(v);
        else if (k == "--skinning") method = v == "dqs" ? mesh::SkinningMethod::DualQuaternion : method;
        else ADD_FAILURE() << "unknown argument " << k;
    }
    model::PosePipeline pipeline(rig);
    EXPECT_TRUE(pipeline.evaluate(r));
    std::vector<glm::dvec3> all;
    for (std::size_t m = 0; m < rig.meshes.size(); ++m) {
        std::vector<glm::vec3> p(rig.meshes[m].positions.size());
        EXPECT_TRUE(pipeline.skinMesh(m, method, p, {}));
        all.insert(all.end(), p.begin(), p.end());
    }
    return all;
}

class ExpectedPose : public ::testing::TestWithParam<Case> {};

TEST_P(ExpectedPose, MatchesReference)
{
    const Case& c = GetParam();
    const io::ImportResult imported = io::importModel(test::model(c.model));
    ASSERT_TRUE(imported.ok) << imported.error;
    const auto expected = test::readObjVertices((test::sharedModels() / "expected" / c.file).string());
    ASSERT_FALSE(expected.empty());
    const auto actual = pose(imported.rig, c.args);
    EXPECT_EQ(actual.size(), expected.size());
    const double ratio = test::hausdorffRatio(expected, actual);
    EXPECT_LT(ratio, c.tolerance) << c.file;
}

std::string caseName(const ::testing::TestParamInfo<Case>& info)
{
    return test::testName(info.param.file.substr(0, info.param.file.size() - 4));
}

INSTANTIATE_TEST_SUITE_P(Manifest, ExpectedPose, ::testing::ValuesIn(loadCases()), caseName);

// The comparison itself must be able to fail: a pose at another time differs.
TEST(ExpectedPoseComparison, DetectsAWrongPose)
{
    const io::ImportResult imported = io::importModel(test::model("synthetic/public_rig.gltf"));
    ASSERT_TRUE(imported.ok) << imported.error;
    const auto expected = test::readObjVertices((test::sharedModels() / "expected" / "public_rig__idle__0.85.obj").string());
    const auto wrong = pose(imported.rig, {"--clip", "idle", "--time", "0.95"});
    EXPECT_GT(test::hausdorffRatio(expected, wrong), 1e-4);
}

} // namespace
} // namespace marrow
