// SPDX-License-Identifier: MIT
// The Skeleton menu's other edits in the editor (issue 22, label rig), on
// the test sample: Snap moves the active joint to the centre of Weight
// Paint's selected vertices and leaves its children; Subdivide inserts
// evenly spaced joints; Ctrl+P parents to the active joint and Alt+P clears
// the parent, both keeping rest places; moving an animated joint puts a
// warning naming its clips in the log. Each is one undo entry that Ctrl+Z
// takes back byte for byte.
#include "rig_fixture.h"

#include "core/workspace/paint_selection.h"
#include "menu_items.h"
#include "widgets/log/log_panel.h"

#include <QMenu>

#include <QInputDialog>
#include <QTimer>

using namespace marrow;

namespace {

using SkeletonMenuGui = test::RigEditTest;

// Answers the next input dialog with `cuts`.
void answerCuts(int cuts)
{
    QTimer::singleShot(0, [cuts] {
        if (auto* dialog = qobject_cast<QInputDialog*>(QApplication::activeModalWidget())) {
            dialog->setIntValue(cuts);
            dialog->accept();
        }
    });
}

} // namespace

TEST_F(SkeletonMenuGui, SnapMovesTheJointToTheSelectedVerticesCentre)
{
    key(Qt::Key_Tab);
    const model::MeshId mesh = window().selection().activeMesh();
    ASSERT_GE(mesh, 0);
    const auto positions = window().evaluator().skinnedPositions(mesh);
    std::vector<std::uint8_t> picked(positions.size(), 0);
    glm::vec3 sum(0.f);
    for (std::size_t v = 0; v < positions.size(); v += 97) {
        picked[v] = 1;
        sum += positions[v];
    }
    const glm::vec3 centre = sum / static_cast<float>(std::count(picked.begin(), picked.end(), 1));
    ASSERT_TRUE(window().vertexSelection().setVertices(mesh, picked));
    const anim::JointIndex shin = joint("shin_L"), foot = joint("foot_L");
    const glm::vec3 footAt = restAt(foot);
    const std::string before = test::bytesOf(document());
    window().selection().selectJoint(shin);
    action("skeleton_snap_to_selected_vertices")->trigger();
    EXPECT_LT(glm::distance(restAt(shin), centre), 1e-5f);
    EXPECT_LT(glm::distance(restAt(foot), footAt), 1e-5f) << "the children stay";
    EXPECT_EQ(stack().undoText(), QStringLiteral("Snap Joint to Vertices"));
    key(Qt::Key_Z, Qt::ControlModifier);
    EXPECT_EQ(test::bytesOf(document()), before);
}

TEST_F(SkeletonMenuGui, SubdivideInsertsEvenlySpacedJoints)
{
    key(Qt::Key_Tab);
    const anim::JointIndex thigh = joint("thigh_L");
    const glm::vec3 hip = restAt(thigh), knee = restAt(joint("shin_L"));
    const std::size_t joints = document().rig().skeleton.size();
    const std::string before = test::bytesOf(document());
    window().selection().selectJoint(thigh);
    answerCuts(2);
    action("skeleton_subdivide")->trigger();
    ASSERT_EQ(document().rig().skeleton.size(), joints + 2);
    const anim::JointIndex first = joint("thigh_L.001"), second = joint("thigh_L.002");
    EXPECT_LT(glm::distance(restAt(first), glm::mix(hip, knee, 1.f / 3.f)), 1e-5f);
    EXPECT_LT(glm::distance(restAt(second), glm::mix(hip, knee, 2.f / 3.f)), 1e-5f);
    EXPECT_EQ(document().rig().skeleton.parents[static_cast<std::size_t>(joint("shin_L"))], second);
    EXPECT_LT(glm::distance(restAt(joint("shin_L")), knee), 1e-5f);
    key(Qt::Key_Z, Qt::ControlModifier);
    EXPECT_EQ(test::bytesOf(document()), before);
}

TEST_F(SkeletonMenuGui, CtrlPParentsToTheActiveJointAndAltPClearsIt)
{
    key(Qt::Key_Tab);
    const anim::JointIndex tail = joint("tail1"), spine = joint("spine3");
    const glm::vec3 tailAt = restAt(tail);
    const std::string before = test::bytesOf(document());
    window().selection().setJoints({tail, spine});  // the active (last) one is the new parent
    key(Qt::Key_P, Qt::ControlModifier);
    const anim::JointIndex tailNow = joint("tail1");
    EXPECT_EQ(document().rig().skeleton.parents[static_cast<std::size_t>(tailNow)], joint("spine3"));
    EXPECT_LT(glm::distance(restAt(tailNow), tailAt), 1e-5f) << "the rest place is kept";
    EXPECT_EQ(stack().undoText(), QStringLiteral("Parent Joints"));
    window().selection().setJoints({tailNow});
    key(Qt::Key_P, Qt::AltModifier);
    EXPECT_EQ(document().rig().skeleton.parents[static_cast<std::size_t>(joint("tail1"))], anim::kNoParent);
    EXPECT_LT(glm::distance(restAt(joint("tail1")), tailAt), 1e-5f);
    key(Qt::Key_Z, Qt::ControlModifier);
    key(Qt::Key_Z, Qt::ControlModifier);
    EXPECT_EQ(test::bytesOf(document()), before);
}

TEST_F(SkeletonMenuGui, MovingAnAnimatedJointWarnsWhichClipsAnimateIt)
{
    key(Qt::Key_Tab);
    const int entries = window().log().entryCount();
    window().selection().selectJoint(joint("spine2"));
    key(Qt::Key_G);
    key(Qt::Key_Z);
    type("0.05");
    key(Qt::Key_Return);
    QTest::qWait(400);  // the warning waits for the gesture to settle
    ASSERT_GT(window().log().entryCount(), entries);
    const QString text = window().log().entryText(window().log().entryCount() - 1);
    EXPECT_TRUE(text.contains(QStringLiteral("spine2"))) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("'idle'"))) << text.toStdString();
    EXPECT_EQ(window().log().entrySeverity(window().log().entryCount() - 1), ui::LogPanel::Severity::Warning);
}

TEST_F(SkeletonMenuGui, RightClickInEditSkeletonOpensTheSkeletonMenu)
{
    key(Qt::Key_Tab);
    window().selection().selectJoint(joint("forearm_L"));
    QTest::mouseClick(&viewport(), Qt::RightButton, {}, viewport().rect().center());
    auto* menu = qobject_cast<QMenu*>(QApplication::activePopupWidget());
    ASSERT_NE(menu, nullptr);
    for (const char* text : {"E&xtrude", "Extrude &Mirrored", "&Add Joint", "Su&bdivide…", "S&ymmetrize",
                             "Snap to Selected &Vertices", "&Parent to Active", "&Clear Parent", "&Rename…",
                             "&Delete Joints", "X-&Mirror", "Select", "&Edit Skeleton"})
        ASSERT_NE(test::menuItem(menu, QString::fromUtf8(text)), nullptr) << text;
    EXPECT_EQ(test::menuItem(menu, QStringLiteral("E&xtrude"))->shortcut(), QKeySequence(Qt::Key_E)) << "shows E";
    test::menuItem(menu, QStringLiteral("&Delete Joints"))->trigger();
    QTest::keyClick(menu, Qt::Key_Escape);
    EXPECT_FALSE(document().rig().skeleton.find("forearm_L")) << "the menu's Delete deleted";
}
