// SPDX-License-Identifier: MIT
// Work is never lost: History agrees with the pose after a time change, a
// posed document saves its pose, and a crash's recovery file comes back as
// the document it belonged to (named, titled and saved like it), then goes
// away once the work is saved or discarded.
#include "app/editor/document_controller.h"
#include "app/editor/editor_actions.h"
#include "core/document/autosave.h"
#include "core/document/document_io.h"
#include "core/workspace/playback.h"
#include "core/workspace/pose_evaluator.h"
#include "core/workspace/selection.h"
#include "editor_fixture.h"
#include "shared_models.h"
#include "widgets/inspector/inspector_panel.h"
#include "widgets/viewport/viewport_widget.h"

#include <QDoubleSpinBox>
#include <QFile>
#include <QMessageBox>
#include <QStandardPaths>

namespace marrow::test {
namespace {

class PoseAndRecoveryTest : public EditorTest {
protected:
    model::JointIndex joint(const char* name)
    {
        const auto j = window().document().rig().skeleton.find(name);
        EXPECT_TRUE(j.has_value()) << name;
        return j.value_or(-1);
    }
    // Types a value into an inspector box and presses Enter, as a user does.
    void typeInto(QDoubleSpinBox* box, const QString& text)
    {
        box->setFocus();
        box->selectAll();
        QTest::keyClicks(box, text);
        QTest::keyClick(box, Qt::Key_Return);
    }
    void poseWithInspector(const char* name, double tx)
    {
        window().selection().selectJoint(joint(name));
        QApplication::processEvents();
        typeInto(window().inspector().translationBox(0), QString::number(tx));
    }
    QUndoStack& stack() { return *window().document().undoStack(); }
};

TEST_F(PoseAndRecoveryTest, HistoryAndPoseAgreeAfterATimeChange)
{
    poseWithInspector("upperarm_L", 0.3);
    poseWithInspector("forearm_L", 0.2);
    ASSERT_EQ(window().document().poseOverrides().size(), 2u);
    EXPECT_EQ(stack().text(stack().index() - 1), QStringLiteral("Pose forearm_L"));
    // Step a frame and back, from the viewport as a user would.
    window().viewport().setFocus();
    QTest::keyClick(&window().viewport(), Qt::Key_Period);
    QTest::keyClick(&window().viewport(), Qt::Key_Comma);
    EXPECT_TRUE(window().document().poseOverrides().empty());
    // The current entry says the pose was dropped; Ctrl+Z brings both joints back.
    EXPECT_EQ(stack().text(stack().index() - 1), QStringLiteral("Drop Pose (upperarm_L, forearm_L)"));
    QTest::keyClick(&window().viewport(), Qt::Key_Z, Qt::ControlModifier);
    const auto& pose = window().document().poseOverrides();
    ASSERT_EQ(pose.size(), 2u);
    EXPECT_FLOAT_EQ(pose.at(joint("upperarm_L")).translation.x, 0.3f);
    EXPECT_FLOAT_EQ(pose.at(joint("forearm_L")).translation.x, 0.2f);
    EXPECT_FLOAT_EQ(window().evaluator().locals()[static_cast<std::size_t>(joint("forearm_L"))].translation.x, 0.2f);
}

TEST_F(PoseAndRecoveryTest, SavingAPosedDocumentKeepsThePose)
{
    poseWithInspector("head", 0.25);
    const QString path = m_stateDir.filePath(QStringLiteral("posed.marrow"));
    ASSERT_TRUE(window().files().saveTo(path));
    EXPECT_FALSE(window().document().isModified());
    ASSERT_TRUE(window().openFile(QString::fromStdString(model("ozz-animation/gltf/khronos/cesium_man.gltf"))));
    ASSERT_TRUE(window().openFile(path));
    const auto& pose = window().document().poseOverrides();
    ASSERT_EQ(pose.size(), 1u);
    EXPECT_FLOAT_EQ(pose.at(joint("head")).translation.x, 0.25f);
    EXPECT_FALSE(window().document().isModified());
    EXPECT_FLOAT_EQ(window().evaluator().locals()[static_cast<std::size_t>(joint("head"))].translation.x, 0.25f);
}

TEST_F(PoseAndRecoveryTest, APoseThatWasDroppedLeavesNothingToSave)
{
    int asked = 0;
    window().files().setSaveQuestion([&asked] {
        ++asked;
        return int(QMessageBox::Cancel);
    });
    poseWithInspector("pelvis", 0.1);
    EXPECT_TRUE(window().isWindowModified());
    window().playback().stepForward();
    EXPECT_FALSE(window().document().isModified());
    EXPECT_FALSE(window().isWindowModified());
    EXPECT_TRUE(window().files().maybeSave());
    EXPECT_EQ(asked, 0);
}

TEST_F(PoseAndRecoveryTest, RecoveryNamesTitlesAndSavesLikeTheSourceFile)
{
    const QString sample = window().files().sourcePath();
    ASSERT_TRUE(sample.endsWith(QStringLiteral("public_rig.gltf")));
    poseWithInspector("spine2", 0.4);
    ASSERT_TRUE(window().autosave().autosaveNow());
    const QStringList recovery = doc::Autosave::recoveryFiles(m_stateDir.path());
    ASSERT_EQ(recovery.size(), 1);
    // The offer names the file the work came from, not "an untitled document".
    EXPECT_EQ(doc::Autosave::recoveredSourcePath(recovery.front()), sample);
    const QString question = app::recoveryQuestion(doc::Autosave::recoveredSourcePath(recovery.front()));
    EXPECT_TRUE(question.contains(QStringLiteral("public_rig.gltf"))) << question.toStdString();
    EXPECT_FALSE(question.contains(QStringLiteral("untitled"))) << question.toStdString();

    // A new session restores it (the crashed one never closed).
    app::MainWindow next(m_stateDir.path(), false);
    ASSERT_TRUE(next.restoreRecovery(recovery.front()));
    EXPECT_EQ(doc::encodeDocument(next.document()), doc::encodeDocument(window().document()));
    EXPECT_TRUE(next.windowTitle().startsWith(QStringLiteral("public_rig.gltf[*]"))) << next.windowTitle().toStdString();
    EXPECT_TRUE(next.isWindowModified());
    EXPECT_FALSE(next.files().recentFiles().contains(recovery.front()));
    for (const QString& recent : next.files().recentFiles())
        EXPECT_FALSE(recent.contains(QStringLiteral("/recovery/"))) << recent.toStdString();
    // Save As starts beside the source, unless that is the install folder (the
    // bundled sample's) or not writable: then the documents folder. Never the recovery folder.
    const QString folder = next.files().saveAsFolder();
    EXPECT_FALSE(folder.contains(QStringLiteral("/recovery"))) << folder.toStdString();
    EXPECT_NE(folder, QFileInfo(sample).absolutePath());
    EXPECT_EQ(folder, QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation));

