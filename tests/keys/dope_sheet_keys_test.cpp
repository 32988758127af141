// SPDX-License-Identifier: MIT
// The dope sheet in the editor (issue 9's GUI tests): box-select keys and
// drag them two frames: one undo entry, Ctrl+Z restores; T -> Constant turns
// the pose between two keys into a hold; Up in the viewport jumps to a key;
// Help lists the dope sheet's keys.
#include "tests/editor/editor_fixture.h"

#include "app/editor/shortcuts_dialog.h"

#include "core/workspace/key_selection.h"
#include "core/workspace/playback.h"
#include "core/workspace/pose_evaluator.h"
#include "core/workspace/selection.h"
#include "widgets/timeline/key_track_view.h"
#include "widgets/timeline/timeline_widget.h"
#include "widgets/viewport/viewport_widget.h"

#include <QApplication>
#include <QMenu>
#include <QMouseEvent>

#include <cmath>

using namespace marrow;

namespace {

class DopeSheetEditorTest : public test::EditorTest {
protected:
    ui::KeyTrackView& tracks() { return *window().timeline().keyTrackView(); }
    const anim::Clip& clip()
    {
        return window().document().rig().clips[static_cast<std::size_t>(window().selection().activeClip())];
    }
    // A joint whose rotation has at least four keys, keys 1 and 2 different.
    model::JointIndex rotatedJoint()
    {
        for (const anim::JointTrack& track : clip().tracks) {
            const anim::QuatChannel& r = track.rotation;
            if (r.size() >= 4 && std::abs(glm::dot(r.values[1], r.values[2])) < 0.99999f)
                return track.joint;
        }
        ADD_FAILURE() << "no joint with four distinct rotation keys";
        return -1;
    }
    // Selects the joint and returns its rotation row in the dope sheet.
    int showRotationRow(model::JointIndex joint)
    {
        window().selection().selectJoint(joint);
        QApplication::processEvents();
        for (int r = 0; r < tracks().rowCount(); ++r)
            if (tracks().row(r).kind == ui::KeyTrackView::RowKind::Channel && tracks().row(r).joint == joint &&
                tracks().row(r).channel == doc::ChannelKind::Rotation)
                return r;
        ADD_FAILURE() << "no rotation row";
        return -1;
    }
    void drag(QPoint from, QPoint to)
    {
        QTest::mousePress(&tracks(), Qt::LeftButton, {}, from);
        for (int i = 1; i <= 4; ++i) {
            const QPoint at = from + (to - from) * i / 4;
            QMouseEvent move(QEvent::MouseMove, QPointF(at), QPointF(tracks().mapToGlobal(at)), Qt::NoButton,
                             Qt::LeftButton, Qt::NoModifier);
            QApplication::sendEvent(&tracks(), &move);
        }
        QTest::mouseRelease(&tracks(), Qt::LeftButton, {}, to);
    }
    const anim::JointTrack& track(model::JointIndex joint) { return *clip().findTrack(joint); }
};

} // namespace

TEST_F(DopeSheetEditorTest, BoxSelectAndDragTwoFramesIsOneUndoEntryCtrlZRestores)
{
    const model::JointIndex joint = rotatedJoint();
    const int row = showRotationRow(joint);
    ASSERT_GE(row, 0);
    const anim::JointTrack before = track(joint);
    // A box around keys 1 and 2 of the rotation row, from empty space.
    const QPoint from = (tracks().keyPosition(row, 0) + tracks().keyPosition(row, 1)) / 2 + QPoint(0, -4);
    const QPoint to = (tracks().keyPosition(row, 2) + tracks().keyPosition(row, 3)) / 2 + QPoint(0, 4);
    drag(from, to);
    ASSERT_EQ(window().keySelection().size(), 2u);

    const int entries = window().document().undoStack()->count();
    const auto& geometry = window().timeline().geometry();
    const int twoFrames = static_cast<int>(std::lround(2.0 * geometry.pixelsPerSecond() / geometry.fps()));
    const QPoint key = tracks().keyPosition(row, 1);
    drag(key, key + QPoint(twoFrames, 0));
    EXPECT_EQ(window().document().undoStack()->count(), entries + 1) << "one undo entry for the whole drag";
    const anim::QuatChannel& moved = track(joint).rotation;
    EXPECT_NEAR(moved.times[1], before.rotation.times[1] + 2.0 / geometry.fps(), 1e-5);
    EXPECT_NEAR(moved.times[2], before.rotation.times[2] + 2.0 / geometry.fps(), 1e-5);

    tracks().setFocus();
    QTest::keyClick(&tracks(), Qt::Key_Z, Qt::ControlModifier);
    QApplication::processEvents();
    EXPECT_EQ(track(joint), before) << "Ctrl+Z restores the track exactly";
}

