// SPDX-License-Identifier: MIT
// The dope sheet's right-click menu: it lists the key edits with their keys,
// disables what needs a selection or a clipboard, and its items act as the
// shortcuts do; the right-click that cancels a drag opens no menu.
#include "dope_sheet_test_support.h"
#include "menu_items.h"

#include <QApplication>
#include <QContextMenuEvent>

namespace marrow::test {
namespace {

// Sends the right-click's context menu event at `pos`; the menu it opened, or null.
QMenu* rightClick(DopeSheetFixture& f, QPoint pos)
{
    QContextMenuEvent event(QContextMenuEvent::Mouse, pos, f.tracks().mapToGlobal(pos));
    QApplication::sendEvent(&f.tracks(), &event);
    EXPECT_TRUE(event.isAccepted()) << "the dock area never gets it";
    return qobject_cast<QMenu*>(QApplication::activePopupWidget());
}

void closeMenu(QMenu* menu)
{
    QTest::keyClick(menu, Qt::Key_Escape);
    EXPECT_EQ(QApplication::activePopupWidget(), nullptr);
}

TEST(DopeSheetContextMenu, ListsTheKeyEditsWithTheirKeysDisabledWithoutSelection)
{
    DopeSheetFixture f;
    f.keys.clear();
    QMenu* menu = rightClick(f, between(f, kRotRow, 2));
    ASSERT_NE(menu, nullptr);
    for (const char* text : {"Copy Keys", "Paste Keys", "Interpolation Mode", "Handle Type", "Duplicate Keys",
                             "Delete Keys", "Select All Keys", "Deselect Keys"})
        EXPECT_NE(menuItem(menu, QString::fromLatin1(text)), nullptr) << text;
    EXPECT_EQ(menuItem(menu, QStringLiteral("Delete Keys"))->shortcut(), QKeySequence(Qt::Key_Delete)) << "shows its key";
    EXPECT_FALSE(menuItem(menu, QStringLiteral("Delete Keys"))->isEnabled());
    EXPECT_FALSE(menuItem(menu, QStringLiteral("Copy Keys"))->isEnabled());
    EXPECT_FALSE(menuItem(menu, QStringLiteral("Paste Keys"))->isEnabled()) << "nothing copied yet";
    EXPECT_FALSE(menuItem(menu, QStringLiteral("Interpolation Mode"))->isEnabled());
    EXPECT_TRUE(menuItem(menu, QStringLiteral("Select All Keys"))->isEnabled());
    EXPECT_NE(menuSubItem(menu, QStringLiteral("Handle Type"), QStringLiteral("Automatic")), nullptr);
    EXPECT_NE(menuSubItem(menu, QStringLiteral("Interpolation Mode"), QStringLiteral("Constant")), nullptr);
    closeMenu(menu);

    // The disabled item did not disable the shortcut behind it.
    clickKey(f, kRotRow, 2);
    const std::size_t before = f.times(Kind::Rotation).size();
    QTest::keyClick(&f.tracks(), Qt::Key_Delete);
    EXPECT_EQ(f.times(Kind::Rotation).size(), before - 1);
}

TEST(DopeSheetContextMenu, DeleteRemovesTheSelectedKeysAsOneUndoEntry)
{
    DopeSheetFixture f;
    clickKey(f, kRotRow, 3);
    const std::size_t before = f.times(Kind::Rotation).size();
    const float gone = f.time(Kind::Rotation, 3);
    QMenu* menu = rightClick(f, f.tracks().keyPosition(kRotRow, 3));
    ASSERT_NE(menu, nullptr);
    QAction* remove = menuItem(menu, QStringLiteral("Delete Keys"));
    ASSERT_NE(remove, nullptr);
    EXPECT_TRUE(remove->isEnabled());
    remove->trigger();
    menu->close();
    EXPECT_EQ(f.times(Kind::Rotation).size(), before - 1);
    EXPECT_EQ(std::count(f.times(Kind::Rotation).begin(), f.times(Kind::Rotation).end(), gone), 0);
    EXPECT_EQ(f.document->undoStack()->undoText(), QStringLiteral("Delete Keys"));
}

TEST(DopeSheetContextMenu, SubmenusSetInterpolationAndHandleTypeCopyEnablesPaste)
{
    DopeSheetFixture f;
    clickKey(f, kRotRow, 2);
    QMenu* menu = rightClick(f, f.tracks().keyPosition(kRotRow, 2));
    ASSERT_NE(menu, nullptr);
    menuSubItem(menu, QStringLiteral("Interpolation Mode"), QStringLiteral("Constant"))->trigger();
    EXPECT_EQ(f.activeClip().findTrack(f.head)->rotation.segment(2), anim::Interpolation::Step);
    menuSubItem(menu, QStringLiteral("Handle Type"), QStringLiteral("Vector"))->trigger();
    EXPECT_EQ(f.activeClip().findTrack(f.head)->rotation.tangentMode(2), anim::TangentMode::Vector);
    menuItem(menu, QStringLiteral("Copy Keys"))->trigger();
    closeMenu(menu);

    menu = rightClick(f, between(f, kRotRow, 5));
    ASSERT_NE(menu, nullptr);
    EXPECT_TRUE(menuItem(menu, QStringLiteral("Paste Keys"))->isEnabled()) << "the copy filled the clipboard";
    menuItem(menu, QStringLiteral("Deselect Keys"))->trigger();
    EXPECT_TRUE(f.keys.isEmpty());
    closeMenu(menu);
}

TEST(DopeSheetContextMenu, TheRightClickThatCancelsAGrabOpensNoMenu)
{
    DopeSheetFixture f;
    clickKey(f, kRotRow, 5);
    const float was = f.time(Kind::Rotation, 5);
    const QPoint at = f.tracks().keyPosition(kRotRow, 5);
    hover(f, at);
    QTest::keyClick(&f.tracks(), Qt::Key_G);
    hover(f, at + QPoint(40, 0));
    ASSERT_TRUE(f.tracks().drag().isActive());
    QTest::mousePress(&f.tracks(), Qt::RightButton, {}, at + QPoint(40, 0));
    EXPECT_FALSE(f.tracks().drag().isActive()) << "cancelled";
    EXPECT_EQ(rightClick(f, at + QPoint(40, 0)), nullptr) << "that press's menu event opens nothing";
    QTest::mouseRelease(&f.tracks(), Qt::RightButton, {}, at + QPoint(40, 0));
    EXPECT_EQ(f.time(Kind::Rotation, 5), was);

    QTest::mousePress(&f.tracks(), Qt::RightButton, {}, at);
    QMenu* menu = rightClick(f, at);
    ASSERT_NE(menu, nullptr) << "the next right-click does";
    QTest::mouseRelease(&f.tracks(), Qt::RightButton, {}, at);
    closeMenu(menu);
}

} // namespace
} // namespace marrow::test
