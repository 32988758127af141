// SPDX-License-Identifier: MIT
// New Clip from Range (issue 37) as an edit: one AddClipCommand appends the
// cut; do, undo and redo give byte-identical documents; a refused range
// makes no command and says why.
#include "document_fixture.h"
#include "tiny_rigs.h"
#include "walk_take.h"

#include "core/anim/clip_cut.h"
#include "core/commands/clip_from_range_command.h"
#include "core/model/cycle_search.h"

#include <gtest/gtest.h>

using namespace marrow;

TEST(ClipFromRangeCommand, TheCutIsOneUndoEntryThatUndoesByteForByte)
{
    auto d = test::documentWith(test::fourVertexSkinRig());  // "bend" 0..1 s, "lift" 0..2 s
    auto command = cmd::makeClipFromRangeCommand(d.get(), 1, 0.5, 1.5, "lift_middle");
    ASSERT_TRUE(command);
    EXPECT_EQ(command->index(), 2);
    EXPECT_EQ(command->text(), "New Clip from Range");
    test::expectDoUndoRedo(*d, command.release());
    ASSERT_EQ(d->rig().clips.size(), 3u);
    EXPECT_EQ(d->rig().clips[2].name, "lift_middle");
    anim::Clip expected = anim::cutClip(d->rig().clips[1], 0.5, 1.5);
    expected.name = "lift_middle";
    EXPECT_EQ(d->rig().clips[2], expected);
}

TEST(ClipFromRangeCommand, AFoundCycleCutsAsOneEntry)
{
    auto d = test::documentWith(test::walkTakeRig({}));
    const auto found = model::findCycle(d->rig(), 0, {});
    ASSERT_TRUE(found);
    auto command = cmd::makeClipFromRangeCommand(d.get(), 0, found->start, found->end, "take");
    ASSERT_TRUE(command);
    test::expectDoUndoRedo(*d, command.release());
    EXPECT_EQ(d->rig().clips[1].name, "take.001") << "a taken name is numbered";
    EXPECT_NEAR(d->rig().clips[1].duration, found->end - found->start, 1e-5);
}

TEST(ClipFromRangeCommand, ARefusedRangeMakesNoCommand)
{
    auto d = test::documentWith(test::fourVertexSkinRig());
    QString why;
    EXPECT_FALSE(cmd::makeClipFromRangeCommand(d.get(), 0, 0.5, 3.0, "x", &why));
    EXPECT_TRUE(why.contains("past the end")) << why.toStdString();
    EXPECT_FALSE(cmd::makeClipFromRangeCommand(d.get(), 5, 0.0, 0.5, "x", &why));
    EXPECT_TRUE(why.contains("no clip 5")) << why.toStdString();
    EXPECT_EQ(d->undoStack()->count(), 0);
}
