// SPDX-License-Identifier: MIT
// Transitions as document data: saved in the .marrow TRAN section (read
// back equal, a damaged section refused with a reason), validated with the
// rig, kept pointing at the same clips when clips are added or removed, and
// edited through EditTransitionsCommand with byte-identical undo.
#include "document_fixture.h"
#include "tiny_rigs.h"

#include "core/commands/add_clip_command.h"
#include "core/commands/edit_transitions_command.h"
#include "core/commands/remove_clip_command.h"
#include "core/io/document_codec.h"
#include "core/io/transition_section.h"

#include <gtest/gtest.h>

using namespace marrow;

namespace {

model::Transition bendToLift()
{
    model::Transition t;
    t.name = "bend to lift";
    t.clipA = 0;
    t.clipB = 1;
    t.exit = 0.5;
    t.offset = 0.25;
    t.duration = 0.4;
    t.curve = {anim::BlendCurveKind::Bezier, 0.42f, 0.f, 0.58f, 1.f};
    t.sync = true;
    t.cycleA = t.cycleB = true;
    t.mode = anim::BlendMode::Inertialization;
    t.profile = {1.f, 2.5f};
    return t;
}

} // namespace

TEST(TransitionDocument, SavedAndReadBackEqual)
{
    model::Rig rig = test::fourVertexSkinRig();
    model::Transition back;
    back.name = "lift to bend";
    back.clipA = 1;
    back.clipB = 0;
    back.matchRoot = true;  // a flag bit that files before root matching leave clear
    back.previewLength = 3.0;  // flag 16 and its f64
    rig.transitions = {bendToLift(), back};
    ASSERT_FALSE(rig.validate());
    const std::string bytes = doc::encodeDocument(rig);
    model::Rig read;
    std::string error;
    ASSERT_TRUE(doc::decodeDocument(bytes, read, error)) << error;
    EXPECT_EQ(read.transitions, rig.transitions);
    EXPECT_EQ(doc::encodeDocument(read), bytes);  // open -> save gives the same bytes
}

TEST(TransitionDocument, ADamagedSectionIsRefusedWithAReason)
{
    const std::string good = doc::encodeTransitionSection({bendToLift()});
    std::vector<model::Transition> out;
    std::string error;
    EXPECT_TRUE(doc::decodeTransitionSection(good, 2, 2, out, error)) << error;
    for (std::size_t cut : {std::size_t{3}, good.size() / 2, good.size() - 1}) {
        EXPECT_FALSE(doc::decodeTransitionSection(good.substr(0, cut), 2, 2, out, error)) << cut;
        EXPECT_NE(error.find("transition section"), std::string::npos) << error;
    }
    EXPECT_FALSE(doc::decodeTransitionSection(good, 1, 2, out, error));  // clip B is missing
    EXPECT_NE(error.find("clip"), std::string::npos) << error;
    EXPECT_FALSE(doc::decodeTransitionSection(good, 2, 3, out, error));  // profile for 2 joints, skeleton of 3
    std::string huge = good;
    huge[3] = '\x7f';  // count ~2 billion
    EXPECT_FALSE(doc::decodeTransitionSection(huge, 2, 2, out, error));
}

TEST(TransitionDocument, ClipsAddedOrRemovedKeepTheTransitionsOnTheirClips)
{
    model::Rig rig = test::fourVertexSkinRig();
    rig.transitions = {bendToLift()};
    auto d = test::documentWith(rig);
    anim::Clip extra = d->rig().clips[0];
    extra.name = "extra";
    test::expectDoUndoRedo(*d, new cmd::AddClipCommand(d.get(), extra, 0));
    EXPECT_EQ(d->rig().transitions[0].clipA, 1);  // bend moved to 1
    EXPECT_EQ(d->rig().transitions[0].clipB, 2);
    EXPECT_FALSE(d->removeClip(1));               // used by the transition: refused
    EXPECT_EQ(d->rig().clips.size(), 3u);
    test::expectDoUndoRedo(*d, new cmd::RemoveClipCommand(d.get(), 0));
    EXPECT_EQ(d->rig().transitions[0].clipA, 0);
}

TEST(TransitionDocument, EditsUndoExactlyAndADragIsOneEntry)
{
    auto d = test::documentWith(test::fourVertexSkinRig());
    test::expectDoUndoRedo(*d, new cmd::EditTransitionsCommand(d.get(), "New Transition", {bendToLift()}));
    auto matched = d->rig().transitions;
    matched[0].matchRoot = true;
    test::expectDoUndoRedo(*d, new cmd::EditTransitionsCommand(d.get(), "Transition Match Root", matched));
    d->undoStack()->undo();
    const std::string before = test::bytesOf(*d);
    const model::InteractionId drag = d->beginInteraction();
    for (double duration : {0.5, 0.6, 0.7}) {
        auto list = d->rig().transitions;
        list[0].duration = duration;
        d->undoStack()->push(new cmd::EditTransitionsCommand(d.get(), "Transition Duration", list, drag));
    }
    EXPECT_EQ(d->undoStack()->count(), 2);
    EXPECT_EQ(d->rig().transitions[0].duration, 0.7);
    d->undoStack()->undo();
    EXPECT_TRUE(test::bytesOf(*d) == before);
    // An invalid edit is refused and leaves no entry.
    auto bad = d->rig().transitions;
    bad[0].duration = -1.0;
    d->undoStack()->push(new cmd::EditTransitionsCommand(d.get(), "Bad", bad));
    EXPECT_EQ(d->rig().transitions[0].duration, 0.4);
}
