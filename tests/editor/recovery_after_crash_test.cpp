// SPDX-License-Identifier: MIT
// After a crash: an editor process edits the bundled sample, autosaves and is
// killed with SIGKILL; a new editor restores the recovery file. The restored
// work is unsaved until it is saved, and any file opened after it is clean:
// no modified mark, no "save changes?", no recovery file of its own.
//
// The crashing editor is this test binary run again on the same test, with
// kCrashingEditorVariable naming the state folder: SetUp then plays the
// editor that dies, so the kill hits a real process that never cleaned up.
#include "app/editor/document_controller.h"
#include "app/editor/editor_options.h"
#include "app/editor/main_window.h"
#include "core/commands/rename_joint_command.h"
#include "core/document/autosave.h"
#include "core/document/document.h"
#include "shared_models.h"

#include <QMessageBox>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <QWindow>

#include <gtest/gtest.h>

#include <signal.h>
#include <sys/types.h>

#include <cstdio>
#include <cstdlib>
#include <memory>

namespace marrow::test {
namespace {

constexpr char kCrashingEditorVariable[] = "MARROW_TEST_CRASHING_EDITOR_STATE";
constexpr char kAutosavedLine[] = "crashing editor autosaved";

class RecoveryAfterCrashTest : public ::testing::Test {
protected:
    void SetUp() override
    {
        if (qEnvironmentVariableIsSet(kCrashingEditorVariable))
            runCrashingEditor(qEnvironmentVariable(kCrashingEditorVariable));
        // Made here, not as a member: the child would leave its own behind.
        m_stateDir = std::make_unique<QTemporaryDir>();
        ASSERT_TRUE(m_stateDir->isValid());
    }

    // The child's whole life: edit, let the timer autosave, say so, wait for
    // the kill. It never returns; if no kill comes it exits with an error.
    [[noreturn]] static void runCrashingEditor(const QString& folder)
    {
        app::MainWindow editor(folder, false);
        if (!editor.openFile(app::bundledSamplePath()))
            std::_Exit(2);
        QObject::connect(&editor.autosave(), &doc::Autosave::recoveryWritten, [] {
            std::printf("%s\n", kAutosavedLine);
            std::fflush(stdout);
        });
        editor.document().undoStack()->push(new cmd::RenameJointCommand(&editor.document(), 1, "renamed_in_crash"));
        editor.autosave().setIntervalMs(20);
        QTest::qWait(60 * 1000);
        std::_Exit(3);
    }

    // Runs the crashing editor until it has autosaved, then SIGKILLs it.
    void crashAnEditor()
    {
        const ::testing::TestInfo* info = ::testing::UnitTest::GetInstance()->current_test_info();
        QProcess child;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QString::fromLatin1(kCrashingEditorVariable), stateDir());
        child.setProcessEnvironment(env);
        child.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        child.start(QCoreApplication::applicationFilePath(),
                    {QStringLiteral("--gtest_filter=%1.%2").arg(QString::fromLatin1(info->test_suite_name()),
                                                                 QString::fromLatin1(info->name()))});
        ASSERT_TRUE(child.waitForStarted(10000));
        QByteArray out;
        while (!out.contains(kAutosavedLine) && child.waitForReadyRead(60000))
            out += child.readAllStandardOutput();
        ASSERT_TRUE(out.contains(kAutosavedLine)) << out.toStdString();
        ASSERT_EQ(::kill(static_cast<pid_t>(child.processId()), SIGKILL), 0);
        ASSERT_TRUE(child.waitForFinished(10000));
        EXPECT_EQ(child.exitStatus(), QProcess::CrashExit);
        ASSERT_EQ(doc::Autosave::recoveryFiles(stateDir()).size(), 1) << "the killed editor left its work";
    }

    // The next start, as main() does when the user answers "Restore".
    void restart()
    {
        m_editor = std::make_unique<app::MainWindow>(stateDir(), false);
        m_editor->files().setSaveQuestion([this] {
            ++m_asked;
            return int(QMessageBox::Discard);
        });
        m_editor->show();
        ASSERT_TRUE(QTest::qWaitForWindowExposed(m_editor.get()));
        const QStringList recovery = doc::Autosave::recoveryFiles(stateDir());
        ASSERT_EQ(recovery.size(), 1);
        ASSERT_TRUE(m_editor->restoreRecovery(recovery.front()));
    }

    // What the user sees: the title as the window system shows it.
    QString shownTitle() const { return m_editor->windowHandle()->title(); }
    bool clean() const { return m_editor->document().undoStack()->isClean(); }
    // Lets the autosave timer run a few times.
    QStringList recoveryFilesAfterAutosaves()
    {
        m_editor->autosave().setIntervalMs(20);
        QTest::qWait(200);
        return doc::Autosave::recoveryFiles(stateDir());
    }

    void TearDown() override
    {
        if (m_editor)
            m_editor->close();
        m_editor.reset();
    }

    QString stateDir() const { return m_stateDir->path(); }

    std::unique_ptr<QTemporaryDir> m_stateDir;
    std::unique_ptr<app::MainWindow> m_editor;
    int m_asked = 0;
};

TEST_F(RecoveryAfterCrashTest, AFileOpenedAfterARestoreIsClean)
{
    ASSERT_NO_FATAL_FAILURE(crashAnEditor());
    ASSERT_NO_FATAL_FAILURE(restart());
    ASSERT_EQ(m_editor->document().rig().skeleton.names[1], "renamed_in_crash");
    EXPECT_FALSE(clean());

    // The restored work is unsaved, so opening another file asks once.
    ASSERT_TRUE(m_editor->openFile(QString::fromStdString(model("ozz-animation/gltf/khronos/cesium_man.gltf"))));
    EXPECT_EQ(m_asked, 1);
    EXPECT_TRUE(clean());
    EXPECT_FALSE(m_editor->isWindowModified());
    EXPECT_FALSE(shownTitle().contains(QLatin1Char('*'))) << shownTitle().toStdString();
    EXPECT_TRUE(m_editor->files().maybeSave());
    EXPECT_EQ(m_asked, 1) << "the new file has nothing to save";
    EXPECT_TRUE(recoveryFilesAfterAutosaves().isEmpty()) << "nothing to recover in an untouched file";
    EXPECT_TRUE(m_editor->close());
    EXPECT_EQ(m_asked, 1);
}

TEST_F(RecoveryAfterCrashTest, RestoredWorkIsUnsavedUntilSaved)
{
    ASSERT_NO_FATAL_FAILURE(crashAnEditor());
    ASSERT_NO_FATAL_FAILURE(restart());
    EXPECT_FALSE(clean());
    EXPECT_TRUE(m_editor->isWindowModified());
    EXPECT_TRUE(shownTitle().contains(QLatin1Char('*'))) << shownTitle().toStdString();

    ASSERT_TRUE(m_editor->files().saveTo(m_stateDir->filePath(QStringLiteral("restored.marrow"))));
    EXPECT_TRUE(clean());
    EXPECT_FALSE(shownTitle().contains(QLatin1Char('*'))) << shownTitle().toStdString();
    EXPECT_TRUE(recoveryFilesAfterAutosaves().isEmpty()) << "saved work has nothing to recover";

    ASSERT_TRUE(m_editor->openFile(QString::fromStdString(model("ozz-animation/gltf/khronos/cesium_man.gltf"))));
    EXPECT_EQ(m_asked, 0);
    EXPECT_TRUE(clean());
    EXPECT_TRUE(recoveryFilesAfterAutosaves().isEmpty());
}

} // namespace
} // namespace marrow::test
