// SPDX-License-Identifier: MIT
// UndoMacro: one entry for everything pushed inside it; started Late, it
// opens only at the first push, so an action that changed nothing leaves no
// empty entry.
#include "document_fixture.h"
#include "tiny_rigs.h"

#include "core/commands/rename_joint_command.h"
#include "core/commands/undo_macro.h"

using namespace marrow;

TEST(UndoMacro, StartedNowAnEmptyMacroStillMakesAnEntry)
{
    auto d = test::documentWith(test::fourVertexSkinRig());
    {
        cmd::UndoMacro macro(d->undoStack(), QStringLiteral("Nothing"));
        EXPECT_TRUE(macro.started());
    }
    EXPECT_EQ(d->undoStack()->count(), 1);  // the behaviour Late exists to avoid
}

TEST(UndoMacro, StartedLateWithNoPushLeavesNoEntry)
{
    auto d = test::documentWith(test::fourVertexSkinRig());
    const std::string before = test::bytesOf(*d);
    {
        cmd::UndoMacro macro(d->undoStack(), QStringLiteral("Mirror Names"), cmd::UndoMacro::Start::Late);
        EXPECT_FALSE(macro.started());
    }
    EXPECT_EQ(d->undoStack()->count(), 0);
    EXPECT_EQ(test::bytesOf(*d), before);
}

TEST(UndoMacro, StartedLateItsPushesAreOneEntryUndoneTogether)
{
    auto d = test::documentWith(test::fourVertexSkinRig());
    const std::string before = test::bytesOf(*d);
    {
        cmd::UndoMacro macro(d->undoStack(), QStringLiteral("Mirror Names"), cmd::UndoMacro::Start::Late);
        macro.push(new cmd::RenameJointCommand(d.get(), 0, "L_shoulder"));
        EXPECT_TRUE(macro.started());
        macro.push(new cmd::RenameJointCommand(d.get(), 1, "L_elbow"));
        // A plain push after the start goes into the macro too.
        d->undoStack()->push(new cmd::RenameJointCommand(d.get(), 1, "L_forearm"));
    }
    ASSERT_EQ(d->undoStack()->count(), 1);
    EXPECT_EQ(d->undoStack()->undoText(), QStringLiteral("Mirror Names"));
    EXPECT_EQ(d->rig().skeleton.names[1], "L_forearm");
    d->undoStack()->undo();
    EXPECT_EQ(test::bytesOf(*d), before);
}
