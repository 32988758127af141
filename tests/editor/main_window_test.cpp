// SPDX-License-Identifier: MIT
// The editor as a user drives it: one selection across tree, viewport and
// inspector; transport keys; inspector edits and undo; opening bad files;
// save and reopen; recovery after a crash.
#include "app/editor/document_controller.h"
#include "app/editor/editor_actions.h"
#include "core/document/autosave.h"
#include "core/document/document_io.h"
#include "core/io/rig_codec.h"
#include "core/workspace/playback.h"
#include "core/workspace/pose_evaluator.h"
#include "core/workspace/selection.h"
#include "editor_fixture.h"
#include "shared_models.h"
#include "widgets/bone_tree/bone_tree_view.h"
#include "widgets/inspector/inspector_panel.h"
#include "widgets/timeline/timeline_widget.h"
#include "widgets/viewport/viewport_widget.h"

#include <QAbstractItemModelTester>
#include <QDoubleSpinBox>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QMimeData>
#include <QStatusBar>
#include <QUrl>

#include <cstring>
#include <set>

namespace marrow::test {
namespace {

model::JointIndex jointNamed(app::MainWindow& w, const char* name)
{
    const auto j = w.document().rig().skeleton.find(name);
    EXPECT_TRUE(j.has_value()) << name;
    return j.value_or(-1);
}

bool sameBits(const math::Transform& a, const math::Transform& b)
{
    return std::memcmp(&a, &b, sizeof a) == 0;
}

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

TEST_F(EditorTest, SelectingInTheTreeSelectsInViewportAndInspector)
{
    const model::JointIndex joint = jointNamed(window(), "upperarm_L");
    ui::BoneTreeView& tree = window().boneTree();
    const QModelIndex index = tree.viewIndexForJoint(joint);
    ASSERT_TRUE(index.isValid());
    tree.scrollTo(index);
    QApplication::processEvents();  // let the scroll and the layout settle before clicking
    const QRect row = tree.visualRect(index);
    ASSERT_TRUE(tree.viewport()->rect().contains(row.center())) << row.x() << "," << row.y();
    QTest::mouseClick(tree.viewport(), Qt::LeftButton, {}, row.center());
    ASSERT_EQ(window().selection().currentJoint(), joint);
    EXPECT_EQ(window().inspector().shownJoint(), joint);
    // The viewport draws that bone in the active colour (orange): read the pixel back.
    ui::ViewportWidget& viewport = window().viewport();
    viewport.setHeatMap(false);
    const auto where = viewport.boneScreenPosition(joint);
    ASSERT_TRUE(where.has_value());
    const QImage frame = viewport.grabFramebuffer();
    const qreal dpr = viewport.devicePixelRatioF();
    const QColor c = frame.pixelColor(QPoint(qRound(where->x() * dpr), qRound(where->y() * dpr)));
    EXPECT_GT(c.red(), c.blue() + 60) << c.name().toStdString();
    EXPECT_GT(c.red(), 150) << c.name().toStdString();
}

TEST_F(EditorTest, ClickingABoneInTheViewportSelectsItInTheTree)
{
    const model::JointIndex joint = jointNamed(window(), "thigh_R");
    ui::ViewportWidget& viewport = window().viewport();
    const auto where = viewport.boneScreenPosition(joint);
    ASSERT_TRUE(where.has_value());
    QTest::mouseClick(&viewport, Qt::LeftButton, {}, where->toPoint());
    EXPECT_EQ(window().selection().currentJoint(), joint);
    ui::BoneTreeView& tree = window().boneTree();
    EXPECT_EQ(tree.jointForViewIndex(tree.currentIndex()), joint);
    const QModelIndexList rows = tree.selectionModel()->selectedRows();
    ASSERT_EQ(rows.size(), 1);
    EXPECT_EQ(tree.jointForViewIndex(rows.front()), joint);
    // A click on empty space clears the selection, in all views.
    QTest::mouseClick(&viewport, Qt::LeftButton, {}, QPoint(3, 3));
    EXPECT_EQ(window().selection().currentJoint(), -1);
    EXPECT_TRUE(tree.selectionModel()->selectedRows().isEmpty());
}

TEST_F(EditorTest, SpacePlaysAndThePlayheadAdvances)
{
    ws::Playback& playback = window().playback();
    playback.setTime(0.0);
    window().viewport().setFocus();
    QTest::keyClick(window().viewport().window(), Qt::Key_Space);
    EXPECT_TRUE(playback.isPlaying());
    QTest::qWait(250);
    EXPECT_GT(playback.time(), 0.05);
    QTest::keyClick(window().viewport().window(), Qt::Key_Space);
    EXPECT_FALSE(playback.isPlaying());
    const double stopped = playback.time();
    QTest::qWait(60);
    EXPECT_EQ(playback.time(), stopped);
}

TEST_F(EditorTest, PeriodStepsExactlyOneFrame)
{
    ws::Playback& playback = window().playback();
    playback.setFrame(3);
    window().viewport().setFocus();
    QTest::keyClick(window().viewport().window(), Qt::Key_Period);
    EXPECT_EQ(playback.frame(), 4);
    EXPECT_DOUBLE_EQ(playback.time(), 4.0 / playback.fps());
    QTest::keyClick(window().viewport().window(), Qt::Key_Comma);
    EXPECT_EQ(playback.frame(), 3);
    // Right and Left in the viewport step too.
    QTest::keyClick(&window().viewport(), Qt::Key_Right);
    EXPECT_EQ(playback.frame(), 4);
    QTest::keyClick(&window().viewport(), Qt::Key_Left);
    EXPECT_EQ(playback.frame(), 3);
}

// The frame readout is shown once, in the timeline (the status bar had a
// second copy), and it follows the clip and the fps, not only the playhead.
TEST_F(EditorTest, TheFrameReadoutIsShownOnceAndFollowsTheClip)
{
    const auto statusFrameLabels = [this] {
        int count = 0;
        const auto labels = window().statusBar()->findChildren<QLabel*>();
        for (const QLabel* label : labels)
            count += label->text().contains(QStringLiteral("Frame")) ? 1 : 0;
        return count;
    };
    EXPECT_EQ(statusFrameLabels(), 0);
    const auto readout = [this] { return window().timeline().timeReadout()->text().toStdString(); };
    const auto lastFrame = [this] { return std::to_string(window().playback().lastFrame()); };
    ASSERT_GT(window().playback().lastFrame(), 0);
    EXPECT_NE(readout().find(lastFrame()), std::string::npos) << readout();
    const int clips = static_cast<int>(window().document().rig().clips.size());
    ASSERT_GE(clips, 2);
    std::set<long long> lastFrames;
    for (int clip = 0; clip < clips; ++clip) {
        window().selection().setActiveClip(clip);
        QApplication::processEvents();
        lastFrames.insert(window().playback().lastFrame());
        EXPECT_NE(readout().find(lastFrame()), std::string::npos) << "clip " << clip << ": " << readout();
    }
    EXPECT_GE(lastFrames.size(), 2u) << "the sample's clips should differ in length for this test to mean anything";
    window().playback().setFps(24.0);
    QApplication::processEvents();
    EXPECT_NE(readout().find(lastFrame()), std::string::npos) << readout();
    EXPECT_EQ(statusFrameLabels(), 0);
}

TEST_F(EditorTest, InspectorEditThenCtrlZRestoresThePoseExactly)
{
    const model::JointIndex joint = jointNamed(window(), "forearm_L");
    window().selection().selectJoint(joint);
    window().playback().setTime(0.4);
    QApplication::processEvents();
    const std::vector<math::Transform> before(window().evaluator().locals().begin(),
                                              window().evaluator().locals().end());
    QDoubleSpinBox* box = window().inspector().translationBox(0);
    ASSERT_NE(box, nullptr);
    ASSERT_TRUE(box->isEnabled());
    const double target = box->value() + 0.25;
    box->setFocus();
    box->selectAll();
    QTest::keyClicks(box, QString::number(target, 'f', 3));
    QTest::keyClick(box, Qt::Key_Return);
    const auto posed = window().evaluator().locals()[static_cast<std::size_t>(joint)];
    EXPECT_NEAR(posed.translation.x, target, 1e-3);
    EXPECT_EQ(window().document().undoStack()->count(), 1);
    EXPECT_TRUE(window().isWindowModified());

    QTest::keyClick(window().viewport().window(), Qt::Key_Z, Qt::ControlModifier);
    const auto after = window().evaluator().locals();
    ASSERT_EQ(after.size(), before.size());
    for (std::size_t j = 0; j < before.size(); ++j)
        EXPECT_TRUE(sameBits(after[j], before[j])) << "joint " << j;
    EXPECT_FALSE(window().isWindowModified());
    // And Ctrl+Shift+Z brings the edit back.
    QTest::keyClick(window().viewport().window(), Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
    EXPECT_NEAR(window().evaluator().locals()[static_cast<std::size_t>(joint)].translation.x, target, 1e-3);
}

TEST_F(EditorTest, OpeningAHostileFileShowsTheErrorAndKeepsTheDocument)
{
    window().selection().selectJoint(jointNamed(window(), "head"));
    const std::string before = io::encodeRig(window().document().rig());
    const QString title = window().windowTitle();
    for (const char* name : {"hostile/glb_truncated_in_header.glb", "hostile/accessor_count_exceeds_buffer.gltf",
                             "hostile/fbx_truncated_mid.fbx"}) {
        const QString path = QString::fromStdString(model(name));
        EXPECT_FALSE(window().openFile(path)) << name;
        const QString error = window().files().lastError();
        EXPECT_TRUE(error.contains(QFileInfo(path).fileName())) << error.toStdString();
        auto* dialog = qobject_cast<QMessageBox*>(window().files().errorDialog());
        ASSERT_NE(dialog, nullptr) << name;
        EXPECT_TRUE(dialog->isVisible());
        EXPECT_TRUE(dialog->text().contains(QFileInfo(path).fileName())) << dialog->text().toStdString();
        dialog->close();
        EXPECT_EQ(io::encodeRig(window().document().rig()), before) << name;
        EXPECT_EQ(window().windowTitle(), title);
        EXPECT_EQ(window().selection().currentJoint(), jointNamed(window(), "head"));
    }
}

TEST_F(EditorTest, SaveAndReopenRoundTripsByteForByte)
{
    const std::string rig = io::encodeRig(window().document().rig());
    const QString first = m_stateDir.filePath(QStringLiteral("first.marrow"));
    const QString second = m_stateDir.filePath(QStringLiteral("second.marrow"));
    ASSERT_TRUE(window().files().saveTo(first));
    EXPECT_TRUE(window().windowTitle().startsWith(QStringLiteral("first.marrow")));
    ASSERT_TRUE(window().openFile(first));
    EXPECT_EQ(io::encodeRig(window().document().rig()), rig);
    EXPECT_EQ(window().document().filePath(), QFileInfo(first).absoluteFilePath());
    ASSERT_TRUE(window().files().saveTo(second));
    const QByteArray a = readAll(first), b = readAll(second);
    EXPECT_FALSE(a.isEmpty());
    EXPECT_EQ(a, b);
    // Ctrl+S on a native document saves in place without asking.
    window().document().setFilePath(first);
    QTest::keyClick(window().viewport().window(), Qt::Key_S, Qt::ControlModifier);
    EXPECT_EQ(readAll(first), a);
}

TEST_F(EditorTest, ACrashedSessionsAutosaveIsRestoredUnsaved)
{
    const QString saved = m_stateDir.filePath(QStringLiteral("work.marrow"));
    ASSERT_TRUE(window().files().saveTo(saved));
    // An edit, autosaved as the timer would, then the process "dies" (no close).
    const model::JointIndex joint = jointNamed(window(), "spine2");
    window().selection().selectJoint(joint);
    QApplication::processEvents();
    QDoubleSpinBox* box = window().inspector().scaleBox(1);
    box->setFocus();
    box->selectAll();
    QTest::keyClicks(box, QStringLiteral("1.5"));
    QTest::keyClick(box, Qt::Key_Return);
    ASSERT_TRUE(window().document().isModified());
    ASSERT_TRUE(window().autosave().autosaveNow());
    const QStringList recovery = doc::Autosave::recoveryFiles(m_stateDir.path());
    ASSERT_EQ(recovery.size(), 1);
    EXPECT_EQ(doc::Autosave::recoveredDocumentPath(recovery.front()), QFileInfo(saved).absoluteFilePath());

    app::MainWindow next(m_stateDir.path(), false);
    ASSERT_TRUE(next.restoreRecovery(recovery.front()));
    EXPECT_EQ(io::encodeRig(next.document().rig()), io::encodeRig(window().document().rig()));
    EXPECT_TRUE(next.document().isModified());
    EXPECT_EQ(next.document().filePath(), QFileInfo(saved).absoluteFilePath());
    // Saving the restored work removes the recovery file.
    ASSERT_TRUE(next.files().save());
    EXPECT_TRUE(doc::Autosave::recoveryFiles(m_stateDir.path()).isEmpty());
    next.document().undoStack()->setClean();
}

TEST_F(EditorTest, DroppingAFileOnTheWindowOpensIt)
{
    const QString path = QString::fromStdString(model("ozz-animation/gltf/khronos/cesium_man.gltf"));
    QMimeData mime;
    mime.setUrls({QUrl::fromLocalFile(path)});
    QDragEnterEvent enter(QPoint(400, 300), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&window(), &enter);
    EXPECT_TRUE(enter.isAccepted());
    QDropEvent drop(QPointF(400, 300), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&window(), &drop);
    // The open is queued out of the drop handler.
    const QString expected = QFileInfo(path).absoluteFilePath();
    for (int i = 0; i < 200 && window().files().sourcePath() != expected; ++i)
        QTest::qWait(20);
    EXPECT_EQ(window().files().sourcePath(), expected);
    EXPECT_EQ(window().document().rig().skins.size(), 1u);
    EXPECT_TRUE(window().windowTitle().startsWith(QStringLiteral("cesium_man.gltf")));
}

TEST_F(EditorTest, BoneTreeModelPassesQAbstractItemModelTester)
{
    QAbstractItemModel* model = window().boneTree().model();
    QAbstractItemModelTester tester(model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    // Reopen (a model reset) and rename (dataChanged) under the tester's eye.
    ASSERT_TRUE(window().openFile(app::bundledSamplePath()));
    const QModelIndex first = model->index(0, 0);
    ASSERT_TRUE(model->setData(first, QStringLiteral("Root renamed")));
    EXPECT_EQ(model->data(first).toString(), QStringLiteral("Root renamed"));
    window().document().undoStack()->undo();
    EXPECT_NE(model->data(first).toString(), QStringLiteral("Root renamed"));
}

TEST_F(EditorTest, PlaybackUploadsOnlyThePalette)
{
    ui::ViewportWidget& viewport = window().viewport();
    // Bones are an overlay with their own traffic; measured apart in the bench.
    viewport.setShowBones(false);
    std::size_t skinJoints = 0;
    for (const model::Skin& skin : window().document().rig().skins)
        skinJoints += skin.joints.size();
    // Per skin joint, only what the method's shader reads: LBS three rows of
    // four floats (48 bytes); DQS the dual quaternion's two texels and the
    // scale map's three rows (80 bytes), and no matrix palette.
    const struct {
        mesh::SkinningMethod method;
        std::size_t texelsPerJoint;
    } modes[] = {{mesh::SkinningMethod::Linear, 3}, {mesh::SkinningMethod::DualQuaternion, 5}};
    for (const auto& mode : modes) {
        viewport.setSkinningMethod(mode.method);
        window().playback().setTime(0.1);
        QApplication::processEvents();
        viewport.repaint();
        const std::size_t before = viewport.bytesUploaded();
        window().playback().setTime(0.2);
        QApplication::processEvents();
        viewport.repaint();
        const std::size_t perFrame = viewport.bytesUploaded() - before;
        EXPECT_EQ(perFrame, skinJoints * mode.texelsPerJoint * sizeof(glm::vec4)) << mode.texelsPerJoint;
    }
}

} // namespace
} // namespace marrow::test
