// SPDX-License-Identifier: MIT
// Find best as an edit (issue 21): its exit and offset go in as one
// EditTransitionsCommand, whose do, undo and redo give byte-identical
// documents, and whose undo puts back the exit and offset the user had.
#include "document_fixture.h"
#include "tiny_rigs.h"

#include "core/commands/edit_transitions_command.h"
#include "core/model/transition_search.h"

#include <gtest/gtest.h>

using namespace marrow;

TEST(FindBestCommand, FoundExitAndOffsetAreOneUndoEntry)
{
    model::Rig rig = test::fourVertexSkinRig();
    model::Transition t;
    t.name = "lift to bend";
    t.clipA = 1;
    t.clipB = 0;
    t.exit = 0.1;
    t.offset = 0.7;
    t.duration = 0.25;
    rig.transitions = {t};
    auto d = test::documentWith(rig);
    model::TransitionSearchOptions options;
    options.fps = 10.0;
    const auto found = model::findBestTransition(d->rig(), d->rig().transitions[0], options);
    ASSERT_TRUE(found);
    ASSERT_TRUE(found->exit != t.exit || found->offset != t.offset) << "the search moves the transition";
    auto list = d->rig().transitions;
    list[0].exit = found->exit;
    list[0].offset = found->offset;
    test::expectDoUndoRedo(*d, new cmd::EditTransitionsCommand(d.get(), "Find Best Transition", list));
    EXPECT_EQ(d->rig().transitions[0].exit, found->exit);
    EXPECT_EQ(d->rig().transitions[0].offset, found->offset);
    d->undoStack()->undo();
    EXPECT_EQ(d->rig().transitions[0], t);
}
