// SPDX-License-Identifier: MIT
// Skeleton edits through glTF (issue 22): a rest move on public_rig.gltf is
// carried in a write that keeps the source (the joint's new rest and the
// skin's new inverse binds read back; the skinned mesh at rest is where it
// was); an extruded joint is carried too (issue 35: its node appended, the
// source kept), and the joint reads back in place.
#include "gltf_export_fixture.h"

#include "core/io/gltf_import.h"
#include "core/model/mesh_bind.h"
#include "core/model/pose_pipeline.h"
#include "core/model/skeleton_edit_tools.h"
#include "shared_models.h"

namespace marrow::export_test {

namespace {

using SkeletonEditExport = ExportTest;

std::vector<glm::vec3> restMesh(const model::Rig& rig, std::size_t mesh)
{
    model::PosePipeline pipeline(rig);
    EXPECT_TRUE(pipeline.evaluate({}));
    std::vector<glm::vec3> out(rig.meshes[mesh].vertexCount());
    EXPECT_TRUE(pipeline.skinMesh(mesh, mesh::SkinningMethod::Linear, out, {}));
    return out;
}

glm::vec3 restAt(const model::Rig& rig, const std::string& name)
{
    return glm::vec3(model::restWorlds(rig.skeleton)[static_cast<std::size_t>(*rig.skeleton.find(name))][3]);
}

} // namespace

TEST_F(SkeletonEditExport, ARestMoveAndAnExtrudedJointAreCarried)
{
    const io::ImportResult in = io::importGltf(test::model("synthetic/public_rig.gltf"));
    ASSERT_TRUE(in.ok) << in.error;
    std::size_t body = 0;
    while (!in.rig.meshes[body].skinned())
        ++body;
    const std::vector<glm::vec3> mesh = restMesh(in.rig, body);

    model::Rig moved = in.rig;
    const anim::JointIndex forearm = *moved.skeleton.find("forearm_L");
    const glm::vec3 target = restAt(moved, "forearm_L") + glm::vec3(0.f, .1f, .05f);
    ASSERT_FALSE(model::moveJointTo(moved, forearm, target, true));
    io::GltfExportOptions options;
    options.source = in.gltfSource.get();
    io::GltfExportReport report;
    const std::string carried = path("moved.gltf");
    ASSERT_FALSE(io::exportGltf(moved, carried, options, &report));
    EXPECT_TRUE(report.carriedSource) << report.notCarried;
    const io::ImportResult back = io::importGltf(carried);
    ASSERT_TRUE(back.ok) << back.error;
    EXPECT_LT(glm::distance(restAt(back.rig, "forearm_L"), target), 1e-5f);
    const std::vector<glm::vec3> after = restMesh(back.rig, body);
    ASSERT_EQ(after.size(), mesh.size());
    for (std::size_t v = 0; v < mesh.size(); ++v)
        ASSERT_LT(glm::distance(after[v], mesh[v]), 1e-4f) << "vertex " << v;

    model::Rig extruded = moved;
    const glm::vec3 tip = restAt(extruded, "hand_L") + glm::vec3(.1f, 0.f, 0.f);
    ASSERT_TRUE(model::addJointAt(extruded, *extruded.skeleton.find("hand_L"), tip, "hand_L.001"));
    const std::string fresh = path("extruded.gltf");
    report = {};
    ASSERT_FALSE(io::exportGltf(extruded, fresh, options, &report));
    EXPECT_TRUE(report.carriedSource) << report.notCarried;
    EXPECT_TRUE(report.lost.empty()) << report.lost.front();
    const io::ImportResult again = io::importGltf(fresh);
    ASSERT_TRUE(again.ok) << again.error;
    ASSERT_TRUE(again.rig.skeleton.find("hand_L.001"));
    EXPECT_LT(glm::distance(restAt(again.rig, "hand_L.001"), tip), 1e-5f);
}

} // namespace marrow::export_test
