// SPDX-License-Identifier: MIT
// Malformed non-glTF files: each import fails (no crash of the caller) with a
// one-line error that starts with the path and names the problem.
#include "core/io/model_import.h"
#include "shared_models.h"
#include "test_names.h"

#include <gtest/gtest.h>

namespace marrow::io {
namespace {

struct HostileCase {
    const char* path;
    const char* problem;  // a fragment the message must contain
};

const HostileCase kHostile[] = {
    {"hostile/dae_truncated.dae", "malformed XML"},
    {"hostile/fbx_truncated_mid.fbx", "out of range"},
    {"hostile/fbx_ascii_garbage.fbx", "unexpected character"},
    {"hostile/md5_frame_count_mismatch.md5mesh", "numFrames is 10 but the file holds 3 frame blocks"},
    {"assimp/models/MD5/invalid/InvalidBoneIndex.md5mesh", "joint 999"},
    {"assimp/models/MD5/invalid/OverflowingTriangleIndex.md5mesh", "tri 4294967295"},
    {"assimp/models/MD5/invalid/OverflowingVertexIndex.md5mesh", "vert 4294967295"},
    {"assimp/models/MD5/invalid/OverflowingWeightIndex.md5mesh", "weight 4294967295"},
    {"assimp/models/MD5/invalid/InvalidCameraCut.md5camera", "camera cut at frame 8"},
    {"assimp/models/X/malformed_skinweights_oob.x", "weights vertex 1000000"},
};

class AssimpHostile : public ::testing::TestWithParam<HostileCase> {};

TEST_P(AssimpHostile, RejectedWithOneLineNamingTheFile)
{
    const HostileCase& c = GetParam();
    const std::string path = test::model(c.path);
    const ImportResult r = importModel(path);
    ASSERT_FALSE(r.ok) << "loaded " << path;
    EXPECT_EQ(r.error.rfind(path + ": ", 0), 0u) << r.error;
    EXPECT_GT(r.error.size(), path.size() + 2) << r.error;
    EXPECT_EQ(r.error.find('\n'), std::string::npos) << r.error;
    EXPECT_NE(r.error.find(c.problem), std::string::npos) << r.error;
    EXPECT_EQ(r.error.find("crashed"), std::string::npos) << "the worker crashed instead of rejecting: " << r.error;
}

INSTANTIATE_TEST_SUITE_P(Files, AssimpHostile, ::testing::ValuesIn(kHostile),
                         [](const ::testing::TestParamInfo<HostileCase>& param) {
                             return test::indexedTestName(param.index, param.param.path);
                         });

TEST(AssimpHostile, MissingFileNamesThePath)
{
    const ImportResult r = importModel("/nonexistent/model.fbx");
    ASSERT_FALSE(r.ok);
    EXPECT_EQ(r.error.rfind("/nonexistent/model.fbx: ", 0), 0u) << r.error;
}

} // namespace
} // namespace marrow::io
