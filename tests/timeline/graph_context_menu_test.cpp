// SPDX-License-Identifier: MIT
// The graph's right-click menu: the key edits with their keys (Copy, Paste,
// Interpolation Mode, Handle Type, Delete, Select All / None, Frame All);
// Delete removes the selected keys as one undo entry; the keys work on
// their own while the graph has focus.
#include "graph_test_support.h"
#include "menu_items.h"

#include <QContextMenuEvent>
#include <QMenu>

namespace marrow::test {
namespace {

using doc::ChannelKind;

QMenu* rightClickGraph(ui::GraphView& view, QPoint pos)
{
    QContextMenuEvent event(QContextMenuEvent::Mouse, pos, view.mapToGlobal(pos));
    QApplication::sendEvent(&view, &event);
    EXPECT_TRUE(event.isAccepted()) << "the dock area never gets it";
    return qobject_cast<QMenu*>(QApplication::activePopupWidget());
}

TEST(GraphContextMenu, ListsTheKeyEditsAndTheViewsFrameAll)
{
    GraphFixture f;
    const model::JointIndex j = f.strideWith("pelvis");
    f.keys.setKeys({{j, ChannelKind::Translation, f.track(j).translation.times[2]}});
    QMenu* menu = rightClickGraph(f.view, f.view.plotRect().center());
    ASSERT_NE(menu, nullptr);
    for (const char* text : {"Copy Keys", "Paste Keys", "Interpolation Mode", "Handle Type", "Delete Keys",
                             "Select All Keys", "Deselect Keys", "Frame All"})
        EXPECT_NE(menuItem(menu, QString::fromLatin1(text)), nullptr) << text;
    for (const char* text : {"Constant", "Linear", "Cubic"})
        EXPECT_NE(menuSubItem(menu, QStringLiteral("Interpolation Mode"), QString::fromLatin1(text)), nullptr) << text;
    for (const char* text : {"Free", "Aligned", "Vector", "Automatic"})
        EXPECT_NE(menuSubItem(menu, QStringLiteral("Handle Type"), QString::fromLatin1(text)), nullptr) << text;
    EXPECT_EQ(menuItem(menu, QStringLiteral("Delete Keys"))->shortcut(), QKeySequence(Qt::Key_Delete)) << "shows its key";
    EXPECT_EQ(menuItem(menu, QStringLiteral("Frame All"))->shortcut(), QKeySequence(Qt::Key_Home));
    EXPECT_FALSE(menuItem(menu, QStringLiteral("Paste Keys"))->isEnabled()) << "nothing copied yet";

    // Handle Type acts on the selection, as V's menu does.
    const int entries = f.document->undoStack()->count();
    menuSubItem(menu, QStringLiteral("Handle Type"), QStringLiteral("Vector"))->trigger();
    EXPECT_EQ(f.track(j).translation.tangentMode(2), anim::TangentMode::Vector);
    EXPECT_EQ(f.document->undoStack()->count(), entries + 1);
    menu->close();
}

TEST(GraphContextMenu, DeleteRemovesTheSelectedKeysAsOneUndoEntry)
{
    GraphFixture f;
    const model::JointIndex j = f.strideWith("pelvis");
    const std::vector<float> times = f.track(j).translation.times;
    const std::size_t rotations = f.track(j).rotation.size();
    f.keys.setKeys({{j, ChannelKind::Translation, times[2]}, {j, ChannelKind::Translation, times[4]},
                    {j, ChannelKind::Rotation, f.track(j).rotation.times[1]}});
    const int entries = f.document->undoStack()->count();
    QMenu* menu = rightClickGraph(f.view, f.view.plotRect().center());
    ASSERT_NE(menu, nullptr);
    QAction* remove = menuItem(menu, QStringLiteral("Delete Keys"));
    ASSERT_NE(remove, nullptr);
    ASSERT_TRUE(remove->isEnabled());
    remove->trigger();
    menu->close();
    EXPECT_EQ(f.track(j).translation.size(), times.size() - 2);
    EXPECT_EQ(f.track(j).rotation.size(), rotations - 1);
    EXPECT_EQ(f.document->undoStack()->count(), entries + 1) << "one undo entry";
    EXPECT_TRUE(f.keys.keys().empty());
    f.document->undoStack()->undo();
    EXPECT_EQ(f.track(j).translation.times, times);
}

TEST(GraphContextMenu, TheKeysWorkWhileTheGraphHasFocus)
{
    GraphFixture f;
    const model::JointIndex j = f.strideWith("pelvis");
    const std::size_t before = f.track(j).scale.size();
    const float t = f.track(j).scale.times[3];
    f.playback.setTime(t);
    ASSERT_EQ(f.playback.time(), t);
    f.keys.setKeys({{j, ChannelKind::Scale, t}});
    QTest::keyClick(&f.view, Qt::Key_C, Qt::ControlModifier);
    QTest::keyClick(&f.view, Qt::Key_X);
    EXPECT_EQ(f.track(j).scale.size(), before - 1) << "X deletes";
    QTest::keyClick(&f.view, Qt::Key_V, Qt::ControlModifier);
    EXPECT_EQ(f.track(j).scale.size(), before) << "Ctrl+V pastes the copy back at the playhead";
    QMenu* menu = rightClickGraph(f.view, QPoint(10, f.view.plotRect().center().y()));
    EXPECT_EQ(menu, nullptr) << "no menu over the channel list";
}

} // namespace
} // namespace marrow::test
