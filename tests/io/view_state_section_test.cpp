// SPDX-License-Identifier: MIT
// Where the user was at the save in a .marrow (the VIEW section, issue 36
// item 7): the active clip, the time and the mode round-trip; the default
// adds no bytes (documents that never set one keep theirs); a stale clip is
// fitted before writing, never written unreadable; a damaged section is
// refused with its reason.
#include "core/io/document_codec.h"
#include "core/io/model_import.h"
#include "core/io/rig_codec.h"
#include "core/io/view_state_section.h"
#include "shared_models.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace marrow {
namespace {

model::Rig publicRig()
{
    io::ImportResult in = io::importModel(test::model("synthetic/public_rig.gltf"));
    EXPECT_TRUE(in.ok) << in.error;
    return in.rig;
}

doc::DocumentExtras reopened(const model::Rig& rig, const doc::DocumentExtras& extras, std::string* bytesOut = nullptr)
{
    const std::string bytes = doc::encodeDocument(rig, extras);
    model::Rig back;
    doc::DocumentExtras read;
    std::string error;
    EXPECT_TRUE(doc::decodeDocument(bytes, back, error, &read)) << error;
    EXPECT_EQ(doc::encodeDocument(back, read), bytes) << "open then save gives the same bytes";
    if (bytesOut)
        *bytesOut = bytes;
    return read;
}

} // namespace

TEST(ViewStateSection, ClipTimeAndModeRoundTripThroughADocument)
{
    const model::Rig rig = publicRig();
    ASSERT_GE(rig.clips.size(), 3u);
    doc::DocumentExtras extras;
    extras.view = {.clip = 1, .time = 12.0 / 24.0, .mode = "weight_paint"};
    EXPECT_EQ(reopened(rig, extras).view, extras.view);
    extras.view = {.clip = 2, .time = 0.0, .mode = "edit_skeleton"};
    EXPECT_EQ(reopened(rig, extras).view, extras.view);
    extras.view = {.clip = -1, .time = 0.3, .mode = ""};  // no active clip
    EXPECT_EQ(reopened(rig, extras).view, extras.view);
    extras.view = {.clip = 0, .time = 0.0, .mode = "a_later_mode"};  // kept: a later build may know it
    EXPECT_EQ(reopened(rig, extras).view, extras.view);
}

TEST(ViewStateSection, TheDefaultWritesNoSection)
{
    const model::Rig rig = publicRig();
    const std::string plain = doc::encodeDocument(rig, {});
    EXPECT_EQ(plain.find("VIEW"), std::string::npos);
    doc::DocumentExtras extras;
    extras.view.time = 0.5;
    EXPECT_NE(doc::encodeDocument(rig, extras).find("VIEW"), std::string::npos);
    // Without clips the default is clip -1 (what the editor has then): no section either.
    model::Rig still = rig;
    still.clips.clear();
    still.transitions.clear();
    extras.view = {.clip = -1, .time = 0.0, .mode = ""};
    EXPECT_EQ(doc::encodeDocument(still, extras), doc::encodeDocument(still, {}));
}

TEST(ViewStateSection, AStaleStateIsFittedToTheRigBeforeItIsWritten)
{
    // The document's copy dates from the last save or open: autosave may write
    // it after clips were deleted. It must still open.
    const model::Rig rig = publicRig();
    doc::DocumentExtras extras;
    extras.view = {.clip = 7, .time = std::numeric_limits<double>::quiet_NaN(), .mode = "Pose!"};
    std::string bytes;
    const doc::ViewState read = reopened(rig, extras, &bytes).view;
    EXPECT_EQ(read, doc::ViewState{}) << "the first clip at 0 in the default mode";
    EXPECT_EQ(bytes, doc::encodeDocument(rig, {}));
    extras.view = {.clip = 2, .time = -1.0, .mode = "pose"};
    EXPECT_EQ(reopened(rig, extras).view, (doc::ViewState{.clip = 2, .time = 0.0, .mode = "pose"}));
}

TEST(ViewStateSection, ADamagedSectionIsRefusedWithItsReason)
{
    const doc::ViewState good{.clip = 1, .time = 0.5, .mode = "pose"};
    const std::string bytes = doc::encodeViewStateSection(good);
    doc::ViewState out;
    std::string error;
    ASSERT_TRUE(doc::decodeViewStateSection(bytes, 3, out, error)) << error;
    EXPECT_EQ(out, good);
    for (std::size_t cut = 0; cut < bytes.size(); ++cut) {
        error.clear();
        EXPECT_FALSE(doc::decodeViewStateSection(bytes.substr(0, cut), 3, out, error)) << "cut at " << cut;
        EXPECT_NE(error.find("view state section"), std::string::npos) << error;
    }
    EXPECT_TRUE(doc::decodeViewStateSection(bytes + "later fields", 3, out, error)) << "later fields are skipped";
    const auto refused = [&](const doc::ViewState& bad, const char* why) {
        doc::ViewState kept = good;
        error.clear();
        EXPECT_FALSE(doc::decodeViewStateSection(doc::encodeViewStateSection(bad), 3, kept, error)) << why;
        EXPECT_NE(error.find(why), std::string::npos) << error;
        EXPECT_EQ(kept, good) << "a refused section leaves the output alone";
    };
    refused({.clip = 3, .time = 0.0, .mode = ""}, "clip 3 is not one of the rig's 3 clips");
    refused({.clip = -2, .time = 0.0, .mode = ""}, "clip -2");
    refused({.clip = 0, .time = std::numeric_limits<double>::infinity(), .mode = ""}, "not finite");
    refused({.clip = 0, .time = -0.5, .mode = ""}, "not finite and >= 0");
    refused({.clip = 0, .time = 0.0, .mode = "Weight Paint"}, "the mode is not a name");
    refused({.clip = 0, .time = 0.0, .mode = std::string(40, 'a')}, "the mode is not a name");
}

TEST(ViewStateSection, ADocumentWithADamagedSectionDoesNotOpen)
{
    const model::Rig rig = publicRig();
    doc::DocumentExtras extras;
    extras.view = {.clip = 2, .time = 0.5, .mode = "pose"};
    std::string bytes = doc::encodeDocument(rig, extras);
    // The clip index is the payload's first 4 bytes, after the tag and the u64 length.
    const std::size_t at = bytes.find("VIEW");
    ASSERT_NE(at, std::string::npos);
    bytes[at + 12] = '\x09';
    const std::size_t body = bytes.size() - 8;
    std::uint64_t sum = io::fnv1a(std::string_view(bytes).substr(0, body));
    for (std::size_t b = 0; b < 8; ++b, sum >>= 8)
        bytes[body + b] = static_cast<char>(sum & 0xFF);
    model::Rig back;
    std::string error;
    EXPECT_FALSE(doc::decodeDocument(bytes, back, error));
    EXPECT_NE(error.find("view state section: clip 9"), std::string::npos) << error;
}

} // namespace marrow
