// SPDX-License-Identifier: MIT
// Rigging a static mesh from scratch (issue 22, label rig): the bundled
// character's mesh without its skin, opened as a static glTF, gets a
// skeleton made with Edit Skeleton's keys (Shift+A a root, E extrusions
// placed by typed grabs, F2 names, Symmetrize the other side), is bound
// with automatic weights from the Weights menu, posed with R and keyed
// with I. Posing the new upper arm moves the arm's vertices and not the
// legs'; the glTF export validates; marrow-cli poses it the same.
#include "rig_fixture.h"

#include "cli_pose_runner.h"

#include "app/editor/weights_menu.h"
#include "core/io/gltf_export.h"
#include "core/model/joint_name_mirror.h"

#include <QInputDialog>
#include <QTemporaryDir>
#include <QTimer>


using namespace marrow;

namespace {

using RigFromScratch = test::RigEditTest;

// The open rig's skinned meshes, unskinned, on one holder node: a static character.
model::Rig staticCopy(const model::Rig& rigged)
{
    model::Rig rig;
    rig.skeleton.names = {"character"};
    rig.skeleton.parents = {anim::kNoParent};
    rig.skeleton.rest = {math::Transform{}};
    for (mesh::Mesh m : rigged.meshes) {
        if (!m.skinned())
            continue;  // the body only: a prop is not part of the statue
        m.skin = -1;
        m.weights = {};
        m.node = 0;
        m.material = -1;  // a grey statue is enough here
        rig.meshes.push_back(std::move(m));
    }
    return rig;
}

} // namespace

