// SPDX-License-Identifier: MIT
// The bone tree's right-click menu on the bundled sample: a right-click on a
// bone selects it first; the menu offers Select (the Select menu's actions,
// with their keys), Lock / Unlock Weights of that bone, Rename… (the tree's
// editor), Copy Name and Frame Selected, and its items act; on empty space the bone items are
// disabled.
#include "app/editor/editor_actions.h"
#include "app/editor/select_actions.h"
#include "core/workspace/selection.h"
#include "editor_fixture.h"
#include "widgets/bone_tree/bone_tree_view.h"
#include "menu_items.h"

#include <QClipboard>
#include <QContextMenuEvent>
#include <QDockWidget>
#include <QGuiApplication>
#include <QLineEdit>
#include <QMenu>

namespace marrow::test {
namespace {

class BoneTreeMenuTest : public EditorTest {
protected:
    model::JointIndex joint(const char* name) { return window().document().rig().skeleton.find(name).value_or(-1); }
    ui::BoneTreeView& tree() { return window().boneTree(); }

    QMenu* rightClick(QPoint viewportPos)
    {
        QContextMenuEvent event(QContextMenuEvent::Mouse, viewportPos, tree().viewport()->mapToGlobal(viewportPos));
        QApplication::sendEvent(tree().viewport(), &event);
        return qobject_cast<QMenu*>(QApplication::activePopupWidget());
    }
    QMenu* rightClickJoint(model::JointIndex j)
    {
        const QModelIndex index = tree().viewIndexForJoint(j);
        EXPECT_TRUE(index.isValid());
        tree().scrollTo(index);
        return rightClick(tree().visualRect(index).center());
    }
};

void closeMenu(QMenu* menu)
{
    QTest::keyClick(menu, Qt::Key_Escape);
    EXPECT_EQ(QApplication::activePopupWidget(), nullptr);
}

TEST_F(BoneTreeMenuTest, RightClickSelectsTheBoneAndLockLocksItsWeights)
{
    const model::JointIndex forearm = joint("forearm_L");
    ASSERT_GE(forearm, 0);
    window().selection().selectJoint(joint("head"));
    ASSERT_FALSE(window().document().isLocked(forearm));
    QMenu* menu = rightClickJoint(forearm);
    ASSERT_NE(menu, nullptr);
    EXPECT_EQ(window().selection().joints(), QList<model::JointIndex>{forearm}) << "the bone under the mouse";
    for (const char* text : {"Select", "Lock Weights", "Rename…", "Copy Name", "Frame &Selected"}) {
        ASSERT_NE(menuItem(menu, QString::fromUtf8(text)), nullptr) << text;
        EXPECT_TRUE(menuItem(menu, QString::fromUtf8(text))->isEnabled()) << text;
    }
    const QMenu* select = menuItem(menu, QStringLiteral("Select"))->menu();
    ASSERT_NE(menuItem(select, QStringLiteral("&Parent")), nullptr);
    EXPECT_EQ(menuItem(select, QStringLiteral("&Parent"))->shortcut(), window().selectActions().parent->shortcut())
        << "shows the Select menu's key";
    menuItem(menu, QStringLiteral("Lock Weights"))->trigger();
    closeMenu(menu);
    EXPECT_TRUE(window().document().isLocked(forearm));
    EXPECT_TRUE(window().document().undoStack()->undoText().contains(QStringLiteral("Lock")));

    menu = rightClickJoint(forearm);
    ASSERT_NE(menu, nullptr);
    ASSERT_NE(menuItem(menu, QStringLiteral("Unlock Weights")), nullptr) << "the item says what it will do";
    menuItem(menu, QStringLiteral("Unlock Weights"))->trigger();
    closeMenu(menu);
    EXPECT_FALSE(window().document().isLocked(forearm));
}

TEST_F(BoneTreeMenuTest, SelectParentAndCopyNameAct)
{
    const model::JointIndex hand = joint("hand_L");
    QMenu* menu = rightClickJoint(hand);
    ASSERT_NE(menu, nullptr);
    menuItem(menu, QStringLiteral("Copy Name"))->trigger();
    EXPECT_EQ(QGuiApplication::clipboard()->text(), QStringLiteral("hand_L"));
    menuItem(menuItem(menu, QStringLiteral("Select"))->menu(), QStringLiteral("&Parent"))->trigger();
    closeMenu(menu);
    EXPECT_EQ(window().selection().joints(), QList<model::JointIndex>{joint("forearm_L")});
}

TEST_F(BoneTreeMenuTest, RenameOpensTheNameEditorAndEnterRenamesTheBone)
{
    const model::JointIndex hand = joint("hand_L");
    QMenu* menu = rightClickJoint(hand);
    ASSERT_NE(menu, nullptr);
    menuItem(menu, QStringLiteral("Rename…"))->trigger();
    closeMenu(menu);
    QApplication::processEvents();
    auto* editor = tree().viewport()->findChild<QLineEdit*>();
    ASSERT_NE(editor, nullptr) << "the tree's name editor is open";
    EXPECT_EQ(editor->text(), QStringLiteral("hand_L"));
    EXPECT_TRUE(editor->isVisible());
    EXPECT_TRUE(editor->hasFocus()) << "typing goes to the name";
    editor->setText(QStringLiteral("paw_L"));
    QTest::keyClick(editor, Qt::Key_Return);
    QApplication::processEvents();  // the delegate commits on a queued call
    EXPECT_EQ(window().document().rig().skeleton.names.at(static_cast<std::size_t>(hand)), "paw_L");
}

TEST_F(BoneTreeMenuTest, OnEmptySpaceTheBoneItemsAreDisabled)
{
    window().selection().clearJoints();
    tree().collapseAll();
    QApplication::processEvents();
    const QPoint below(10, tree().viewport()->height() - 4);
    ASSERT_FALSE(tree().indexAt(below).isValid()) << "empty space under the rows";
    QMenu* menu = rightClick(below);
    ASSERT_NE(menu, nullptr);
    for (const char* text : {"Lock Weights", "Rename…", "Copy Name", "Frame &Selected"})
        EXPECT_FALSE(menuItem(menu, QString::fromUtf8(text))->isEnabled()) << text;
    EXPECT_TRUE(menuItem(menu, QStringLiteral("Select"))->isEnabled());
    closeMenu(menu);
    EXPECT_TRUE(window().selection().joints().isEmpty());
}

} // namespace
} // namespace marrow::test
