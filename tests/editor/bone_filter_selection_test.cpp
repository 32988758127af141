// SPDX-License-Identifier: MIT
// Issue 36 item 5, on the real-traits sample (Mixamo names): filter "Head",
// click Head, filter "LeftArm", click LeftArm. The plain click replaces the
// whole selection, the joint the filter hides included, so R and I act on
// the arm alone; Ctrl+click still adds; the dock says how many selected
// bones the filter hides, and its link clears the filter.
#include "core/workspace/pose_evaluator.h"
#include "core/workspace/selection.h"
#include "editor_fixture.h"
#include "shared_models.h"
#include "widgets/bone_tree/bone_filter_proxy_model.h"
#include "widgets/bone_tree/bone_tree_view.h"
#include "widgets/bone_tree/hidden_selection_label.h"
#include "widgets/viewport/pose_tool.h"
#include "widgets/viewport/tool_manager.h"
#include "widgets/viewport/viewport_widget.h"

#include <QLineEdit>
#include <QUndoStack>

#include <glm/gtc/quaternion.hpp>

namespace marrow::test {
namespace {

class BoneFilterSelectionTest : public EditorTest {
protected:
    void SetUp() override
    {
        EditorTest::SetUp();
        if (HasFatalFailure())
            return;
        ASSERT_TRUE(window().openFile(QString::fromStdString(traitsSample())))
            << window().files().lastError().toStdString();
        QApplication::processEvents();
        m_head = joint("mixamorig:Head");
        m_arm = joint("mixamorig:LeftArm");
        ASSERT_GE(m_head, 0);
        ASSERT_GE(m_arm, 0);
    }

    model::JointIndex joint(const char* name) { return window().document().rig().skeleton.find(name).value_or(-1); }
    ui::BoneTreeView& tree() { return window().boneTree(); }
    ws::Selection& selection() { return window().selection(); }
    ui::HiddenSelectionLabel* hiddenLabel() { return window().findChild<ui::HiddenSelectionLabel*>(); }

    // Types the filter as a user does, then lets the view settle.
    void filter(const QString& text)
    {
        QLineEdit* edit = window().docks().boneFilterEdit;
        edit->setFocus();
        edit->selectAll();
        QTest::keyClick(edit, Qt::Key_Backspace);
        QTest::keyClicks(edit, text);
        QApplication::processEvents();
        ASSERT_EQ(window().docks().boneFilter->nameFilter(), text);
    }
    void click(model::JointIndex j, Qt::KeyboardModifiers modifiers = {})
    {
        const QModelIndex index = tree().viewIndexForJoint(j);
        ASSERT_TRUE(index.isValid()) << "row shown for joint " << j;
        tree().scrollTo(index);
        const QRect rect = tree().visualRect(index);
        ASSERT_FALSE(rect.isEmpty());
        QTest::mouseClick(tree().viewport(), Qt::LeftButton, modifiers, rect.center());
        QApplication::processEvents();
    }
    std::vector<math::Transform> locals()
    {
        const auto l = window().evaluator().locals();
        return {l.begin(), l.end()};
    }

    model::JointIndex m_head = -1;
    model::JointIndex m_arm = -1;
};

TEST_F(BoneFilterSelectionTest, APlainClickReplacesTheSelectionTheFilterHides)
{
    filter(QStringLiteral("Head"));
    click(m_head);
    ASSERT_EQ(selection().joints(), QList<model::JointIndex>{m_head});
    filter(QStringLiteral("LeftArm"));
    ASSERT_FALSE(tree().viewIndexForJoint(m_head).isValid()) << "the filter hides Head";
    EXPECT_EQ(selection().joints(), QList<model::JointIndex>{m_head}) << "typing a filter does not deselect";
    ASSERT_NE(hiddenLabel(), nullptr);
    EXPECT_TRUE(hiddenLabel()->isVisible());
    EXPECT_TRUE(hiddenLabel()->text().contains(QStringLiteral("1 selected bone hidden by the filter")))
        << hiddenLabel()->text().toStdString();

    click(m_arm);
    EXPECT_EQ(selection().joints(), QList<model::JointIndex>{m_arm}) << "the hidden Head is deselected too";
    EXPECT_FALSE(hiddenLabel()->isVisible());

    // R turns the arm, and the arm alone.
    ui::ViewportWidget& viewport = window().viewport();
    for (ui::ViewportTool* tool : viewport.tools().tools()) {
        if (qobject_cast<ui::PoseTool*>(tool)) {
            ASSERT_TRUE(viewport.tools().setActiveTool(tool));
        }
    }
    viewport.setFocus();
    QApplication::processEvents();
    const auto before = locals();
    for (Qt::Key key : {Qt::Key_R, Qt::Key_Z, Qt::Key_3, Qt::Key_0, Qt::Key_Return})
        QTest::keyClick(&viewport, key);
    QApplication::processEvents();
    const auto after = locals();
    ASSERT_EQ(after.size(), before.size());
    const glm::quat turn = glm::inverse(before[static_cast<std::size_t>(m_arm)].rotation) *
                           after[static_cast<std::size_t>(m_arm)].rotation;
    EXPECT_NEAR(glm::degrees(glm::angle(turn)), 30.f, 0.05f) << "the arm turned";
    for (std::size_t j = 0; j < before.size(); ++j) {
        if (static_cast<model::JointIndex>(j) != m_arm) {
            EXPECT_EQ(after[j], before[j]) << "joint " << j << " did not move";
        }
    }
}

TEST_F(BoneFilterSelectionTest, CtrlClickAddsAndTheLabelCountsAndClearsTheFilter)
{
    filter(QStringLiteral("Head"));
    click(m_head);
    filter(QStringLiteral("Left"));
    click(m_arm, Qt::ControlModifier);
    EXPECT_EQ(selection().joints(), (QList<model::JointIndex>{m_head, m_arm})) << "Ctrl+click adds";
    EXPECT_TRUE(hiddenLabel()->isVisible());

    // The forearm too: "Neck" then hides all three.
    click(joint("mixamorig:LeftForeArm"), Qt::ControlModifier);
    filter(QStringLiteral("Neck"));
    ASSERT_EQ(selection().joints().size(), 3);
    EXPECT_TRUE(hiddenLabel()->text().contains(QStringLiteral("3 selected bones hidden by the filter")))
        << hiddenLabel()->text().toStdString();

    // The link clears the filter: every selected row shows again.
    emit hiddenLabel()->linkActivated(QStringLiteral("clear"));
    QApplication::processEvents();
    EXPECT_TRUE(window().docks().boneFilterEdit->text().isEmpty());
    EXPECT_FALSE(hiddenLabel()->isVisible());
    EXPECT_EQ(tree().selectionModel()->selectedRows().size(), 3);
}

} // namespace
} // namespace marrow::test
