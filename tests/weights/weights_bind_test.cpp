// SPDX-License-Identifier: MIT
// Bind to Skeleton in the editor (issue 20, label "weights"): a static box
// around the sample's left forearm (a mesh on its own node, as a prop
// modelled in place or a mesh from another file), bound with automatic
// weights from the Weights menu, follows the arm when the upper arm is
// posed: its centre moves with the forearm's joint, as one undo entry. And
// a mesh from another file, brought in with File › Import Mesh, binds too.
#include "../paint/paint_fixture.h"

#include "core/io/gltf_export.h"
#include "core/math/transform.h"
#include "core/model/mesh_bind.h"
#include "static_mesh_rig.h"
#include "tests/document/document_fixture.h"

#include <glm/gtc/quaternion.hpp>

using namespace marrow;

namespace {

class WeightsBind : public test::PaintTest {
protected:
    // The open rig plus a box of half-size `h` around `centre` (world), on a new root node.
    model::Rig withStaticBox(glm::vec3 centre, float h)
    {
        model::Rig rig = document().rig();
        rig.skeleton.names.push_back("static_box_holder");
        rig.skeleton.parents.push_back(anim::kNoParent);
        rig.skeleton.rest.push_back(math::Transform{});
        mesh::Mesh box;
        box.name = "static_box";
        box.node = static_cast<anim::JointIndex>(rig.skeleton.size() - 1);
        for (int z = 0; z < 2; ++z)
            for (int y = 0; y < 2; ++y)
                for (int x = 0; x < 2; ++x)
                    box.positions.push_back(centre + h * glm::vec3(x ? 1.f : -1.f, y ? 1.f : -1.f, z ? 1.f : -1.f));
        box.normals.assign(8, glm::vec3(0.f, 1.f, 0.f));
        box.indices = {0, 2, 1, 1, 2, 3, 4, 5, 6, 5, 7, 6, 0, 1, 4, 1, 5, 4, 2, 6, 3, 3, 6, 7, 0, 4, 2, 2, 4, 6, 1, 3, 5, 3, 7, 5};
        rig.meshes.push_back(box);
        return rig;
    }
};

TEST_F(WeightsBind, BindWithAutomaticWeightsMakesAStaticBoxFollowTheArm)
{
    const model::JointIndex forearm = joint("forearm_L"), hand = joint("hand_L");
    const std::vector<glm::mat4> rest = model::restWorlds(document().rig().skeleton);
    const glm::vec3 elbow(rest[static_cast<std::size_t>(forearm)][3]), wrist(rest[static_cast<std::size_t>(hand)][3]);
    ASSERT_FALSE(document().replaceRig(withStaticBox(glm::mix(elbow, wrist, .5f), .03f)));
    settle();
    const auto box = static_cast<model::MeshId>(document().rig().meshes.size() - 1);
    ASSERT_FALSE(document().rig().meshes[static_cast<std::size_t>(box)].skinned());
    const std::string before = test::bytesOf(document());

    window().weightsMenu().bindAutomatic->trigger();
    ASSERT_TRUE(document().rig().meshes[static_cast<std::size_t>(box)].skinned())
        << window().statusBar()->currentMessage().toStdString();
    ASSERT_EQ(document().undoStack()->count(), 1);
    EXPECT_EQ(document().undoStack()->text(0), QStringLiteral("Bind to Skeleton"));
    EXPECT_TRUE(window().statusBar()->currentMessage().contains(QStringLiteral("bound")));
    EXPECT_TRUE(document().rig().meshes[0].skinned()) << "the character itself is untouched";

    // Raise the upper arm 60 degrees about the view axis: the box goes with the forearm.
    const model::JointIndex upper = joint("upperarm_L");
    math::Transform pose = document().rig().skeleton.rest[static_cast<std::size_t>(upper)];
    pose.rotation = glm::angleAxis(glm::radians(60.f), glm::vec3(0.f, 0.f, 1.f)) * pose.rotation;
    ASSERT_TRUE(document().setPoseOverride(upper, pose));
    settle();
    const auto posed = window().evaluator().skinnedPositions(box);
    ASSERT_EQ(posed.size(), 8u);
    glm::vec3 centre(0.f);
    for (const glm::vec3& p : posed)
        centre += p / 8.f;
    const auto worlds = window().evaluator().worlds();
    const glm::vec3 elbowNow(worlds[static_cast<std::size_t>(forearm)][3]), wristNow(worlds[static_cast<std::size_t>(hand)][3]);
    const glm::vec3 expected = glm::mix(elbowNow, wristNow, .5f);
    EXPECT_GT(glm::length(expected - glm::mix(elbow, wrist, .5f)), .1f) << "the pose moved the forearm";
    EXPECT_LT(glm::length(centre - expected), .02f) << "the bound box moved with it";

    document().setPoseOverride(upper, std::nullopt);
    document().undoStack()->undo();
    EXPECT_EQ(test::bytesOf(document()), before) << "undo gives the static mesh back byte for byte";
}

} // namespace

