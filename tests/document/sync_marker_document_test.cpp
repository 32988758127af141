// SPDX-License-Identifier: MIT
// Sync markers as document data (issue 21): a clip's markers set by the
// user are saved in the .marrow SYNC section and read back equal (a
// document without any has the bytes it had before markers), a damaged
// section is refused with a reason, and EditSyncMarkersCommand adds,
// moves, renames, deletes and resets them with byte-identical undo; the
// moves of one drag make one undo entry.
#include "document_fixture.h"
#include "tiny_rigs.h"

#include "core/commands/edit_sync_markers_command.h"
#include "core/commands/edit_transitions_command.h"
#include "core/io/document_codec.h"
#include "core/io/marker_section.h"
#include "core/model/foot_markers.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

using namespace marrow;

namespace {

std::vector<anim::SyncMarker> leftRight()
{
    return {{"L", 0.1}, {"R", 0.6}};
}

} // namespace

TEST(SyncMarkerDocument, SavedAndReadBackEqual)
{
    model::Rig rig = test::fourVertexSkinRig();
    ASSERT_GE(rig.clips.size(), 2u);
    const std::string without = doc::encodeDocument(rig);
    EXPECT_EQ(without.find("SYNC"), std::string::npos) << "no section while no clip has markers of its own";
    rig.clips[1].syncMarkers = leftRight();
    rig.clips[0].syncMarkers = std::vector<anim::SyncMarker>{};  // set to none: not the same as found from the feet
    const std::string bytes = doc::encodeDocument(rig);
    model::Rig read;
    std::string error;
    ASSERT_TRUE(doc::decodeDocument(bytes, read, error)) << error;
    EXPECT_EQ(read.clips[0].syncMarkers, std::optional(std::vector<anim::SyncMarker>{}));
    EXPECT_EQ(read.clips[1].syncMarkers, std::optional(leftRight()));
    EXPECT_EQ(doc::encodeDocument(read), bytes);
}

TEST(SyncMarkerDocument, ADamagedSectionIsRefusedWithAReason)
{
    model::Rig rig = test::fourVertexSkinRig();
    rig.clips[1].syncMarkers = leftRight();
    const std::string good = doc::encodeMarkerSection(rig);
    model::Rig into = test::fourVertexSkinRig();
    std::string error;
    EXPECT_TRUE(doc::decodeMarkerSection(good, into, error)) << error;
    for (std::size_t cut : {std::size_t{2}, good.size() / 2, good.size() - 1}) {
        model::Rig r = test::fourVertexSkinRig();
        EXPECT_FALSE(doc::decodeMarkerSection(good.substr(0, cut), r, error)) << cut;
        EXPECT_NE(error.find("sync marker section"), std::string::npos) << error;
        EXPECT_FALSE(r.clips[1].syncMarkers) << "a refused section changes nothing";
    }
    std::string clipOut = good;
    clipOut[4] = '\x09';  // clip 9 of 2
    EXPECT_FALSE(doc::decodeMarkerSection(clipOut, into, error));
    EXPECT_NE(error.find("out of range"), std::string::npos) << error;
    std::string notFinite = good;
    const double nan = std::numeric_limits<double>::quiet_NaN();
    std::memcpy(notFinite.data() + static_cast<std::ptrdiff_t>(good.size() - 8), &nan, 8);
    EXPECT_FALSE(doc::decodeMarkerSection(notFinite, into, error));
    EXPECT_NE(error.find("not finite"), std::string::npos) << error;
    EXPECT_FALSE(doc::decodeMarkerSection(good + "x", into, error));
}

TEST(SyncMarkerDocument, EditsUndoByteIdentical)
{
    auto d = test::documentWith(test::fourVertexSkinRig());
    // Add (the first edit makes the found markers the clip's own).
    test::expectDoUndoRedo(*d, cmd::makeEditSyncMarkersCommand(d.get(), 1, leftRight(), "Add").release());
    ASSERT_EQ(d->rig().clips[1].syncMarkers, std::optional(leftRight()));
    // Rename, move past the other (kept sorted), delete.
    test::expectDoUndoRedo(
        *d, cmd::makeEditSyncMarkersCommand(d.get(), 1, std::vector<anim::SyncMarker>{{"Lx", 0.1}, {"R", 0.6}}, "Rename")
                .release());
    test::expectDoUndoRedo(
        *d, cmd::makeEditSyncMarkersCommand(d.get(), 1, std::vector<anim::SyncMarker>{{"Lx", 0.7}, {"R", 0.6}}, "Move")
                .release());
    EXPECT_EQ((*d->rig().clips[1].syncMarkers)[0].name, "R") << "sorted by time";
    test::expectDoUndoRedo(
        *d, cmd::makeEditSyncMarkersCommand(d.get(), 1, std::vector<anim::SyncMarker>{{"R", 0.6}}, "Delete").release());
    // Back to the feet's.
    test::expectDoUndoRedo(*d, cmd::makeEditSyncMarkersCommand(d.get(), 1, std::nullopt, "Reset").release());
    EXPECT_FALSE(d->rig().clips[1].syncMarkers);
    // A marker at NaN is refused, nothing changes.
    const std::string before = test::bytesOf(*d);
    EXPECT_FALSE(d->setSyncMarkers(1, std::vector<anim::SyncMarker>{{"L", std::nan("")}}));
    EXPECT_FALSE(d->setSyncMarkers(7, leftRight()));
    EXPECT_EQ(test::bytesOf(*d), before);
}

TEST(SyncMarkerDocument, OneDragIsOneUndoEntry)
{
    auto d = test::documentWith(test::fourVertexSkinRig());
    const std::string before = test::bytesOf(*d);
    const model::InteractionId drag = d->beginInteraction();
    for (double t : {0.1, 0.15, 0.2, 0.25})
        d->undoStack()->push(
            cmd::makeEditSyncMarkersCommand(d.get(), 0, std::vector<anim::SyncMarker>{{"L", t}}, "Move", drag).release());
    EXPECT_EQ(d->undoStack()->count(), 1);
    EXPECT_DOUBLE_EQ((*d->rig().clips[0].syncMarkers)[0].time, 0.25);
    d->undoStack()->undo();
    EXPECT_EQ(test::bytesOf(*d), before);
}

TEST(SyncMarkerDocument, TheClipsOwnMarkersAreTheOnesSyncUses)
{
    model::Rig rig = test::fourVertexSkinRig();
    rig.clips[0].syncMarkers = std::vector<anim::SyncMarker>{{"R", 0.3}, {"L", 0.1}, {"late", 1e9}};
    const auto markers = model::syncMarkersOf(rig, rig.clips[0]);
    ASSERT_EQ(markers.size(), 2u) << "a marker past the clip's end is left out";
    EXPECT_EQ(markers[0].name, "L");
    model::Transition t;
    t.clipA = 0;
    t.clipB = 1;
    t.sync = t.cycleA = t.cycleB = true;
    rig.clips[1].syncMarkers = std::vector<anim::SyncMarker>{{"L", 0.0}};
    const anim::TransitionPoser poser = t.poser(rig);
    EXPECT_EQ(poser.timing().markersA, markers);
    EXPECT_EQ(poser.timing().markersB, *rig.clips[1].syncMarkers);
}
