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
#include "gltf_export_fixture.h"
#include "skeleton_edit_carry.h"

#include "core/model/skeleton_edit.h"
#include "core/model/skeleton_edit_tools.h"

#include <cstdio>
#include <functional>
#include <set>

namespace marrow::export_test {

namespace {

using carry_test::Diff;

// What an edit may change or drop: the named nodes (their transform,
// parent, channels), up to `unnamed` nodes the source left unnamed, the
// skins and skin weights, the scene's roots.
struct Touched {
    std::set<std::string> nodes;
    std::size_t unnamed = 0;
    bool skins = false;
    bool sceneRoots = false;
};

struct Edit {
    std::string name;
    // Edits the rig; returns what it touches, or nullopt when the rig does not allow it.
    std::function<std::optional<Touched>(model::Rig&)> apply;
};

anim::JointIndex joint(const model::Rig& rig, const std::string& name)
{
    const auto j = rig.skeleton.find(name);
    EXPECT_TRUE(j) << name;
    return j.value_or(0);
}

glm::vec3 restAt(const model::Rig& rig, anim::JointIndex j)
{
    return glm::vec3(model::restWorlds(rig.skeleton)[static_cast<std::size_t>(j)][3]);
}

// The child of `j` (its first).
std::string childOf(const model::Rig& rig, const std::string& name)
{
    const anim::JointIndex j = joint(rig, name);
    for (std::size_t c = 0; c < rig.skeleton.size(); ++c)
        if (rig.skeleton.parents[c] == j)
            return rig.skeleton.names[c];
    ADD_FAILURE() << name << " has no child";
    return {};
}

bool isUnnamed(const std::string& label) { return label.starts_with("node#"); }

// Every changed or lost item of `diff` is one `touched` allows.
void expectOnly(const Diff& diff, const Touched& touched, const std::string& what)
{
    std::set<std::string> unnamed;
    const auto nodeAllowed = [&](const std::string& label) {
        if (touched.nodes.contains(label))
            return true;
        if (!isUnnamed(label))
            return false;
        unnamed.insert(label);
        return unnamed.size() <= touched.unnamed;
    };
    std::vector<std::string> items = diff.changed;
    items.insert(items.end(), diff.lost.begin(), diff.lost.end());
    for (const std::string& key : items) {
        bool allowed = false;
        if (key.starts_with("node."))
            allowed = nodeAllowed(carry_test::nodeLabel(key));
        else if (key.starts_with("animation.")) {
            // animation.<clip>.<node>.<path>: a channel of a touched node.
            const std::size_t path = key.rfind('.');
            const std::size_t clip = key.find('.', 10);
            allowed = clip < path && nodeAllowed(key.substr(clip + 1, path - clip - 1));
        } else if (key.starts_with("skin.") || (key.starts_with("mesh.") && key.ends_with(".skin_weights")))
            allowed = touched.skins;
        else if (key.starts_with("scene.") && key.ends_with(".nodes"))
            allowed = touched.sceneRoots;
        EXPECT_TRUE(allowed) << what << ": " << key << " changed or was lost";
    }
}

class SkeletonEditCarry : public ExportTest {
protected:
    void run(const std::string& label, const std::string& file, const std::vector<Edit>& edits,
             const std::vector<std::string>& expectedLost = {})
    {
        const io::ImportResult in = io::importModel(file);
        ASSERT_TRUE(in.ok) << in.error;
        ASSERT_NE(in.gltfSource, nullptr);
        const float diagonal = carry_test::restDiagonal(in.rig);
        ASSERT_GT(diagonal, 0.f);
        for (const Edit& edit : edits) {
            SCOPED_TRACE(label + ", " + edit.name);
            model::Rig rig = in.rig;
            const std::optional<Touched> touched = edit.apply(rig);
            if (!touched)
                continue;
            ASSERT_FALSE(rig.validate()) << *rig.validate();
            ASSERT_FALSE(rig.skeleton == in.rig.skeleton) << "the edit changes the skeleton";
            io::GltfExportOptions options;
            options.source = in.gltfSource.get();
            io::GltfExportReport report;
            const std::string out = path(label + "_" + edit.name + ".gltf");
            ASSERT_FALSE(io::exportGltf(rig, out, options, &report));
            EXPECT_TRUE(report.carriedSource) << report.notCarried;
            EXPECT_EQ(io::gltfCarryLosses(rig, *in.gltfSource), report.lost) << "told before the write as after";
            // Only a deletion renumbers nodes: an extension that may name them is then named.
            const std::vector<std::string> lost = edit.name == "delete" ? expectedLost : std::vector<std::string>{};
            ASSERT_EQ(report.lost.size(), lost.size()) << (report.lost.empty() ? "" : report.lost.front());
            for (std::size_t i = 0; i < lost.size(); ++i)
                EXPECT_NE(report.lost[i].find(lost[i]), std::string::npos) << report.lost[i];

            const Diff diff = carry_test::gltfDiff(file, out);
            ASSERT_TRUE(diff.ran) << "tools/gltf_diff.py did not run";
            expectOnly(diff, *touched, edit.name);
            std::printf("[carry figures] %s, %s: kept %zu, changed %zu, lost %zu, added %zu\n", label.c_str(),
                        edit.name.c_str(), diff.kept.size(), diff.changed.size(), diff.lost.size(), diff.added.size());
            for (const std::string& k : diff.changed)
                std::printf("    changed %s\n", k.c_str());
            for (const std::string& k : diff.lost)
                std::printf("    lost    %s\n", k.c_str());
            for (const std::string& k : diff.added)
                std::printf("    added   %s\n", k.c_str());

            const io::ImportResult back = io::importModel(out);
            ASSERT_TRUE(back.ok) << back.error;
            ASSERT_EQ(back.rig.skeleton.size(), rig.skeleton.size());
            const std::vector<int> match = carry_test::matchJoints(rig, back.rig, 1e-4f * diagonal);
            EXPECT_LE(carry_test::worstPoseDistance(rig, back.rig, match), 1e-5f * diagonal);
            EXPECT_LE(carry_test::worstBindDistance(rig, back.rig, match), 1e-5f * diagonal);
        }
    }
};

// The five edits on a rig, given the joints to use.
struct Joints {
    std::string extrudeFrom, deleted, reparented, newParent, subdivided;
    std::string sided, sidedChild;  // symmetrize: a new child of `sided` named `sidedChild`
};

std::vector<Edit> fiveEdits(const Joints& at, bool named)
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
    edits.push_back({"delete", [at, label](model::Rig& rig) -> std::optional<Touched> {
                         Touched t;
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
    // The unknown extension might name nodes by index, and a deletion renumbers them.
    run("traits", test::traitsSample(), fiveEdits(at, true), {"EXT_marrow_unknown_future"});
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
