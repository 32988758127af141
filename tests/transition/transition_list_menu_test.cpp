// SPDX-License-Identifier: MIT
// The Transitions list's right-click menu: New, Duplicate, Rename, Delete and
// Bake, enabled as the dock's buttons are; a right-click picks the row under
// the mouse first, and its items act on that transition.
#include "transition_fixture.h"
#include "menu_items.h"

#include <QAction>
#include <QContextMenuEvent>
#include <QListWidget>
#include <QMenu>

using namespace marrow;

namespace {

using marrow::test::menuItem;

using TransitionListMenuTest = test::TransitionEditorTest;

QMenu* rightClick(QListWidget* list, QPoint pos)
{
    QContextMenuEvent event(QContextMenuEvent::Mouse, pos, list->viewport()->mapToGlobal(pos));
    QApplication::sendEvent(list->viewport(), &event);
    return qobject_cast<QMenu*>(QApplication::activePopupWidget());
}

} // namespace

TEST_F(TransitionListMenuTest, WithoutATransitionOnlyNewIsEnabledAndItAddsOne)
{
    window().docks().transitions->raise();
    QApplication::processEvents();
    ASSERT_TRUE(window().document().rig().transitions.empty());
    QMenu* menu = rightClick(panel().list(), QPoint(10, 10));
    ASSERT_NE(menu, nullptr);
    for (const char* text : {"Duplicate Transition", "Rename Transition", "Delete Transition", "Bake to Clip"}) {
        ASSERT_NE(menuItem(menu, QString::fromLatin1(text)), nullptr) << text;
        EXPECT_FALSE(menuItem(menu, QString::fromLatin1(text))->isEnabled()) << text;
    }
    QAction* add = menuItem(menu, QStringLiteral("New Transition"));
    ASSERT_NE(add, nullptr);
    EXPECT_TRUE(add->isEnabled());
    add->trigger();
    QTest::keyClick(menu, Qt::Key_Escape);
    EXPECT_EQ(QApplication::activePopupWidget(), nullptr);
    EXPECT_EQ(window().document().rig().transitions.size(), 1u);
    EXPECT_EQ(window().document().undoStack()->undoText(), QStringLiteral("New Transition"));
}

TEST_F(TransitionListMenuTest, RightClickPicksTheRowAndDeleteRemovesThatTransition)
{
    makeIdleToStride();
    panel().duplicateTransition();
    const auto& transitions = window().document().rig().transitions;
    ASSERT_EQ(transitions.size(), 2u);
    ASSERT_EQ(preview().active(), 1);
    const std::string second = transitions[1].name;
    QListWidget* list = panel().list();
    QApplication::processEvents();
    const QPoint first = list->visualItemRect(list->item(0)).center();
    QMenu* menu = rightClick(list, first);
    ASSERT_NE(menu, nullptr);
    EXPECT_EQ(preview().active(), 0) << "the row under the mouse is the one the menu acts on";
    for (const char* text : {"New Transition", "Duplicate Transition", "Rename Transition", "Delete Transition",
                             "Bake to Clip"})
        EXPECT_TRUE(menuItem(menu, QString::fromLatin1(text)) && menuItem(menu, QString::fromLatin1(text))->isEnabled())
            << text;
    menuItem(menu, QStringLiteral("Delete Transition"))->trigger();
    QTest::keyClick(menu, Qt::Key_Escape);
    ASSERT_EQ(transitions.size(), 1u);
    EXPECT_EQ(transitions[0].name, second) << "the first one went";
}
