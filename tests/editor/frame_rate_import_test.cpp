// SPDX-License-Identifier: MIT
// An imported file opens at the frame rate its keys lie on (so snapped key
// edits stay on its grid) and the Log says so; a .marrow document keeps the
// rate it was saved with, or the preference when it has none.
#include "core/commands/set_fps_command.h"
#include "core/document/document_io.h"
#include "core/workspace/playback.h"
#include "editor_fixture.h"
#include "shared_models.h"
#include "widgets/log/log_panel.h"
#include "widgets/preferences/editor_settings.h"

#include <QFile>

namespace marrow::test {
namespace {

int infoEntries(ui::LogPanel& log, const QString& file, const QString& needle)
{
    int n = 0;
    for (int row = 0; row < log.entryCount(); ++row)
        if (log.entrySeverity(row) == ui::LogPanel::Severity::Info &&
            log.entryText(row).startsWith(file + QStringLiteral(": ")) && log.entryText(row).contains(needle))
            ++n;
    return n;
}

class FrameRateImportTest : public EditorTest {
protected:
    void SetUp() override
    {
        EditorTest::SetUp();
        // A preference no shared model is keyed at, so its use shows.
        ui::EditorSettings settings = window().settings();
        settings.fps = 20.0;
        window().applySettings(settings);
    }
    QString cesium() const { return QString::fromStdString(model("ozz-animation/gltf/khronos/cesium_man.gltf")); }
};

TEST_F(FrameRateImportTest, AFileKeyedAt24FpsOpensAt24Fps)
{
    ASSERT_TRUE(window().openFile(cesium()));
    EXPECT_EQ(window().document().fps(), 24.0);
    EXPECT_EQ(window().playback().fps(), 24.0);
    EXPECT_FALSE(window().document().isModified()) << "reading the rate is no edit";
    // Its second key (1/24 s) is frame 1, not a time between frames.
    window().playback().setFrame(1);
    EXPECT_NEAR(window().playback().time(), window().document().rig().clips[0].tracks[0].rotation.times[1], 1e-6);
    EXPECT_EQ(infoEntries(window().log(), QStringLiteral("cesium_man.gltf"), QStringLiteral("24 fps")), 1);
}

TEST_F(FrameRateImportTest, KeysOnNoCommonRateKeepThePreference)
{
    // The pab jog has keys 1/120 s apart.
    ASSERT_TRUE(window().openFile(QString::fromStdString(model("ozz-animation/fbx/pab/jog.fbx"))));
    EXPECT_EQ(window().document().fps(), 0.0);
    EXPECT_EQ(window().playback().fps(), 20.0);
    EXPECT_EQ(infoEntries(window().log(), QStringLiteral("jog.fbx"), QStringLiteral("preference")), 1);
}

TEST_F(FrameRateImportTest, ADocumentKeepsItsSavedRateOrThePreference)
{
    ASSERT_TRUE(window().openFile(cesium()));
    window().document().undoStack()->push(cmd::makeSetFpsCommand(&window().document(), 30.0).release());
    const QString saved = m_stateDir.filePath(QStringLiteral("cesium_30.marrow"));
    ASSERT_TRUE(window().files().saveTo(saved));
    // The same rig saved without a rate (a document from before rates were read off keys).
    const QString unset = m_stateDir.filePath(QStringLiteral("cesium_unset.marrow"));
    {
        QFile file(unset);
        ASSERT_TRUE(file.open(QIODevice::WriteOnly));
        const std::string bytes = doc::encodeDocument(window().document().rig(), doc::DocumentExtras{});
        file.write(bytes.data(), static_cast<qint64>(bytes.size()));
    }
    ASSERT_TRUE(window().openFile(app::bundledSamplePath()));
    const int logged = window().log().entryCount();

    ASSERT_TRUE(window().openFile(saved));
    EXPECT_EQ(window().document().fps(), 30.0) << "the saved rate, not the keys' 24";
    EXPECT_EQ(window().playback().fps(), 30.0);
    ASSERT_TRUE(window().openFile(unset));
    EXPECT_EQ(window().document().fps(), 0.0);
    EXPECT_EQ(window().playback().fps(), 20.0);
    for (int row = logged; row < window().log().entryCount(); ++row)
        EXPECT_FALSE(window().log().entryText(row).contains(QStringLiteral("fps"))) << row;
}

} // namespace
} // namespace marrow::test
