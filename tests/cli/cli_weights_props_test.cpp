// SPDX-License-Identifier: MIT
// marrow-cli weights --auto --meshes and bind --meshes (issue 36 item 2):
// without --meshes the soldier's props (helmet, shield, spear and the
// buckle inside the body) keep their one bone; a prop named is re-weighted;
// Rigid Islands count every separate mesh and loose shell; a name no mesh
// has is bad input.
#include "../core/soldier_props.h"
#include "core/io/gltf_export.h"
#include "core/io/model_import.h"
#include "run_process.h"
#include "shared_models.h"
#include "static_mesh_rig.h"
#include "cli_pose_runner.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <set>
#include <unistd.h>

namespace marrow {
namespace {

namespace fs = std::filesystem;

std::string propsTemp(const std::string& name)
{
    return (fs::temp_directory_path() / ("marrow_props_" + std::to_string(::getpid()) + "_" + name)).string();
}

std::size_t bonesOf(const model::Rig& r, const std::string& name)
{
    std::set<std::uint16_t> bones;
    for (const mesh::Mesh& m : r.meshes)
        if (m.name == name)
            for (const skin::WeightRow& row : skin::readRows(m.weights))
                for (const skin::Influence& i : row)
                    bones.insert(i.joint);
    return bones.size();
}

// Each mesh but the first on a node of its own (named after it), as a
// file's separate objects are: meshes sharing a node and skin would be one
// glTF mesh of several primitives.
model::Rig ownNodes(model::Rig r)
{
    for (std::size_t i = 1; i < r.meshes.size(); ++i) {
        mesh::Mesh& m = r.meshes[i];
        r.skeleton.names.push_back(m.name + "_node");
        r.skeleton.parents.push_back(m.node);
        r.skeleton.rest.push_back(math::Transform{});
        m.node = static_cast<anim::JointIndex>(r.skeleton.size() - 1);
    }
    return r;
}

TEST(CliWeightsProps, AutoKeepsPropsRigidUnlessNamedAndRigidIslandsCountShells)
{
    const std::string in = propsTemp("soldier.glb"), out = propsTemp("out.glb");
    ASSERT_FALSE(io::exportGltf(ownNodes(test::soldier::rig()), in));

    test::ProcessResult r = test::runProcess({test::cliExecutable(), "weights", in, "--auto", "-o", out});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.err.find("4 rigid props kept on their bone"), std::string::npos) << r.err;
    io::ImportResult back = io::importModel(out);
    ASSERT_TRUE(back.ok) << back.error;
    for (const char* prop : {"Helmet", "Shield", "Spear"})
        EXPECT_EQ(bonesOf(back.rig, prop), 1u) << prop;
    EXPECT_GT(bonesOf(back.rig, "Body"), 3u);

    r = test::runProcess({test::cliExecutable(), "weights", in, "--auto", "--meshes", "Spear", "-o", out});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.err.find("in 1 skinned meshes"), std::string::npos) << r.err;
    back = io::importModel(out);
    ASSERT_TRUE(back.ok) << back.error;
    EXPECT_GT(bonesOf(back.rig, "Spear"), 1u) << "named, the spear is re-weighted";
    EXPECT_EQ(bonesOf(back.rig, "Helmet"), 1u);

    r = test::runProcess(
        {test::cliExecutable(), "weights", in, "--auto", "--rigid-islands", "--meshes", "Body,Helmet,Shield,Spear", "-o", out});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.err.find("4 shells bound rigidly; 1 rigid props kept"), std::string::npos) << r.err;

    // A mesh is named by its own name or its node's.
    r = test::runProcess({test::cliExecutable(), "weights", in, "--auto", "--meshes", "Shield_node", "-o", out});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    back = io::importModel(out);
    ASSERT_TRUE(back.ok) << back.error;
    EXPECT_GT(bonesOf(back.rig, "Shield"), 1u);

    r = test::runProcess({test::cliExecutable(), "weights", in, "--auto", "--meshes", "Cape", "-o", out});
    EXPECT_EQ(r.exitCode, 3);
    EXPECT_NE(r.err.find("no skinned mesh is named 'Cape'"), std::string::npos) << r.err;
    r = test::runProcess({test::cliExecutable(), "weights", in, "--auto", "--meshes", "-o", out});
    EXPECT_EQ(r.exitCode, 2) << r.err;
    fs::remove(in);
    fs::remove(out);
}

TEST(CliWeightsProps, BindMeshesBindsOnlyTheNamedMeshes)
{
    const std::string tube = propsTemp("tube.gltf"), out = propsTemp("bound.glb");
    model::Rig two = test::staticTubeRig();
    two.meshes.push_back(two.meshes.front());
    two.meshes.back().name = "tube2";
    two = ownNodes(two);
    ASSERT_FALSE(io::exportGltf(two, tube));
    const std::string skeleton = (fs::path(MARROW_TEST_DATA_DIR).parent_path().parent_path() /
                                  "resources/samples/marrow_character.gltf").string();
    test::ProcessResult r = test::runProcess({test::cliExecutable(), "bind", tube, "--skeleton", skeleton, "--weights", "nearest",
                                              "--meshes", "tube2", "-o", out});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.err.find("bind: 1 meshes"), std::string::npos) << r.err;
    const io::ImportResult back = io::importModel(out);
    ASSERT_TRUE(back.ok) << back.error;
    for (const mesh::Mesh& m : back.rig.meshes) {
        if (m.name == "tube" || m.name == "tube2") {
            EXPECT_EQ(m.skinned(), m.name == "tube2") << m.name;
        }
    }
    r = test::runProcess({test::cliExecutable(), "bind", tube, "--skeleton", skeleton, "--meshes", "cape", "-o", out});
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.err.find("no mesh named 'cape'"), std::string::npos) << r.err;
    fs::remove(tube);
    fs::remove(out);
}

} // namespace
} // namespace marrow
