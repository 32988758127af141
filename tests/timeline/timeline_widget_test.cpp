// SPDX-License-Identifier: MIT
// TimelineWidget: the clip chooser and ws::Selection follow each other, the
// transport drives ws::Playback, the keyboard steps exactly one frame while
// the timeline has focus, and the view fits the clip until the user zooms.
#include "timeline_test_support.h"

#include "core/commands/rename_clip_command.h"

#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QPalette>
#include <QSignalSpy>
#include <QSpinBox>
#include <QToolButton>
#include <QVBoxLayout>

namespace marrow::test {
namespace {

namespace style = ui::timeline_style;

QStringList comboItems(const QComboBox& combo)
{
    QStringList items;
    for (int i = 0; i < combo.count(); ++i)
        items << combo.itemText(i);
    return items;
}

// Focus inside the timeline's window, with the window active (shortcuts need both).
void focusTimeline(TimelineFixture& f)
{
    f.timeline.activateWindow();
    ASSERT_TRUE(QTest::qWaitForWindowActive(&f.timeline));
    f.tracks().setFocus(Qt::OtherFocusReason);
    ASSERT_TRUE(f.tracks().hasFocus());
}

TEST(TimelineWidget, ClipChooserAndSelectionFollowEachOther)
{
    TimelineFixture f;
    QComboBox& combo = *f.timeline.clipChooser();
    EXPECT_EQ(comboItems(combo), (QStringList{"idle", "stride", "point"}));
    EXPECT_EQ(combo.currentIndex(), f.selection.activeClip());

    QSignalSpy clips(&f.selection, &ws::Selection::activeClipChanged);
    combo.setCurrentIndex(f.clip("stride"));
    EXPECT_EQ(f.selection.activeClip(), f.clip("stride"));
    EXPECT_EQ(clips.count(), 1) << "no echo back from the selection";

    f.selection.setActiveClip(f.clip("point"));
    EXPECT_EQ(combo.currentIndex(), f.clip("point"));
    EXPECT_EQ(combo.currentText(), QStringLiteral("point"));

    // A renamed clip (clipsChanged) is renamed in the chooser, which keeps its choice.
    f.document->undoStack()->push(cmd::makeRenameClipCommand(f.document.get(), f.clip("idle"), "breathe").release());
    EXPECT_EQ(comboItems(combo), (QStringList{"breathe", "stride", "point"}));
    EXPECT_EQ(combo.currentIndex(), f.selection.activeClip());
}

TEST(TimelineWidget, FitsTheClipUntilTheUserZooms)
{
    TimelineFixture f;
    f.useStride();
    const double width = f.geometry().width();
    const double duration = f.activeClip().duration;
    // The whole clip fills the width, with a small margin each side.
    const auto fitted = [&f](double end) {
        const double w = f.geometry().width();
        const double x0 = f.geometry().timeToPixel(0.0);
        const double x1 = f.geometry().timeToPixel(end);
        return x0 > 0.0 && x0 < 0.05 * w && x1 < w && x1 > 0.95 * w;
    };
    EXPECT_TRUE(fitted(duration));

    // Resizing refits while the view follows the clip...
    f.timeline.resize(1200, 360);
    QApplication::processEvents();
    ASSERT_GT(f.geometry().width(), width);
    EXPECT_TRUE(fitted(duration));
    EXPECT_LT(f.geometry().pixelsPerSecond() * duration, f.geometry().width());
    EXPECT_GT(f.geometry().pixelsPerSecond() * duration, 0.9 * f.geometry().width());

    // ...but not after a zoom: then only the clip changing fits again.
    wheel(&f.ruler(), QPoint(500, 10), QPoint(0, 240));
    const double scale = f.geometry().pixelsPerSecond();
    f.timeline.resize(900, 360);
    QApplication::processEvents();
    EXPECT_DOUBLE_EQ(f.geometry().pixelsPerSecond(), scale);
    f.selection.setActiveClip(f.clip("idle"));
    EXPECT_TRUE(f.timeline.isFittedToClip());
    EXPECT_TRUE(fitted(f.activeClip().duration));
}

TEST(TimelineWidget, ArrowKeysStepExactlyOneFrameAndHomeShowsTheWholeClip)
{
    TimelineFixture f;
    f.useStride();
    focusTimeline(f);
    f.playback.setFrame(5);
    QTest::keyClick(&f.tracks(), Qt::Key_Right);
    EXPECT_EQ(f.playback.frame(), 6);
    EXPECT_EQ(f.playback.time(), 6.0 / 30.0);
    QTest::keyClick(&f.tracks(), Qt::Key_Left);
    QTest::keyClick(&f.tracks(), Qt::Key_Left);
    EXPECT_EQ(f.playback.time(), 4.0 / 30.0);
    // Blender's Home: the whole clip in view, the playhead where it was
    // (the ends are Shift+Left / Shift+Right, window actions).
    f.timeline.geometry().panByPixels(300.0);
    ASSERT_GT(f.timeline.geometry().visibleStart(), 0.0);
    f.timeline.update();
    QTest::keyClick(&f.tracks(), Qt::Key_Home);
    EXPECT_EQ(f.playback.time(), 4.0 / 30.0);
    EXPECT_TRUE(f.timeline.isFittedToClip());
    EXPECT_LE(f.timeline.geometry().visibleStart(), 0.0);
    EXPECT_GE(f.timeline.geometry().visibleEnd(), f.playback.duration());
    QTest::keyClick(&f.tracks(), Qt::Key_End);
    EXPECT_EQ(f.playback.time(), 4.0 / 30.0) << "End no longer jumps in the timeline";

    // The ruler and the chooser are children too.
    f.ruler().setFocus(Qt::OtherFocusReason);
    QTest::keyClick(&f.ruler(), Qt::Key_Right);
    EXPECT_EQ(f.playback.frame(), 5);
}

TEST(TimelineWidget, ArrowKeysElsewhereDoNotStep)
{
    // The timeline in a window beside a line edit: arrows there move its cursor.
    auto document = openDocument("synthetic/public_rig.gltf");
    ws::Selection selection(document.get());
    ws::Playback playback;
    ws::PoseEvaluator evaluator(document.get(), &playback, &selection);
    QWidget window;
    auto* edit = new QLineEdit(QStringLiteral("text"), &window);
    auto* timeline = new ui::TimelineWidget(document.get(), &selection, &playback, &window);
    auto* layout = new QVBoxLayout(&window);
    layout->addWidget(edit);
    layout->addWidget(timeline);
    window.resize(800, 400);
    window.show();
    window.activateWindow();
    ASSERT_TRUE(QTest::qWaitForWindowActive(&window));
    playback.setFrame(3);
    edit->setFocus(Qt::OtherFocusReason);
    QTest::keyClick(edit, Qt::Key_Right);
    QTest::keyClick(edit, Qt::Key_End);
    EXPECT_EQ(playback.frame(), 3);
    timeline->keyTrackView()->setFocus(Qt::OtherFocusReason);
    QTest::keyClick(timeline->keyTrackView(), Qt::Key_Right);
    EXPECT_EQ(playback.frame(), 4);
}

TEST(TimelineWidget, TransportButtonsDriveThePlayback)
{
    TimelineFixture f;
    f.useStride();
    QToolButton& play = *f.timeline.playButton();
    EXPECT_FALSE(play.icon().isNull()) << "a painted glyph when neither theme nor resource has one";
    EXPECT_EQ(play.toolTip(), QStringLiteral("Play/Pause (Space)"));
    QSignalSpy playing(&f.playback, &ws::Playback::playingChanged);
    QTest::mouseClick(&play, Qt::LeftButton);
    EXPECT_TRUE(f.playback.isPlaying());
    EXPECT_EQ(play.text(), QStringLiteral("Pause"));
    QTest::mouseClick(&play, Qt::LeftButton);
    EXPECT_FALSE(f.playback.isPlaying());
    EXPECT_EQ(play.text(), QStringLiteral("Play"));
    EXPECT_EQ(playing.count(), 2);

    QTest::mouseClick(f.timeline.jumpEndButton(), Qt::LeftButton);
    EXPECT_EQ(f.playback.time(), f.playback.duration());
    QTest::mouseClick(f.timeline.stepBackButton(), Qt::LeftButton);
    EXPECT_EQ(f.playback.frame(), f.playback.lastFrame() - 1);
    QTest::mouseClick(f.timeline.jumpStartButton(), Qt::LeftButton);
    EXPECT_EQ(f.playback.time(), 0.0);
    QTest::mouseClick(f.timeline.stepForwardButton(), Qt::LeftButton);
    EXPECT_EQ(f.playback.frame(), 1);

    QToolButton& loop = *f.timeline.loopButton();
    EXPECT_EQ(loop.isChecked(), f.playback.loops());
    QTest::mouseClick(&loop, Qt::LeftButton);
    EXPECT_EQ(f.playback.loops(), loop.isChecked());
    f.playback.setLoop(!f.playback.loops());
    EXPECT_EQ(loop.isChecked(), f.playback.loops()) << "the button follows the playback";
}

TEST(TimelineWidget, FpsSpinBoxSetsPlaybackAndGeometry)
{
    TimelineFixture f;
    f.useStride();
    QSpinBox& fps = *f.timeline.fpsSpinBox();
    EXPECT_EQ(fps.value(), 30);
    fps.setValue(24);
    EXPECT_EQ(f.playback.fps(), 24.0);
    EXPECT_EQ(f.geometry().fps(), 24.0);
    f.playback.setFps(60.0);
    EXPECT_EQ(fps.value(), 60);
    EXPECT_EQ(f.geometry().fps(), 60.0);
    // Scrubbing snaps to the new frames.
    const QPoint at(f.xOf(0.3) + 4, 10);
    QTest::mousePress(&f.ruler(), Qt::LeftButton, {}, at);
    QTest::mouseRelease(&f.ruler(), Qt::LeftButton, {}, at);
    EXPECT_TRUE(onFrame(f.playback.time(), 60.0));
    EXPECT_DOUBLE_EQ(f.playback.time(), std::round(f.timeAtX(at.x()) * 60.0) / 60.0);
}

TEST(TimelineWidget, ReadoutShowsFrameAndSeconds)
{
    TimelineFixture f;
    f.useStride();
    f.playback.setFrame(12);
    EXPECT_EQ(f.timeline.timeReadout()->text(), QStringLiteral("frame 12 / 24   0.400 s"));
}

TEST(TimelineWidget, RulerAndTracksShareOneTimeAxis)
{
    TimelineFixture f;
    f.useStride();
    f.selection.selectJoint(f.joint("neck"));
    wheel(&f.tracks(), QPoint(500, 10), QPoint(0, 360), Qt::ControlModifier);  // zoom in the tracks...
    for (double t : {0.0, 0.3, 0.8}) {
        // ...and a time still sits at the same window x in both views.
        const int rulerX = static_cast<int>(std::lround(f.ruler().timeToX(t)));
        const QPoint inRuler = f.ruler().mapTo(&f.timeline, QPoint(rulerX, 0));
        const QPoint inTracks = f.tracks().mapTo(&f.timeline, QPoint(f.xOf(t), 0));
        EXPECT_EQ(inRuler.x(), inTracks.x()) << t;
    }
}

TEST(TimelineWidget, Screenshot)
{
    // A smoke test of painting with the dark palette users will see; set
    // MARROW_TIMELINE_SCREENSHOT=/path.png to look at it.
    TimelineFixture f(QSize(980, 260));
    QPalette dark;
    dark.setColor(QPalette::Window, QColor(53, 53, 53));
    dark.setColor(QPalette::WindowText, QColor(220, 220, 220));
    dark.setColor(QPalette::Base, QColor(35, 35, 35));
    dark.setColor(QPalette::AlternateBase, QColor(45, 45, 45));
    dark.setColor(QPalette::Button, QColor(60, 60, 60));
    dark.setColor(QPalette::ButtonText, QColor(220, 220, 220));
    dark.setColor(QPalette::Text, QColor(220, 220, 220));
    dark.setColor(QPalette::Highlight, QColor(42, 130, 218));
    dark.setColor(QPalette::Shadow, QColor(20, 20, 20));
    f.timeline.setPalette(dark);
    f.useStride();
    f.selection.setJoints({f.joint("thigh_L"), f.joint("head")});
    f.playback.setFrame(10);
    const QImage image = f.timeline.grab().toImage();
    ASSERT_FALSE(image.isNull());
    EXPECT_EQ(image.size(), f.timeline.size() * f.timeline.devicePixelRatio());
    const QByteArray path = qgetenv("MARROW_TIMELINE_SCREENSHOT");
    if (!path.isEmpty()) {
        EXPECT_TRUE(image.save(QString::fromLocal8Bit(path)));
    }
}

} // namespace
} // namespace marrow::test
