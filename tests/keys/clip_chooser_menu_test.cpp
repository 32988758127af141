// SPDX-License-Identifier: MIT
// The clip chooser's right-click menu: the clip actions (the same QActions
// as the clip menu button, so the same enabled states) and every clip to
// make active, the active one checked. (Without clips the chooser is
// disabled: the menu button beside it still offers New Clip.)
#include "tests/editor/editor_fixture.h"

#include "app/editor/clip_actions.h"
#include "core/workspace/selection.h"
#include "widgets/timeline/timeline_widget.h"
#include "menu_items.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QContextMenuEvent>
#include <QMenu>

using namespace marrow;

namespace {

using marrow::test::menuItem;

class ClipChooserMenuTest : public test::EditorTest {
protected:
    QMenu* rightClickChooser()
    {
        QComboBox* chooser = window().timeline().clipChooser();
        const QPoint pos = chooser->rect().center();
        QContextMenuEvent event(QContextMenuEvent::Mouse, pos, chooser->mapToGlobal(pos));
        QApplication::sendEvent(chooser, &event);
        return qobject_cast<QMenu*>(QApplication::activePopupWidget());
    }
};

} // namespace

TEST_F(ClipChooserMenuTest, ListsTheClipActionsAndSetsTheActiveClip)
{
    const app::ClipActions& clips = window().clipActions();
    const auto& rig = window().document().rig();
    ASSERT_GE(rig.clips.size(), 2u);
    window().selection().setActiveClip(0);
    QMenu* menu = rightClickChooser();
    ASSERT_NE(menu, nullptr);
    for (QAction* action : {clips.newClip, clips.duplicateClip, clips.renameClip, clips.setRange, clips.deleteClip})
        EXPECT_TRUE(menu->actions().contains(action)) << action->text().toStdString();
    QAction* first = menuItem(menu, QString::fromStdString(rig.clips[0].name));
    QAction* second = menuItem(menu, QString::fromStdString(rig.clips[1].name));
    ASSERT_TRUE(first && second);
    EXPECT_TRUE(first->isChecked());
    EXPECT_FALSE(second->isChecked());
    second->trigger();
    EXPECT_EQ(window().selection().activeClip(), 1);
    QTest::keyClick(menu, Qt::Key_Escape);
    EXPECT_EQ(QApplication::activePopupWidget(), nullptr);

    menu = rightClickChooser();
    ASSERT_NE(menu, nullptr);
    const std::size_t before = rig.clips.size();
    clips.duplicateClip->trigger();  // from the menu: the action it holds
    QTest::keyClick(menu, Qt::Key_Escape);
    EXPECT_EQ(rig.clips.size(), before + 1);
    EXPECT_EQ(window().selection().activeClip(), 2) << "the duplicate of clip 1 follows it";
}

TEST_F(ClipChooserMenuTest, DeleteRemovesTheActiveClipAndTheListFollows)
{
    doc::Document& d = window().document();
    const std::size_t before = d.rig().clips.size();
    const std::string second = d.rig().clips.at(1).name;
    window().selection().setActiveClip(0);
    QMenu* menu = rightClickChooser();
    ASSERT_NE(menu, nullptr);
    QAction* remove = window().clipActions().deleteClip;
    ASSERT_TRUE(menu->actions().contains(remove));
    EXPECT_TRUE(remove->isEnabled());
    remove->trigger();
    QTest::keyClick(menu, Qt::Key_Escape);
    ASSERT_EQ(d.rig().clips.size(), before - 1);
    EXPECT_EQ(d.rig().clips[0].name, second);

    menu = rightClickChooser();
    ASSERT_NE(menu, nullptr);
    int clipItems = 0;
    for (const auto& clip : d.rig().clips)
        clipItems += menuItem(menu, QString::fromStdString(clip.name)) != nullptr;
    EXPECT_EQ(clipItems, static_cast<int>(before - 1)) << "the menu lists the clips as they are now";
    QTest::keyClick(menu, Qt::Key_Escape);
}
