// SPDX-License-Identifier: MIT
// Edit Skeleton in the editor (issue 22, label rig), on the bundled
// character with a user's keys: Tab enters the mode and the status bar
// says so; G X 0 . 2 5 Enter moves a joint's rest 0.25 along X with its
// children while the mesh stays; E extrudes a child that the bone tree
// lists; X deletes a skinned joint and its vertices go to the parent, whose
// heat map now covers them; Ctrl+Z gives each document back byte for byte.
#include "rig_fixture.h"

#include "core/skin/weight_row.h"

#include <QAbstractItemModel>
#include <QTreeView>

#include "widgets/bone_tree/bone_tree_view.h"
#include "widgets/inspector/inspector_panel.h"
#include "widgets/inspector/key_button.h"

#include <QDoubleSpinBox>

using namespace marrow;

namespace {

using SkeletonEditGui = test::RigEditTest;

std::size_t firstSkinned(const model::Rig& rig)
{
    std::size_t m = 0;
    while (m < rig.meshes.size() && !rig.meshes[m].skinned())
        ++m;
    return m;
}

float worstDistance(const std::vector<glm::vec3>& a, const std::vector<glm::vec3>& b)
{
    EXPECT_EQ(a.size(), b.size());
    float worst = 0.f;
    for (std::size_t v = 0; v < std::min(a.size(), b.size()); ++v)
        worst = std::max(worst, glm::distance(a[v], b[v]));
    return worst;
}

} // namespace

TEST_F(SkeletonEditGui, TabThenGTypedMovesTheRestAndTheMeshStays)
{
    key(Qt::Key_Tab);
    ASSERT_TRUE(editing()) << "Tab over the viewport enters Edit Skeleton";
    EXPECT_TRUE(modeText().contains(QStringLiteral("Edit Skeleton"))) << modeText().toStdString();
    EXPECT_TRUE(modeText().contains(QStringLiteral("Alt"))) << "the status bar states the children rule";
    const anim::JointIndex arm = joint("upperarm_L"), forearm = joint("forearm_L");
    const glm::vec3 armAt = restAt(arm), forearmAt = restAt(forearm);
    const std::vector<glm::vec3> mesh = skinnedPositions();
    const std::string before = test::bytesOf(document());
    const int entries = stack().count();

    window().selection().selectJoint(arm);
    key(Qt::Key_G);
    key(Qt::Key_X);
    type("0.25");
    key(Qt::Key_Return);
    EXPECT_EQ(stack().count(), entries + 1) << "one undo entry";
    EXPECT_LT(glm::distance(restAt(arm), armAt + glm::vec3(.25f, 0.f, 0.f)), 1e-5f);
    EXPECT_LT(glm::distance(restAt(forearm), forearmAt + glm::vec3(.25f, 0.f, 0.f)), 1e-5f) << "children follow";
    EXPECT_LT(worstDistance(skinnedPositions(), mesh), 1e-4f) << "the mesh stays where it is";
    EXPECT_TRUE(document().poseOverrides().empty()) << "a rest edit, not a pose";

    key(Qt::Key_Z, Qt::ControlModifier);
    EXPECT_EQ(test::bytesOf(document()), before) << "Ctrl+Z gives the document back byte for byte";

    // The inspector shows and edits the rest transform, with no keys.
    ui::InspectorPanel& inspector = window().inspector();
    EXPECT_FALSE(inspector.keyButton(0)->isVisible());
    const float y = document().rig().skeleton.rest[static_cast<std::size_t>(arm)].translation.y;
    inspector.translationBox(1)->setValue(static_cast<double>(y) + 0.1);
    QApplication::processEvents();
    EXPECT_NEAR(document().rig().skeleton.rest[static_cast<std::size_t>(arm)].translation.y, y + 0.1f, 1e-4f);
    EXPECT_TRUE(document().poseOverrides().empty());
    EXPECT_LT(worstDistance(skinnedPositions(), mesh), 1e-4f);
    key(Qt::Key_Tab);
    EXPECT_FALSE(editing());
    EXPECT_TRUE(inspector.keyButton(0)->isVisible()) << "keys again in Pose";
}

TEST_F(SkeletonEditGui, AltMovesOnlyTheJoint)
{
    key(Qt::Key_Tab);
    const anim::JointIndex forearm = joint("forearm_L"), hand = joint("hand_L");
    const glm::vec3 handAt = restAt(hand), forearmAt = restAt(forearm);
    window().selection().selectJoint(forearm);
    key(Qt::Key_G);
    key(Qt::Key_Y);
    type("0.1");
    QTest::keyPress(&viewport(), Qt::Key_Alt, Qt::AltModifier);  // held while the grab is confirmed
    QApplication::processEvents();
    EXPECT_LT(glm::distance(restAt(hand), handAt), 1e-5f) << "with Alt the children stay";
    QTest::keyClick(&viewport(), Qt::Key_Return, Qt::AltModifier);
    QTest::keyRelease(&viewport(), Qt::Key_Alt);
    QApplication::processEvents();
    EXPECT_LT(glm::distance(restAt(forearm), forearmAt + glm::vec3(0.f, .1f, 0.f)), 1e-5f);
    EXPECT_LT(glm::distance(restAt(hand), handAt), 1e-5f);
}

