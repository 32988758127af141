// SPDX-License-Identifier: MIT
// The timeline's clip menu: new, duplicate, rename, delete, each one undo
// entry, new and duplicated clips becoming the active one.
#include "tests/editor/editor_fixture.h"

#include "app/editor/clip_actions.h"
#include "core/workspace/selection.h"

#include <QAction>
#include <QApplication>
#include <QInputDialog>
#include <QLineEdit>
#include <QTimer>

using namespace marrow;

namespace {
class ClipMenuTest : public test::EditorTest {};
} // namespace

TEST_F(ClipMenuTest, MakesDuplicatesRenamesAndDeletesClips)
{
    doc::Document& d = window().document();
    const app::ClipActions& clips = window().clipActions();
    const std::size_t before = d.rig().clips.size();
    const std::string first = d.rig().clips[0].name;

    clips.newClip->trigger();
    ASSERT_EQ(d.rig().clips.size(), before + 1);
    EXPECT_EQ(window().selection().activeClip(), static_cast<int>(before));
    EXPECT_EQ(d.rig().clips.back().name, "Clip");
    EXPECT_TRUE(d.rig().clips.back().tracks.empty());

    window().selection().setActiveClip(0);
    clips.duplicateClip->trigger();
    ASSERT_EQ(d.rig().clips.size(), before + 2);
    EXPECT_EQ(window().selection().activeClip(), 1);
    EXPECT_EQ(d.rig().clips[1].name, first + ".001");
    EXPECT_EQ(d.rig().clips[1].tracks, d.rig().clips[0].tracks);
    EXPECT_EQ(d.undoStack()->undoText(), "Duplicate Clip");

    // Rename through the dialog, typed as a user would.
    QTimer::singleShot(100, [] {
        auto* dialog = qobject_cast<QInputDialog*>(QApplication::activeModalWidget());
        ASSERT_TRUE(dialog);
        dialog->setTextValue("kick");
        dialog->accept();
    });
    clips.renameClip->trigger();
    EXPECT_EQ(d.rig().clips[1].name, "kick");

    clips.deleteClip->trigger();
    EXPECT_EQ(d.rig().clips.size(), before + 1);
    d.undoStack()->undo();  // delete
    d.undoStack()->undo();  // rename
    EXPECT_EQ(d.rig().clips[1].name, first + ".001");
}
