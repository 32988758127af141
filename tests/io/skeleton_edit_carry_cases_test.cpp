// SPDX-License-Identifier: MIT
// The skeleton-edit carry at its edges (issue 35): a joint renamed while
// the skeleton is reshaped loses its match (written as a new node) and the
// report names what went with its old node; a deleted mesh node's skinned
// mesh moves to the parent's node; a deleted root's children become scene
// roots; a deleted prop node's rigid mesh goes to the hand's node, its
// vertices written anew in the hand's space; and a write the source cannot
// follow (a triangle removed) names, before and after, every item the
// fresh write drops.
#include "skeleton_edit_carry_fixture.h"

#include "core/model/skeleton_edit.h"
#include "core/model/skeleton_edit_tools.h"

namespace marrow::export_test {

TEST_F(SkeletonEditCarry, AJointRenamedWhileTheSkeletonChangesIsWrittenAnewAndTheReportSaysWhatItLost)
{
    const Edit renameAndExtrude{"rename_and_extrude", [](model::Rig& rig) -> std::optional<Touched> {
                                    const anim::JointIndex cam = joint(rig, "ShotCam");
                                    rig.skeleton.names[static_cast<std::size_t>(cam)] = "Camera2";
                                    const anim::JointIndex hand = joint(rig, "mixamorig:LeftHand");
                                    EXPECT_TRUE(model::addJointAt(rig, hand, restAt(rig, hand) + glm::vec3(0.f, .05f, 0.f),
                                                                  "mixamorig:LeftHand"));
                                    Touched t;
                                    t.nodes = {"ShotCam"};
                                    t.sceneRoots = true;  // "Camera2" is a new root of the scene
                                    // The old node's camera, and the renumbering's note on the unknown extension.
                                    t.lost = {"camera 'ShotCam' on node 'ShotCam'", "EXT_marrow_unknown_future"};
                                    return t;
                                }};
    run("traits", test::traitsSample(), {renameAndExtrude});
}

TEST_F(SkeletonEditCarry, ADeletedMeshNodesSkinnedMeshMovesToItsParent)
{
    const Edit deleteMeshNode{"delete_mesh_node", [](model::Rig& rig) -> std::optional<Touched> {
                                  // Cesium Man's node 1 holds the skinned mesh; node 0 (its parent) nothing.
                                  const anim::JointIndex node1 = joint(rig, "node 1");
                                  EXPECT_EQ(rig.meshes[0].node, node1);
                                  EXPECT_FALSE(model::deleteJoint(rig, node1));
                                  EXPECT_EQ(rig.meshes[0].node, joint(rig, "node 0"));
                                  // Node 1 gone, node 0 holding the mesh. Without names the diff
                                  // takes node 0 (where the mesh now is) for node 1, so node 0
                                  // and its child (node 21) read as moved, and the scene's root too.
                                  Touched t;
                                  t.unnamed = 3;
                                  t.sceneRoots = true;
                                  return t;
                              }};
    run("cesium_man", test::model("ozz-animation/gltf/khronos/cesium_man.gltf"), {deleteMeshNode});
}

TEST_F(SkeletonEditCarry, ADeletedRootsChildrenBecomeTheScenesRoots)
{
    const Edit deleteRoot{"delete_root", [](model::Rig& rig) -> std::optional<Touched> {
                              EXPECT_FALSE(model::deleteJoint(rig, joint(rig, "Armature")));
                              Touched t;
                              t.nodes = {"Armature", "pelvis", "Body"};
                              t.sceneRoots = true;
                              return t;
                          }};
    run("public_rig", test::model("synthetic/public_rig.gltf"), {deleteRoot});
}

TEST_F(SkeletonEditCarry, ADeletedPropNodesRigidMeshGoesToTheHand)
{
    const Edit deleteProp{"delete_prop_node", [](model::Rig& rig) -> std::optional<Touched> {
                              EXPECT_FALSE(model::deleteJoint(rig, joint(rig, "Sword")));
                              // Its mesh goes to the hand's node, its vertices into the hand's space.
                              Touched t;
                              t.nodes = {"Sword"};
                              t.meshes = {"Sword"};
                              t.lost = {"EXT_marrow_unknown_future"};  // nodes renumbered
                              return t;
                          }};
    run("traits", test::traitsSample(), {deleteProp});
}

TEST_F(SkeletonEditCarry, AWriteTheSourceCannotFollowNamesEachItemTheFreshWriteDrops)
{
    const io::ImportResult in = io::importModel(test::traitsSample());
    ASSERT_TRUE(in.ok) << in.error;
    model::Rig rig = in.rig;
    // A joint added and a triangle removed: a mesh the source's primitive does not hold.
    const anim::JointIndex hand = joint(rig, "mixamorig:LeftHand");
    ASSERT_TRUE(model::addJointAt(rig, hand, restAt(rig, hand) + glm::vec3(0.f, .05f, 0.f), "tip"));
    rig.meshes[0].indices.resize(rig.meshes[0].indices.size() - 3);
    ASSERT_FALSE(rig.validate());
    const std::vector<std::string> told = io::gltfCarryLosses(rig, *in.gltfSource);
    ASSERT_FALSE(told.empty());
    EXPECT_NE(told[0].find("the geometry of mesh '" + rig.meshes[0].name + "' changed"), std::string::npos) << told[0];

    io::GltfExportOptions options;
    options.source = in.gltfSource.get();
    io::GltfExportReport report;
    ASSERT_FALSE(io::exportGltf(rig, path("fresh.glb"), options, &report));
    EXPECT_FALSE(report.carriedSource);
    EXPECT_NE(report.notCarried.find("geometry"), std::string::npos) << report.notCarried;
    EXPECT_EQ(std::vector<std::string>(told.begin() + 1, told.end()), report.lost) << "the same items, before and after";
    const auto names = [&](const std::string& item) {
        return std::find(report.lost.begin(), report.lost.end(), item) != report.lost.end();
    };
    EXPECT_TRUE(names("camera 'ShotCam'"));
    EXPECT_TRUE(names("light 'Key'"));
    EXPECT_TRUE(names("extension EXT_marrow_unknown_future"));
    EXPECT_TRUE(names("extras of node 'Armature'"));
    EXPECT_TRUE(names("the wrap and filter modes of sampler 0")) << "the sample's sampler mirrors";
    EXPECT_TRUE(names("vertex attribute TANGENT of mesh 'Body'"));
    // Each such item is indeed missing from the fresh file.
    const json written = readJson(path("fresh.glb"));
    EXPECT_FALSE(written.contains("cameras"));
    EXPECT_FALSE(written.contains("extensionsUsed"));
}

} // namespace marrow::export_test