TEST_F(SkeletonEditGui, EExtrudesAChildThatTheBoneTreeLists)
{
    key(Qt::Key_Tab);
    const anim::JointIndex hand = joint("hand_L");
    const std::size_t joints = document().rig().skeleton.size();
    const std::string before = test::bytesOf(document());
    const int entries = stack().count();
    window().selection().selectJoint(hand);
    key(Qt::Key_E);
    ASSERT_TRUE(m_tool->transforming()) << "the new joint follows the mouse";
    key(Qt::Key_X);
    type("0.1");
    key(Qt::Key_Return);
    ASSERT_EQ(document().rig().skeleton.size(), joints + 1);
    const anim::JointIndex added = static_cast<anim::JointIndex>(joints);
    EXPECT_EQ(document().rig().skeleton.names.back(), "hand_L.001");
    EXPECT_EQ(document().rig().skeleton.parents.back(), hand);
    EXPECT_EQ(window().selection().currentJoint(), added);
    EXPECT_EQ(stack().count(), entries + 1) << "extrude and its grab are one entry";
    EXPECT_EQ(stack().undoText(), QStringLiteral("Extrude Joint"));
    QAbstractItemModel* tree = window().boneTree().model();
    ASSERT_NE(tree, nullptr);
    const QModelIndexList found =
        tree->match(tree->index(0, 0), Qt::DisplayRole, QStringLiteral("hand_L.001"), 1, Qt::MatchRecursive);
    EXPECT_EQ(found.size(), 1) << "the bone tree lists the new joint";

    key(Qt::Key_Z, Qt::ControlModifier);
    EXPECT_EQ(test::bytesOf(document()), before);
    // Esc during the extrude's grab takes the new joint back too.
    window().selection().selectJoint(hand);
    key(Qt::Key_E);
    key(Qt::Key_Escape);
    EXPECT_EQ(document().rig().skeleton.size(), joints);
    EXPECT_EQ(test::bytesOf(document()), before);
}

TEST_F(SkeletonEditGui, XDeletesASkinnedJointAndTheParentTakesItsVertices)
{
    key(Qt::Key_Tab);
    const model::Rig& rig = document().rig();
    const std::size_t body = firstSkinned(rig);
    ASSERT_LT(body, rig.meshes.size());
    const anim::JointIndex forearm = joint("forearm_L"), arm = joint("upperarm_L");
    const auto& skinJoints = rig.skins[static_cast<std::size_t>(rig.meshes[body].skin)].joints;
    const auto slot = [&](anim::JointIndex j) {
        return static_cast<std::uint16_t>(std::find(skinJoints.begin(), skinJoints.end(), j) - skinJoints.begin());
    };
    const mesh::SkinWeights weights = rig.meshes[body].weights;
    const std::uint16_t forearmSlot = slot(forearm), armSlot = slot(arm);
    std::vector<std::size_t> forearmVertices;
    for (std::size_t v = 0; v < weights.vertexCount(); ++v)
        if (skin::weightOf(weights, v, forearmSlot) > 0.f)
            forearmVertices.push_back(v);
    ASSERT_GT(forearmVertices.size(), 20u);
    const std::vector<glm::vec3> mesh = skinnedPositions();
    const std::string before = test::bytesOf(document());

    window().selection().selectJoint(forearm);
    key(Qt::Key_X);
    ASSERT_FALSE(document().rig().skeleton.find("forearm_L")) << window().statusBar()->currentMessage().toStdString();
    const anim::JointIndex armNow = joint("upperarm_L");
    EXPECT_EQ(window().selection().currentJoint(), armNow) << "the parent is selected: its heat map shows";
    EXPECT_EQ(document().rig().skeleton.parents[static_cast<std::size_t>(joint("hand_L"))], armNow);
    const model::Rig& after = document().rig();
    const auto& skinAfter = after.skins[static_cast<std::size_t>(after.meshes[body].skin)].joints;
    const auto armSlotAfter =
        static_cast<std::uint16_t>(std::find(skinAfter.begin(), skinAfter.end(), armNow) - skinAfter.begin());
    for (std::size_t v : forearmVertices) {
        const float expected = skin::weightOf(weights, v, armSlot) + skin::weightOf(weights, v, forearmSlot);
        EXPECT_NEAR(skin::weightOf(after.meshes[body].weights, v, armSlotAfter), expected, 1e-5f) << "vertex " << v;
    }
    EXPECT_FALSE(after.meshes[body].weights.validate(skinAfter.size())) << "rows still sum to 1";
    EXPECT_LT(worstDistance(skinnedPositions(), mesh), 1e-4f) << "at rest the mesh has not moved";
    key(Qt::Key_Z, Qt::ControlModifier);
    EXPECT_EQ(test::bytesOf(document()), before);
}
