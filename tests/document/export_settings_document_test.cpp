// SPDX-License-Identifier: MIT
// File › Export's options as document data: the dialog's change (options
// and profile together) is one undo entry, byte-identical on undo and redo,
// saved in the EXPO section and read back; the path an export went to is
// saved too but is no edit (no undo entry, no modified mark).
#include "document_fixture.h"
#include "tiny_rigs.h"

#include "core/commands/set_export_settings_command.h"
#include "core/io/document_codec.h"

#include <gtest/gtest.h>

using namespace marrow;

TEST(ExportSettingsDocument, TheDialogsChangeIsOneEntryUndoneByteForByte)
{
    auto d = test::documentWith(test::fourVertexSkinRig());
    EXPECT_FALSE(cmd::makeSetExportSettingsCommand(d.get(), d->exportSettings(), d->exportProfile()))
        << "nothing changed, nothing to push";
    model::ExportSettings s;
    s.clips = model::ExportClips::Active;
    s.resampleFps = 25.0;
    const model::ExportProfile p{4, model::WeightStorage::U16};
    const std::string after = test::expectDoUndoRedo(*d, cmd::makeSetExportSettingsCommand(d.get(), s, p).release());
    EXPECT_EQ(d->exportSettings(), s);
    EXPECT_EQ(d->exportProfile(), p);
    EXPECT_EQ(d->undoStack()->count(), 1) << "one entry for the options and the profile";

    model::Rig rig;
    doc::DocumentExtras extras;
    std::string error;
    ASSERT_TRUE(doc::decodeDocument(after, rig, error, &extras)) << error;
    EXPECT_EQ(extras.exportSettings, s);
    EXPECT_EQ(extras.exportProfile, p);
}

TEST(ExportSettingsDocument, TheExportPathIsSavedButIsNoEdit)
{
    auto d = test::documentWith(test::fourVertexSkinRig());
    const std::string plain = test::bytesOf(*d);
    d->setExportPath(QStringLiteral("/tmp/rig.glb"));
    EXPECT_FALSE(d->isModified());
    EXPECT_EQ(d->undoStack()->count(), 0);
    const std::string saved = test::bytesOf(*d);
    EXPECT_NE(saved, plain);
    model::Rig rig;
    doc::DocumentExtras extras;
    std::string error;
    ASSERT_TRUE(doc::decodeDocument(saved, rig, error, &extras)) << error;
    auto reopened = test::documentWith(rig);
    ASSERT_FALSE(reopened->replaceRig(rig, extras));
    EXPECT_EQ(reopened->exportPath(), QStringLiteral("/tmp/rig.glb"));
    EXPECT_EQ(test::bytesOf(*reopened), saved);
    model::ExportSettings bad;
    bad.resampleFps = 5000.0;
    EXPECT_FALSE(d->setExportSettings(bad));
    EXPECT_FALSE(cmd::makeSetExportSettingsCommand(d.get(), bad, d->exportProfile()));
}
