// SPDX-License-Identifier: MIT
// Editor shortcuts work wherever the focus is, except inside a text field
// being edited, where Ctrl+Z is the field's text undo.
#include "app/editor/document_controller.h"
#include "app/editor/editor_actions.h"
#include "core/workspace/selection.h"
#include "editor_fixture.h"
#include "widgets/inspector/inspector_panel.h"

#include <QDoubleSpinBox>
#include <QLineEdit>

namespace marrow::test {
namespace {

class ShortcutsTest : public EditorTest {
protected:
    QDoubleSpinBox* poseBoxOf(const char* joint)
    {
        window().selection().selectJoint(window().document().rig().skeleton.find(joint).value_or(-1));
        QApplication::processEvents();
        return window().inspector().translationBox(1);
    }
};

TEST_F(ShortcutsTest, CtrlZAfterEnterInAnInspectorFieldUndoesTheEdit)
{
    QDoubleSpinBox* box = poseBoxOf("head");
    box->setFocus();
    box->selectAll();
    QTest::keyClicks(box, QStringLiteral("0.75"));
    QTest::keyClick(box, Qt::Key_Return);
    ASSERT_EQ(window().document().poseOverrides().size(), 1u);
    ASSERT_TRUE(box->hasFocus());
    // The focus is still in the field, but the value is committed: Ctrl+Z is the editor's.
    QTest::keyClick(box, Qt::Key_Z, Qt::ControlModifier);
    EXPECT_TRUE(window().document().poseOverrides().empty());
    QTest::keyClick(box, Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
    EXPECT_EQ(window().document().poseOverrides().size(), 1u);
    QTest::keyClick(box, Qt::Key_Z, Qt::ControlModifier);
    EXPECT_TRUE(window().document().poseOverrides().empty());
}

TEST_F(ShortcutsTest, CtrlZWhileTypingIsTextUndo)
{
    QDoubleSpinBox* box = poseBoxOf("head");
    box->setFocus();
    box->selectAll();
    const int entries = window().document().undoStack()->count();
    QTest::keyClicks(box, QStringLiteral("3"));
    QTest::keyClick(box, Qt::Key_Z, Qt::ControlModifier);
    // The typed text was undone in the field; the document was not touched.
    EXPECT_EQ(window().document().undoStack()->count(), entries);
    EXPECT_TRUE(window().document().poseOverrides().empty());
    EXPECT_NE(box->text(), QStringLiteral("3"));
}

TEST_F(ShortcutsTest, CtrlZInTheBoneFilterAfterEnterUndoesTheEdit)
{
    QDoubleSpinBox* box = poseBoxOf("head");
    box->setValue(box->value() + 0.5);
    ASSERT_EQ(window().document().poseOverrides().size(), 1u);
    // The Skeleton dock's filter (the Weight Paint dock has one as well).
    QLineEdit* filter = window().docks().boneFilterEdit;
    ASSERT_NE(filter, nullptr);
    filter->setFocus();
    QTest::keyClicks(filter, QStringLiteral("arm"));
    QTest::keyClick(filter, Qt::Key_Return);
    QTest::keyClick(filter, Qt::Key_Z, Qt::ControlModifier);
    EXPECT_TRUE(window().document().poseOverrides().empty());
    EXPECT_EQ(filter->text(), QStringLiteral("arm"));
}

} // namespace
} // namespace marrow::test
