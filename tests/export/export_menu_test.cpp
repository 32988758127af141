// SPDX-License-Identifier: MIT
// File › Export as a user meets it: the menu's items and keys, the dialog
// opened from the menu and Export pressed, then Ctrl+E writing the same file
// again without a dialog; an export touches neither the undo history nor
// the title's modified mark.
#include "tests/editor/editor_fixture.h"

#include "app/editor/editor_actions.h"
#include "app/editor/export_controller.h"
#include "app/editor/export_dialog.h"

#include "shared_models.h"

#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QPushButton>

using namespace marrow;

namespace {

class ExportMenu : public test::EditorTest {
protected:
    QMenu* fileMenu()
    {
        for (QAction* a : window().menuBar()->actions())
            if (a->menu() && a->text().remove(QLatin1Char('&')) == QStringLiteral("File"))
                return a->menu();
        return nullptr;
    }
    // Waits for the dialog the controller opened (open(), not exec()).
    app::ExportDialog* waitForDialog()
    {
        for (int i = 0; i < 50 && !window().exporter().dialog(); ++i)
            QTest::qWait(10);
        return window().exporter().dialog();
    }
    QTemporaryDir m_out;
};

} // namespace

TEST_F(ExportMenu, TheFileMenuOffersExportReexportAndExportAsWithTheirKeys)
{
    QMenu* file = fileMenu();
    ASSERT_TRUE(file);
    QStringList texts;
    QMenu* exportMenu = nullptr;
    for (QAction* a : file->actions()) {
        texts << a->text().remove(QLatin1Char('&'));
        if (a->menu() && a->text().remove(QLatin1Char('&')) == QStringLiteral("Export"))
            exportMenu = a->menu();
    }
    ASSERT_TRUE(exportMenu) << texts.join(QStringLiteral(", ")).toStdString();
    ASSERT_EQ(exportMenu->actions().size(), 1);
    EXPECT_TRUE(exportMenu->actions()[0]->text().contains(QStringLiteral("glTF 2.0")));
    const app::EditorActions& a = window().actions();
    EXPECT_EQ(a.exportAgain->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_E));
    EXPECT_EQ(a.exportAs->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
    EXPECT_TRUE(texts.contains(QStringLiteral("Re-export")));
    EXPECT_TRUE(texts.contains(QStringLiteral("Export As…")));
}

TEST_F(ExportMenu, TheDialogExportsThenCtrlEWritesAgainWithoutOneAndTheDocumentStaysClean)
{
    ASSERT_TRUE(m_out.isValid());
    doc::Document& d = window().document();
    ASSERT_FALSE(d.isModified());
    const int entries = d.undoStack()->count();

    window().actions().exportGltf->trigger();
    app::ExportDialog* dialog = waitForDialog();
    ASSERT_TRUE(dialog) << "the menu item opens the dialog";
    EXPECT_TRUE(dialog->pathEdit()->text().endsWith(QStringLiteral(".glb"))) << "a .glb is suggested";
    const QString path = m_out.filePath(QStringLiteral("character.glb"));
    dialog->pathEdit()->setText(path);
    ASSERT_TRUE(dialog->exportButton()->isEnabled());
    QTest::mouseClick(dialog->exportButton(), Qt::LeftButton);
    for (int i = 0; i < 200 && !QFile::exists(path); ++i)
        QTest::qWait(20);
    ASSERT_TRUE(QFile::exists(path)) << window().exporter().lastError().toStdString();
    EXPECT_EQ(d.exportPath(), QFileInfo(path).absoluteFilePath());
    EXPECT_EQ(d.undoStack()->count(), entries) << "options as they were: no undo entry";
    EXPECT_FALSE(d.isModified());
    EXPECT_FALSE(window().isWindowModified()) << "no * in the title";
    EXPECT_TRUE(window().actions().exportAgain->text().contains(QStringLiteral("character.glb")));

    // Ctrl+E: the same file again, no dialog.
    ASSERT_TRUE(QFile::remove(path));
    QTest::keyClick(window().windowHandle(), Qt::Key_E, Qt::ControlModifier);
    QApplication::processEvents();
    EXPECT_TRUE(QFile::exists(path)) << "Ctrl+E exported again";
    EXPECT_FALSE(window().exporter().dialog()) << "without the dialog";
    EXPECT_EQ(d.undoStack()->count(), entries);
    EXPECT_FALSE(d.isModified());
}

TEST_F(ExportMenu, CtrlEOnADocumentNeverExportedOpensTheDialog)
{
    ASSERT_TRUE(window().document().exportPath().isEmpty());
    QTest::keyClick(window().windowHandle(), Qt::Key_E, Qt::ControlModifier);
    app::ExportDialog* dialog = waitForDialog();
    ASSERT_TRUE(dialog);
    dialog->reject();
}

TEST_F(ExportMenu, TheDialogSaysWhatTheFileWillNotCarry)
{
    window().actions().exportAs->trigger();
    app::ExportDialog* dialog = waitForDialog();
    ASSERT_TRUE(dialog);
    EXPECT_FALSE(dialog->pathEdit()->text().startsWith(QFileInfo(app::bundledSamplePath()).absolutePath()))
        << "never suggested into the install folder";
    for (int i = 0; i < 200 && dialog->notCarriedLabel()->text().contains(QStringLiteral("Checking")); ++i)
        QTest::qWait(20);
    EXPECT_EQ(dialog->notCarriedLabel()->text(), QStringLiteral("The file carries everything the document holds."))
        << "the bundled glTF is carried whole";
    dialog->reject();

    ASSERT_TRUE(window().openFile(QString::fromStdString(test::model("ozz-animation/fbx/pab/arnaud.fbx"))));
    window().actions().exportAs->trigger();
    dialog = waitForDialog();
    ASSERT_TRUE(dialog);
    for (int i = 0; i < 300 && dialog->notCarriedLabel()->text().contains(QStringLiteral("Checking")); ++i)
        QTest::qWait(20);
    EXPECT_TRUE(dialog->notCarriedLabel()->text().startsWith(QStringLiteral("Not carried:")));
    EXPECT_TRUE(dialog->notCarriedLabel()->text().contains(QStringLiteral("cameras and lights")));
    dialog->reject();
}

TEST_F(ExportMenu, ANameThatIsNotGltfIsRefusedInTheDialog)
{
    window().actions().exportAs->trigger();
    app::ExportDialog* dialog = waitForDialog();
    ASSERT_TRUE(dialog);
    dialog->pathEdit()->setText(m_out.filePath(QStringLiteral("character.fbx")));
    EXPECT_FALSE(dialog->exportButton()->isEnabled());
    EXPECT_FALSE(dialog->problem().isEmpty());
    dialog->pathEdit()->setText(m_out.filePath(QStringLiteral("character.gltf")));
    EXPECT_TRUE(dialog->exportButton()->isEnabled());
    EXPECT_EQ(dialog->settings().format, model::ExportFormat::Gltf) << "the name picks the container";
    dialog->reject();
}
