// SPDX-License-Identifier: MIT
// File › Export's options in a .marrow (the EXPO section): they round-trip
// with the last export path, default options add no bytes (older documents
// keep theirs), and a damaged section is refused with its reason.
#include "core/io/document_codec.h"
#include "core/io/export_settings_section.h"
#include "core/io/model_import.h"
#include "shared_models.h"

#include <gtest/gtest.h>

namespace marrow {

namespace {

model::ExportSettings chosenSettings()
{
    model::ExportSettings s;
    s.format = model::ExportFormat::Gltf;
    s.clips = model::ExportClips::Chosen;
    s.chosenClips = {"walk", "run fast", ""};
    s.bakeTransitions = true;
    s.resampleFps = 23.976;
    s.meshes = model::ExportMeshes::Visible;
    return s;
}

model::Rig publicRig()
{
    io::ImportResult in = io::importModel(test::model("synthetic/public_rig.gltf"));
    EXPECT_TRUE(in.ok) << in.error;
    return in.rig;
}

} // namespace

TEST(ExportSettingsSection, OptionsAndPathRoundTripThroughADocument)
{
    const model::Rig rig = publicRig();
    doc::DocumentExtras extras;
    extras.exportSettings = chosenSettings();
    extras.exportPath = "/tmp/out/creature.gltf";
    const std::string bytes = doc::encodeDocument(rig, extras);
    model::Rig back;
    doc::DocumentExtras read;
    std::string error;
    ASSERT_TRUE(doc::decodeDocument(bytes, back, error, &read)) << error;
    EXPECT_EQ(read.exportSettings, extras.exportSettings);
    EXPECT_EQ(read.exportPath, extras.exportPath);
    EXPECT_EQ(doc::encodeDocument(back, read), bytes) << "open then save gives the same bytes";
}

TEST(ExportSettingsSection, DefaultOptionsWriteNoSection)
{
    const model::Rig rig = publicRig();
    const std::string plain = doc::encodeDocument(rig, {});
    EXPECT_EQ(plain.find("EXPO"), std::string::npos);
    doc::DocumentExtras extras;
    extras.exportPath = "a.glb";  // a path alone is worth keeping
    EXPECT_NE(doc::encodeDocument(rig, extras).find("EXPO"), std::string::npos);
}

TEST(ExportSettingsSection, ADamagedSectionIsRefusedWithItsReason)
{
    const std::string good = doc::encodeExportSettingsSection(chosenSettings(), "x.glb");
    model::ExportSettings s;
    std::string path, error;
    ASSERT_TRUE(doc::decodeExportSettingsSection(good, s, path, error)) << error;
    EXPECT_EQ(path, "x.glb");
    for (std::size_t cut = 0; cut < good.size(); ++cut) {
        error.clear();
        EXPECT_FALSE(doc::decodeExportSettingsSection(good.substr(0, cut), s, path, error)) << "cut at " << cut;
        EXPECT_NE(error.find("export settings section"), std::string::npos) << error;
    }
    std::string badFormat = good;
    badFormat[0] = '\x07';
    EXPECT_FALSE(doc::decodeExportSettingsSection(badFormat, s, path, error));
    EXPECT_NE(error.find("out of range"), std::string::npos) << error;
    model::ExportSettings negative = chosenSettings();
    negative.resampleFps = -1.0;
    EXPECT_FALSE(doc::decodeExportSettingsSection(doc::encodeExportSettingsSection(negative, ""), s, path, error));
    EXPECT_NE(error.find("resampling rate"), std::string::npos) << error;
    EXPECT_EQ(s, chosenSettings()) << "a refused section leaves the output alone";
}

} // namespace marrow