TEST_F(RigFromScratch, AStaticMeshGetsASkeletonWeightsAPoseAndAnExport)
{
    // The bundled character (symmetric across X = 0, T-pose): where its
    // joints are is where ours go.
    ASSERT_TRUE(window().openFile(app::bundledSamplePath(QStringLiteral("marrow_character.gltf"))));
    const auto place = [&](const char* name) { return restAt(joint(name)); };
    const glm::vec3 hips = place("hips"), chest = place("spine3"), head = place("head"), arm = place("upperarm_L"),
                    elbow = place("forearm_L"), wrist = place("hand_L"), thigh = place("thigh_L"),
                    knee = place("shin_L"), ankle = place("foot_L");
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QString file = dir.filePath(QStringLiteral("static_character.gltf"));
    ASSERT_FALSE(io::exportGltf(staticCopy(document().rig()), file.toStdString()));
    ASSERT_TRUE(window().openFile(file)) << window().files().lastError().toStdString();
    ASSERT_FALSE(document().rig().meshes[0].skinned());
    focusViewport();

    key(Qt::Key_Tab);
    ASSERT_TRUE(editing());
    window().selection().clearJoints();
    key(Qt::Key_A, Qt::ShiftModifier);
    ASSERT_EQ(document().rig().skeleton.size(), 2u) << "Shift+A added a root";
    const anim::JointIndex root = window().selection().currentJoint();
    EXPECT_EQ(document().rig().skeleton.parents[static_cast<std::size_t>(root)], anim::kNoParent);
    moveTo(root, hips);
    // E, Enter, then placed by typed grabs; F2 names the first of each side.
    const auto extrudeTo = [&](anim::JointIndex from, const glm::vec3& at, const char* rename = nullptr) {
        window().selection().selectJoint(from);
        key(Qt::Key_E);
        key(Qt::Key_Return);
        const anim::JointIndex made = window().selection().currentJoint();
        EXPECT_EQ(document().rig().skeleton.parents[static_cast<std::size_t>(made)], from);
        moveTo(made, at);
        if (rename) {
            QTimer::singleShot(0, [rename] {
                if (auto* dialog = qobject_cast<QInputDialog*>(QApplication::activeModalWidget())) {
                    dialog->setTextValue(QString::fromLatin1(rename));
                    dialog->accept();
                }
            });
            key(Qt::Key_F2);
            EXPECT_EQ(document().rig().skeleton.names[static_cast<std::size_t>(made)], rename);
        }
        EXPECT_LT(glm::distance(restAt(made), at), 1e-3f);
        return made;
    };
    const anim::JointIndex spine = extrudeTo(root, chest);
    extrudeTo(spine, head);
    const anim::JointIndex upperarm = extrudeTo(spine, arm, "upperarm_L");
    const anim::JointIndex forearm = extrudeTo(upperarm, elbow);
    const anim::JointIndex hand = extrudeTo(forearm, wrist);
    const anim::JointIndex upperleg = extrudeTo(root, thigh, "thigh_L");
    const anim::JointIndex shin = extrudeTo(upperleg, knee);
    const anim::JointIndex foot = extrudeTo(shin, ankle);
    EXPECT_EQ(document().rig().skeleton.names[static_cast<std::size_t>(forearm)], "upperarm_L.001");

    window().selection().setJoints({upperarm, forearm, hand, upperleg, shin, foot});
    action("skeleton_symmetrize")->trigger();
    QApplication::processEvents();
    for (const char* name : {"upperarm_R", "upperarm_R.001", "upperarm_R.002", "thigh_R", "thigh_R.001", "thigh_R.002"}) {
        const anim::JointIndex twin = joint(name);
        const auto left = document().rig().skeleton.find(*model::mirroredJointName(name));
        ASSERT_TRUE(left) << name;
        EXPECT_LT(glm::distance(restAt(twin), restAt(*left) * glm::vec3(-1.f, 1.f, 1.f)), 1e-5f) << name;
    }
    EXPECT_EQ(document().rig().skeleton.size(), 16u) << "the holder, 9 joints made, 6 twins";
    key(Qt::Key_Tab);
    ASSERT_FALSE(editing());

    window().weightsMenu().bindAutomatic->trigger();
    QApplication::processEvents();
    ASSERT_TRUE(document().rig().meshes[0].skinned()) << window().statusBar()->currentMessage().toStdString();
    const auto restSpan = window().evaluator().skinnedPositions(0);
    const std::vector<glm::vec3> rest(restSpan.begin(), restSpan.end());

    // R Z 5 0 Enter on the new upper arm, then I keys it.
    window().selection().selectJoint(joint("upperarm_L"));
    ASSERT_TRUE(viewport().tools().setActiveTool(m_tool));
    key(Qt::Key_R);
    key(Qt::Key_Z);
    type("50");
    key(Qt::Key_Return);
    key(Qt::Key_I);
    ASSERT_EQ(document().rig().clips.size(), 1u) << "I made a clip to key into";
    const auto posedSpan = window().evaluator().skinnedPositions(0);
    const std::vector<glm::vec3> posed(posedSpan.begin(), posedSpan.end());
    float armMoved = 0.f, legsMoved = 0.f;
    for (std::size_t v = 0; v < rest.size(); ++v) {
        const float d = glm::distance(posed[v], rest[v]);
        if (glm::distance(rest[v], wrist) < .08f)
            armMoved = std::max(armMoved, d);
        if (rest[v].y < knee.y)
            legsMoved = std::max(legsMoved, d);
    }
    EXPECT_GT(armMoved, .2f) << "the forearm and hand swing with the upper arm";
    EXPECT_LT(legsMoved, 1e-5f) << "the legs stay";

    const std::string glb = dir.filePath(QStringLiteral("rigged.glb")).toStdString();
    ASSERT_FALSE(io::exportGltf(document().rig(), glb));
    const std::vector<float> cli = test::cliPose({glb, "--clip", "0", "--time", "0"}, "marrow_rig_from_scratch");
    ASSERT_EQ(cli.size(), 3 * posed.size());
    float worst = 0.f;
    for (std::size_t v = 0; v < posed.size(); ++v)
        worst = std::max(worst, glm::distance(glm::vec3(cli[3 * v], cli[3 * v + 1], cli[3 * v + 2]), posed[v]));
    EXPECT_LT(worst, 1e-4f) << "marrow-cli poses the new rig as the editor does";
#ifdef MARROW_VALIDATE_SCRIPT
    const test::ProcessResult valid = test::runProcess({MARROW_NODE_EXE, MARROW_VALIDATE_SCRIPT, glb});
    EXPECT_EQ(valid.exitCode, 0) << valid.out << valid.err;
#endif
}