namespace {

class WeightsImportMesh : public test::PaintTest {};

// File › Import Mesh brings a static tube from a glTF file (the meshes only,
// on a node of their own), Bind to Skeleton binds it, and turning the hips
// carries it along; each is one undo entry, and undoing both gives the
// document back byte for byte.
TEST_F(WeightsImportMesh, AnImportedMeshBindsAndFollowsTheSkeleton)
{
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QString file = dir.filePath(QStringLiteral("tube.gltf"));
    ASSERT_FALSE(io::exportGltf(test::staticTubeRig(), file.toStdString()));
    const std::string before = test::bytesOf(document());
    const std::size_t meshes = document().rig().meshes.size(), joints = document().rig().skeleton.size();

    ASSERT_TRUE(window().files().importMesh(file)) << window().files().lastError().toStdString();
    settle();
    ASSERT_EQ(document().rig().meshes.size(), meshes + 1);
    EXPECT_EQ(document().rig().skeleton.size(), joints + 1) << "one node holds the imported mesh";
    EXPECT_EQ(document().rig().skeleton.names.back(), "tube");
    const auto tube = static_cast<model::MeshId>(meshes);
    EXPECT_FALSE(document().rig().meshes[static_cast<std::size_t>(tube)].skinned());
    EXPECT_EQ(document().undoStack()->text(document().undoStack()->count() - 1), QStringLiteral("Import Mesh from tube.gltf"));

    window().weightsMenu().bindAutomatic->trigger();
    ASSERT_TRUE(document().rig().meshes[static_cast<std::size_t>(tube)].skinned())
        << window().statusBar()->currentMessage().toStdString();
    const auto rest = window().evaluator().skinnedPositions(tube);
    const std::vector<glm::vec3> restPositions(rest.begin(), rest.end());
    const model::JointIndex hips = joint("hips");
    const glm::mat4 hipsBefore = window().evaluator().worlds()[static_cast<std::size_t>(hips)];
    math::Transform pose = document().rig().skeleton.rest[static_cast<std::size_t>(hips)];
    pose.rotation = glm::angleAxis(glm::radians(40.f), glm::vec3(0.f, 1.f, 0.f)) * pose.rotation;
    ASSERT_TRUE(document().setPoseOverride(hips, pose));
    settle();
    const glm::mat4 carry = window().evaluator().worlds()[static_cast<std::size_t>(hips)] * glm::inverse(hipsBefore);
    const auto posed = window().evaluator().skinnedPositions(tube);
    float moved = 0.f;
    for (std::size_t v = 0; v < posed.size(); ++v) {
        EXPECT_LT(glm::length(posed[v] - glm::vec3(carry * glm::vec4(restPositions[v], 1.f))), 1e-3f) << "vertex " << v;
        moved = std::max(moved, glm::length(posed[v] - restPositions[v]));
    }
    EXPECT_GT(moved, .05f) << "the turn moved the tube";

    document().setPoseOverride(hips, std::nullopt);
    document().undoStack()->undo();
    document().undoStack()->undo();
    settle();
    EXPECT_EQ(test::bytesOf(document()), before) << "undoing the bind and the import gives the document back";
}

} // namespace