TEST_F(DopeSheetEditorTest, TConstantHoldsThePoseBetweenKeys)
{
    const model::JointIndex joint = rotatedJoint();
    const int row = showRotationRow(joint);
    ASSERT_GE(row, 0);
    const anim::QuatChannel rotation = track(joint).rotation;
    const double mid = 0.5 * (rotation.times[1] + rotation.times[2]);
    auto rotationAt = [&](double t) {
        window().playback().setTime(t);
        QApplication::processEvents();
        return window().evaluator().locals()[static_cast<std::size_t>(joint)].rotation;
    };
    ASSERT_LT(std::abs(glm::dot(rotationAt(mid), rotation.values[1])), 0.999999f) << "moving between the keys";

    QTest::mouseClick(&tracks(), Qt::LeftButton, {}, tracks().keyPosition(row, 1));
    ASSERT_EQ(window().keySelection().size(), 1u);
    tracks().setFocus();
    QTest::keyClick(&tracks(), Qt::Key_T);
    bool chosen = false;
    for (QMenu* menu : tracks().findChildren<QMenu*>())
        for (QAction* action : menu->actions())
            if (!chosen && action->text() == QStringLiteral("Constant")) {
                action->trigger();
                menu->close();
                chosen = true;
            }
    ASSERT_TRUE(chosen) << "T opens the interpolation menu";
    EXPECT_EQ(track(joint).rotation.segment(1), anim::Interpolation::Step);
    EXPECT_NEAR(std::abs(glm::dot(rotationAt(mid), rotation.values[1])), 1.f, 1e-6f) << "a hold at key 1's pose";
}

TEST_F(DopeSheetEditorTest, UpInTheViewportJumpsToTheNextKey)
{
    const model::JointIndex joint = rotatedJoint();
    showRotationRow(joint);
    window().playback().setTime(0.0);
    window().viewport().setFocus();
    QApplication::processEvents();
    QTest::keyClick(&window().viewport(), Qt::Key_Up);
    const auto next = tracks().model().nextKeyTime(0.0);
    ASSERT_TRUE(next.has_value());
    EXPECT_DOUBLE_EQ(window().playback().time(), *next);
    const auto previous = tracks().model().previousKeyTime(*next);
    QTest::keyClick(&window().viewport(), Qt::Key_Down);
    if (previous) {
        EXPECT_DOUBLE_EQ(window().playback().time(), *previous);
    }
}

TEST_F(DopeSheetEditorTest, HelpListsTheDopeSheetKeys)
{
    const app::ShortcutsDialog dialog({{QStringLiteral("Timeline"), {&tracks()}}}, ui::NavigationScheme::Blender);
    const QStringList lines = dialog.lines();
    for (const char* line : {"G — Move Keys", "S — Scale Keys", "Shift+D — Duplicate Keys", "T — Interpolation Mode",
                             "Ctrl+V — Paste Keys", "Up — Jump to Next Key"})
        EXPECT_TRUE(lines.contains(QString::fromUtf8(line))) << line << "\n" << lines.join('\n').toStdString();
}
