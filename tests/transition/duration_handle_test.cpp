// SPDX-License-Identifier: MIT
// The timeline in transition mode: dragging the blend's end changes the
// duration in one undo entry (snapped to frames), Esc puts it back with no
// entry, and dragging the blend's start moves the exit.
#include "transition_fixture.h"

#include "widgets/timeline/timeline_geometry.h"
#include "widgets/timeline/timeline_widget.h"
#include "widgets/timeline/transition/transition_track_view.h"

using namespace marrow;

namespace {

using TransitionHandleTest = test::TransitionEditorTest;

void drag(QWidget* view, QPoint from, QPoint to, bool escapeBeforeRelease = false)
{
    QTest::mousePress(view, Qt::LeftButton, {}, from);
    for (int i = 1; i <= 4; ++i)
        QTest::mouseMove(view, from + (to - from) * i / 4);
    if (escapeBeforeRelease)
        QTest::keyClick(view, Qt::Key_Escape);
    QTest::mouseRelease(view, Qt::LeftButton, {}, to);
}

} // namespace

TEST_F(TransitionHandleTest, DraggingTheDurationHandleIsOneUndoEntry)
{
    const int index = makeIdleToStride();
    doc::Document& d = window().document();
    ui::TransitionTrackView* view = window().timeline().transitionView();
    ASSERT_TRUE(view->isVisible());
    const double before = d.rig().transitions[static_cast<std::size_t>(index)].duration;
    const int entries = d.undoStack()->count();
    const int x = view->handleX(ui::TransitionHandle::Duration);
    const QPoint from(x, ui::TransitionTrackView::kRowBTop + 4);
    ASSERT_EQ(view->handleAt(from), ui::TransitionHandle::Duration);
    const double pps = window().timeline().geometry().pixelsPerSecond();
    const int dx = static_cast<int>(std::lround(0.3 * pps));  // about 0.3 s later
    drag(view, from, from + QPoint(dx, 0));
    const double after = d.rig().transitions[static_cast<std::size_t>(index)].duration;
    // Snapped to the document's frames (the sample's keys put it at 60 fps).
    const double fps = window().playback().fps();
    EXPECT_NEAR(after, before + 0.3, 2.0 / fps);
    EXPECT_NEAR(after * fps, std::round(after * fps), 1e-9) << "snapped to frames at " << fps << " fps";
    EXPECT_EQ(d.undoStack()->count(), entries + 1);
    EXPECT_EQ(d.undoStack()->undoText(), "Transition Duration");
    EXPECT_DOUBLE_EQ(window().playback().duration(), d.rig().transitions[0].timing(d.rig()).length());
    d.undoStack()->undo();
    EXPECT_EQ(d.rig().transitions[static_cast<std::size_t>(index)].duration, before);

    // Esc during a drag: back where it was, and no entry.
    drag(view, from, from + QPoint(dx, 0), true);
    EXPECT_EQ(d.rig().transitions[static_cast<std::size_t>(index)].duration, before);
    EXPECT_EQ(d.undoStack()->count(), entries);
}

TEST_F(TransitionHandleTest, DraggingTheBlendStartMovesTheExit)
{
    const int index = makeIdleToStride();
    doc::Document& d = window().document();
    ui::TransitionTrackView* view = window().timeline().transitionView();
    const model::Transition before = d.rig().transitions[static_cast<std::size_t>(index)];
    const int entries = d.undoStack()->count();
    const QPoint from(view->handleX(ui::TransitionHandle::Exit), ui::TransitionTrackView::kRowATop + 4);
    ASSERT_EQ(view->handleAt(from), ui::TransitionHandle::Exit);
    const int dx = -static_cast<int>(std::lround(0.5 * window().timeline().geometry().pixelsPerSecond()));
    drag(view, from, from + QPoint(dx, 0));
    const model::Transition& after = d.rig().transitions[static_cast<std::size_t>(index)];
    EXPECT_NEAR(after.exit, before.exit - 0.5, 2.0 / 30.0);
    EXPECT_EQ(after.duration, before.duration);
    EXPECT_EQ(d.undoStack()->count(), entries + 1);
    EXPECT_EQ(d.undoStack()->undoText(), "Transition Exit");
}
