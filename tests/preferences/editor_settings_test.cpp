// SPDX-License-Identifier: MIT
// EditorSettings: defaults, a save/load round trip through a real ini file,
// and hand-edited garbage falling back to defaults or clamping into range.
#include "preferences_test_support.h"

#include "widgets/preferences/editor_settings.h"

using marrow::ui::EditorSettings;

namespace marrow::test {
namespace {

EditorSettings nonDefault()
{
    EditorSettings s;
    s.navigation = EditorSettings::Navigation::Maya;
    s.autosaveIntervalSeconds = 0;
    s.fps = 23.976;
    s.dualQuaternionSkinning = true;
    s.showGrid = false;
    s.showBones = false;
    s.showWireframe = true;
    s.loopPlayback = false;
    s.maxRecentFiles = 4;
    return s;
}

EditorSettings loadFrom(const TempIni& ini)
{
    auto settings = ini.open();
    return EditorSettings::load(*settings);
}

TEST(EditorSettingsTest, Defaults)
{
    const EditorSettings s;
    EXPECT_EQ(s.navigation, EditorSettings::Navigation::Blender);
    EXPECT_EQ(s.autosaveIntervalSeconds, 60);
    EXPECT_DOUBLE_EQ(s.fps, 30.0);
    EXPECT_FALSE(s.dualQuaternionSkinning);
    EXPECT_TRUE(s.showGrid);
    EXPECT_TRUE(s.showBones);
    EXPECT_FALSE(s.showWireframe);
    EXPECT_TRUE(s.loopPlayback);
    EXPECT_EQ(s.maxRecentFiles, 10);
}

TEST(EditorSettingsTest, EmptyFileLoadsDefaults)
{
    TempIni ini;
    EXPECT_EQ(loadFrom(ini), EditorSettings{});
}

TEST(EditorSettingsTest, SaveThenLoadRoundTrips)
{
    TempIni ini;
    const EditorSettings saved = nonDefault();
    ASSERT_NE(saved, EditorSettings{});
    {
        auto settings = ini.open();
        saved.save(*settings);
        settings->sync();
        ASSERT_EQ(settings->status(), QSettings::NoError);
    }
    EXPECT_EQ(loadFrom(ini), saved);

    // Defaults survive too (every bool flipped back the other way).
    {
        auto settings = ini.open();
        EditorSettings{}.save(*settings);
    }
    EXPECT_EQ(loadFrom(ini), EditorSettings{});
}

TEST(EditorSettingsTest, SavesGroupedKeys)
{
    TempIni ini;
    {
        auto settings = ini.open();
        nonDefault().save(*settings);
    }
    auto settings = ini.open();
    EXPECT_EQ(settings->childGroups(), (QStringList{"autosave", "files", "timeline", "viewport"}));
    EXPECT_EQ(settings->value("viewport/navigation").toString(), "maya");
    EXPECT_EQ(settings->value("viewport/dqs").toString(), "true");
    EXPECT_EQ(settings->value("viewport/grid").toString(), "false");
    EXPECT_EQ(settings->value("viewport/bones").toString(), "false");
    EXPECT_EQ(settings->value("viewport/wireframe").toString(), "true");
    EXPECT_EQ(settings->value("autosave/intervalSeconds").toInt(), 0);
    EXPECT_DOUBLE_EQ(settings->value("timeline/fps").toDouble(), 23.976);
    EXPECT_EQ(settings->value("timeline/loop").toString(), "false");
    EXPECT_EQ(settings->value("files/maxRecent").toInt(), 4);
}

TEST(EditorSettingsTest, GarbageFallsBackToDefaults)
{
    TempIni ini;
    ini.write("[viewport]\n"
              "navigation=sideways\n"
              "dqs=maybe\n"
              "grid=\n"
              "bones=2\n"
              "wireframe=yes please\n"
              "[autosave]\n"
              "intervalSeconds=often\n"
              "[timeline]\n"
              "fps=abc\n"
              "loop=@Invalid()\n"
              "[files]\n"
              "maxRecent=12.5\n");
    EXPECT_EQ(loadFrom(ini), EditorSettings{});
}

TEST(EditorSettingsTest, OutOfRangeNumbersAreClamped)
{
    TempIni ini;
    ini.write("[autosave]\nintervalSeconds=999999\n[timeline]\nfps=-3\n[files]\nmaxRecent=99999999999\n");
    EditorSettings s = loadFrom(ini);
    EXPECT_EQ(s.autosaveIntervalSeconds, EditorSettings::kMaxAutosaveIntervalSeconds);
    EXPECT_DOUBLE_EQ(s.fps, EditorSettings::kMinFps);
    EXPECT_EQ(s.maxRecentFiles, EditorSettings::kMaxRecentFiles);

    ini.write("[autosave]\nintervalSeconds=-5\n[timeline]\nfps=1000\n[files]\nmaxRecent=0\n");
    s = loadFrom(ini);
    EXPECT_EQ(s.autosaveIntervalSeconds, 0);
    EXPECT_DOUBLE_EQ(s.fps, EditorSettings::kMaxFps);
    EXPECT_EQ(s.maxRecentFiles, EditorSettings::kMinRecentFiles);
}

TEST(EditorSettingsTest, NonFiniteFpsFallsBackToDefault)
{
    TempIni ini;
    for (const char* text : {"nan", "inf", "-inf"}) {
        ini.write(QByteArray("[timeline]\nfps=") + text + "\n");
        EXPECT_DOUBLE_EQ(loadFrom(ini).fps, 30.0) << text;
    }
}

TEST(EditorSettingsTest, LenientSpellingsAreAccepted)
{
    // What a person typing into the ini would plausibly write.
    TempIni ini;
    ini.write("[viewport]\nnavigation=\" Maya \"\ndqs=1\ngrid=off\nbones=FALSE\nwireframe=on\n"
              "[timeline]\nfps=24\nloop=no\n");
    const EditorSettings s = loadFrom(ini);
    EXPECT_EQ(s.navigation, EditorSettings::Navigation::Maya);
    EXPECT_TRUE(s.dualQuaternionSkinning);
    EXPECT_FALSE(s.showGrid);
    EXPECT_FALSE(s.showBones);
    EXPECT_TRUE(s.showWireframe);
    EXPECT_DOUBLE_EQ(s.fps, 24.0);
    EXPECT_FALSE(s.loopPlayback);
}

TEST(EditorSettingsTest, FpsIsRoundedToTheDialogsPrecision)
{
    // So that opening and accepting the dialog saves the same value back.
    TempIni ini;
    ini.write("[timeline]\nfps=29.97002997\n");
    EXPECT_DOUBLE_EQ(loadFrom(ini).fps, 29.97);
}

} // namespace
} // namespace marrow::test
