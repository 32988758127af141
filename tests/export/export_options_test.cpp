// SPDX-License-Identifier: MIT
// The export dialog's options are the document's: chosen and exported, they
// are one undo entry, saved in the .marrow and shown again on reopen, and
// the export follows them (the clips ticked, resampled, the profile).
#include "tests/editor/editor_fixture.h"

#include "app/editor/editor_actions.h"
#include "app/editor/export_controller.h"
#include "app/editor/export_dialog.h"
#include "core/document/document_io.h"
#include "core/io/gltf_import.h"
#include "shared_models.h"
#include "widgets/log/log_panel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QScrollArea>

using namespace marrow;

namespace {

class ExportOptions : public test::EditorTest {
protected:
    app::ExportDialog* openDialog()
    {
        window().actions().exportAs->trigger();
        for (int i = 0; i < 50 && !window().exporter().dialog(); ++i)
            QTest::qWait(10);
        return window().exporter().dialog();
    }
    void exportAndWait(app::ExportDialog* dialog, const QString& path)
    {
        dialog->pathEdit()->setText(path);
        QTest::mouseClick(dialog->exportButton(), Qt::LeftButton);
        for (int i = 0; i < 300 && !QFile::exists(path); ++i)
            QTest::qWait(20);
    }
    QTemporaryDir m_out;
};

} // namespace

TEST_F(ExportOptions, ChosenOptionsAreOneUndoEntrySavedAndRestoredOnReopen)
{
    doc::Document& d = window().document();
    ASSERT_GE(d.rig().clips.size(), 2u);
    const QString second = QString::fromStdString(d.rig().clips[1].name);
    app::ExportDialog* dialog = openDialog();
    ASSERT_TRUE(dialog);
    dialog->clipChoice(model::ExportClips::Chosen)->click();
    ASSERT_TRUE(dialog->clipList()->isEnabled());
    for (QCheckBox* box : dialog->clipBoxes())
        box->setChecked(box->text() == second);
    dialog->resampleBox()->setChecked(true);
    dialog->resampleRate()->setValue(24.0);
    dialog->influencesBox()->setCurrentIndex(dialog->influencesBox()->findData(4));
    dialog->storageBox()->setCurrentIndex(dialog->storageBox()->findData(static_cast<int>(model::WeightStorage::U8)));
    const int entries = d.undoStack()->count();
    const QString glb = m_out.filePath(QStringLiteral("second.glb"));
    exportAndWait(dialog, glb);
    ASSERT_TRUE(QFile::exists(glb)) << window().exporter().lastError().toStdString();
    EXPECT_EQ(d.undoStack()->count(), entries + 1);
    EXPECT_EQ(d.undoStack()->text(d.undoStack()->count() - 1), QStringLiteral("Export Settings"));
    EXPECT_EQ(d.exportSettings().clips, model::ExportClips::Chosen);
    EXPECT_EQ(d.exportSettings().chosenClips, std::vector<std::string>{second.toStdString()});
    EXPECT_EQ(d.exportSettings().resampleFps, 24.0);
    EXPECT_EQ(d.exportProfile(), (model::ExportProfile{4, model::WeightStorage::U8}));

    // The file holds what the options say.
    const io::ImportResult back = io::importGltf(glb.toStdString());
    ASSERT_TRUE(back.ok) << back.error;
    ASSERT_EQ(back.rig.clips.size(), 1u);
    EXPECT_EQ(back.rig.clips[0].name, second.toStdString());
    for (const mesh::Mesh& m : back.rig.meshes) {
        if (m.skinned()) {
            EXPECT_LE(m.weights.maxInfluences(), 4);
        }
    }

    // Undo gives the old options back; redo the chosen ones.
    d.undoStack()->undo();
    EXPECT_EQ(d.exportSettings(), model::ExportSettings{});
    d.undoStack()->redo();
    EXPECT_EQ(d.exportSettings().resampleFps, 24.0);

    // Saved, reopened: the dialog shows them and Ctrl+E knows where.
    const QString saved = m_out.filePath(QStringLiteral("doc.marrow"));
    ASSERT_TRUE(window().files().saveTo(saved));
    ASSERT_TRUE(window().openFile(app::bundledSamplePath()));
    EXPECT_EQ(d.exportSettings(), model::ExportSettings{}) << "another document, its own options";
    ASSERT_TRUE(window().openFile(saved));
    EXPECT_EQ(d.exportPath(), QFileInfo(glb).absoluteFilePath());
    dialog = openDialog();
    ASSERT_TRUE(dialog);
    EXPECT_TRUE(dialog->clipChoice(model::ExportClips::Chosen)->isChecked());
    EXPECT_TRUE(dialog->resampleBox()->isChecked());
    EXPECT_EQ(dialog->resampleRate()->value(), 24.0);
    EXPECT_EQ(dialog->influencesBox()->currentData().toInt(), 4);
    EXPECT_EQ(dialog->pathEdit()->text(), QFileInfo(glb).absoluteFilePath());
    dialog->reject();
    ASSERT_TRUE(QFile::remove(glb));
    EXPECT_TRUE(window().exporter().exportAgain());
    EXPECT_TRUE(QFile::exists(glb));
}

TEST_F(ExportOptions, WhatTheFileCannotCarryIsAskedBeforeWritingAndCancelWritesNothing)
{
    // An FBX source: the file cannot carry its cameras and lights, and says so.
    ASSERT_TRUE(window().openFile(QString::fromStdString(test::model("ozz-animation/fbx/pab/arnaud.fbx"))))
        << window().files().lastError().toStdString();
    QStringList asked;
    window().exporter().setWarningAnswer([&](const QStringList& warnings) {
        asked = warnings;
        return false;
    });
    const QString glb = m_out.filePath(QStringLiteral("arnaud.glb"));
    EXPECT_FALSE(window().exporter().exportTo(glb));
    ASSERT_FALSE(asked.isEmpty());
    EXPECT_TRUE(asked.join(QLatin1Char(' ')).contains(QStringLiteral("cameras and lights")));
    EXPECT_FALSE(QFile::exists(glb)) << "Cancel writes nothing";

    window().exporter().setWarningAnswer([&](const QStringList& warnings) {
        asked = warnings;
        return true;
    });
    const int logged = window().log().entryCount();
    EXPECT_TRUE(window().exporter().exportTo(glb));
    EXPECT_TRUE(QFile::exists(glb));
    // The Log lists each item, then where the file went.
    ASSERT_EQ(window().log().entryCount(), logged + asked.size() + 1);
    EXPECT_TRUE(window().log().entryText(logged).contains(asked[0].left(30)));
    EXPECT_TRUE(window().statusBar()->currentMessage().contains(QStringLiteral("arnaud.glb")));
}
