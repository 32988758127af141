// SPDX-License-Identifier: MIT
// The document's export profile (issue 23): Set Export Profile is one undo
// entry, byte-identical on undo and redo; a .marrow keeps it (a PROF
// section, only when it is not the default, so older documents keep their
// bytes); a profile out of range is refused with a reason.
#include "document_fixture.h"
#include "tiny_rigs.h"

#include "core/commands/set_fps_command.h"
#include "core/io/document_codec.h"

#include <gtest/gtest.h>

using namespace marrow;

TEST(ExportProfileDocument, SetExportProfileUndoesByteForByteAndSaves)
{
    auto d = test::documentWith(test::fourVertexSkinRig());
    const std::string plain = test::bytesOf(*d);
    EXPECT_EQ(plain.find("PROF"), std::string::npos) << "the default writes no section";
    const model::ExportProfile engine{4, model::WeightStorage::U8};
    const std::string saved = test::expectDoUndoRedo(*d, cmd::makeSetExportProfileCommand(d.get(), engine).release());
    EXPECT_EQ(d->exportProfile(), engine);
    EXPECT_FALSE(d->setExportProfile({5, model::WeightStorage::U8})) << "4 or 8";

    model::Rig rig;
    doc::DocumentExtras extras;
    std::string error;
    ASSERT_TRUE(doc::decodeDocument(saved, rig, error, &extras)) << error;
    EXPECT_EQ(extras.exportProfile, engine);
    auto reopened = test::documentWith(rig);
    ASSERT_FALSE(reopened->replaceRig(rig, extras));
    EXPECT_EQ(test::bytesOf(*reopened), saved) << "open, save: the same bytes";

    // A profile no build writes (5 influences) is refused with its reason.
    extras.exportProfile = {5, model::WeightStorage::U8};
    ASSERT_FALSE(doc::decodeDocument(doc::encodeDocument(rig, extras), rig, error, &extras));
    EXPECT_NE(error.find("export profile"), std::string::npos) << error;
}