    // Saving the restored work removes the recovery file it came from.
    ASSERT_TRUE(next.files().saveTo(m_stateDir.filePath(QStringLiteral("saved.marrow"))));
    EXPECT_TRUE(doc::Autosave::recoveryFiles(m_stateDir.path()).isEmpty());
}

TEST_F(PoseAndRecoveryTest, DiscardingTheWorkRemovesItsRecoveryFile)
{
    poseWithInspector("spine2", 0.4);
    ASSERT_TRUE(window().autosave().autosaveNow());
    ASSERT_EQ(doc::Autosave::recoveryFiles(m_stateDir.path()).size(), 1);
    window().files().setSaveQuestion([] { return int(QMessageBox::Discard); });
    ASSERT_TRUE(window().openFile(QString::fromStdString(model("ozz-animation/gltf/khronos/cesium_man.gltf"))));
    EXPECT_TRUE(doc::Autosave::recoveryFiles(m_stateDir.path()).isEmpty());
}

TEST_F(PoseAndRecoveryTest, SaveAsBesideAWritableSourceAndHasAShortcut)
{
    const QString copy = m_stateDir.filePath(QStringLiteral("mine.gltf"));
    const QString sampleDir = QFileInfo(app::bundledSamplePath()).absolutePath();
    ASSERT_TRUE(QFile::copy(app::bundledSamplePath(), copy));
    ASSERT_TRUE(QFile::copy(QDir(sampleDir).filePath(QStringLiteral("public_rig.bin")),
                            m_stateDir.filePath(QStringLiteral("public_rig.bin"))));
    ASSERT_TRUE(window().openFile(copy)) << window().files().lastError().toStdString();
    EXPECT_EQ(window().files().saveAsFolder(), QFileInfo(copy).absolutePath());
    EXPECT_EQ(window().actions().saveAs->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S));
}

} // namespace
} // namespace marrow::test
