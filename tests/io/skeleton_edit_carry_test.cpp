// SPDX-License-Identifier: MIT
// A glTF write after a skeleton edit carries the source (issue 35): on the
// real-traits sample (a camera, a light, extras, an unknown extension),
// Cesium Man (no node named) and public_rig, each of extrude, delete a
// joint with a child, reparent, subdivide and symmetrize (where the rig has
// sides) writes a file whose structural diff with the source
// (tools/gltf_diff.py) holds only what the edit touched: the new joints'
// nodes (added), the deleted or moved joints' nodes, their channels, the
// skins and the weights that moved. The file read back poses like the
// edited rig (bind, rest, every clip at its key times) within 1e-5 of the
// diagonal.
#include "skeleton_edit_carry_fixture.h"

#include "core/model/skeleton_edit.h"
#include "core/model/skeleton_edit_tools.h"

namespace marrow::export_test {

namespace {

// The five edits on a rig, given the joints to use.
struct Joints {
    std::string extrudeFrom, deleted, reparented, newParent, subdivided;
    std::string sided, sidedChild;  // symmetrize: a new child of `sided` named `sidedChild`
};

// `renumberedLost`: what a deletion (which renumbers nodes) reports lost:
// the extensions that might name nodes by index.
std::vector<Edit> fiveEdits(const Joints& at, bool named, const std::vector<std::string>& renumberedLost = {})
{
    const auto label = [named](const model::Rig&, const std::string& name, Touched& t) {
        if (named)
            t.nodes.insert(name);
        else
            ++t.unnamed;
    };
    std::vector<Edit> edits;
    edits.push_back({"extrude", [at](model::Rig& rig) -> std::optional<Touched> {
                         const anim::JointIndex from = joint(rig, at.extrudeFrom);
                         const glm::vec3 tip = restAt(rig, from) + glm::vec3(0.f, 0.05f, 0.02f);
                         EXPECT_TRUE(model::addJointAt(rig, from, tip, at.extrudeFrom));
                         return Touched{};  // only a node added
                     }});
    edits.push_back({"delete", [at, label, renumberedLost](model::Rig& rig) -> std::optional<Touched> {
                         Touched t;
                         t.lost = renumberedLost;
                         label(rig, at.deleted, t);
                         label(rig, childOf(rig, at.deleted), t);
                         t.skins = true;
                         EXPECT_FALSE(model::deleteJoint(rig, joint(rig, at.deleted)));
                         return t;
                     }});
    edits.push_back({"reparent", [at, label](model::Rig& rig) -> std::optional<Touched> {
                         Touched t;
                         label(rig, at.reparented, t);
                         t.sceneRoots = rig.skeleton.parents[static_cast<std::size_t>(joint(rig, at.reparented))] ==
                                        anim::kNoParent;
                         EXPECT_FALSE(model::reparentJoint(rig, joint(rig, at.reparented), joint(rig, at.newParent)));
                         return t;
                     }});
    edits.push_back({"subdivide", [at, label](model::Rig& rig) -> std::optional<Touched> {
                         Touched t;
                         label(rig, childOf(rig, at.subdivided), t);
                         EXPECT_FALSE(model::subdivideJoint(rig, joint(rig, at.subdivided), 1));
                         return t;
                     }});
    if (!at.sided.empty())
        edits.push_back({"symmetrize", [at](model::Rig& rig) -> std::optional<Touched> {
                             // A new sided joint, then its twin made on the other side.
                             const anim::JointIndex parent = joint(rig, at.sided);
                             const auto added = model::addJointAt(rig, parent, restAt(rig, parent) + glm::vec3(.03f, -.04f, 0.f),
                                                                  at.sidedChild);
                             EXPECT_TRUE(added);
                             const anim::JointIndex list[] = {*added};
                             int twins = 0;
                             EXPECT_FALSE(model::symmetrize(rig, list, &twins));
                             EXPECT_EQ(twins, 1);
                             return Touched{};
                         }});
    return edits;
}

} // namespace

TEST_F(SkeletonEditCarry, TheRealTraitsSampleKeepsItsCameraLightExtrasAndExtensions)
{
    Joints at;
    at.extrudeFrom = "mixamorig:LeftHand";
    at.deleted = "mixamorig:Spine1";
    at.reparented = "ShotCam";  // a camera under the head: a root no more
    at.newParent = "mixamorig:Head";
    at.subdivided = "mixamorig:LeftForeArm";
    at.sided = "mixamorig:LeftHand";
    at.sidedChild = "mixamorig:LeftHandPinky1";
    run("traits", test::traitsSample(), fiveEdits(at, true, {"EXT_marrow_unknown_future"}));
}

TEST_F(SkeletonEditCarry, CesiumManWhoseNodesHaveNoNames)
{
    Joints at;  // the import names an unnamed node "node <index>"
    at.extrudeFrom = "node 6";
    at.deleted = "node 3";
    at.reparented = "node 7";
    at.newParent = "node 3";
    at.subdivided = "node 4";
    run("cesium_man", test::model("ozz-animation/gltf/khronos/cesium_man.gltf"), fiveEdits(at, false));
}

TEST_F(SkeletonEditCarry, PublicRigWithARigidPropOnTheHand)
{
    Joints at;
    at.extrudeFrom = "hand_L";
    at.deleted = "forearm_L";
    at.reparented = "tail1";
    at.newParent = "spine1";
    at.subdivided = "upperarm_L";
    at.sided = "hand_L";
    at.sidedChild = "finger_L";
    run("public_rig", test::model("synthetic/public_rig.gltf"), fiveEdits(at, true));
}

} // namespace marrow::export_test
