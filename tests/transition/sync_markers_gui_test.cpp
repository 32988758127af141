// SPDX-License-Identifier: MIT
// Sync markers on the ruler and Find best in the dock (issue 21): the
// idle's markers found from the feet (public_rig's idle shifts its weight
// from foot to foot) show as flags on the dope sheet's ruler; the ruler's right-click menu adds one (an undo entry, the clip's
// own markers from then on), a drag moves one (one entry for the drag),
// and Ctrl+Z gives the document back byte for byte; in transition mode
// A's flags show where the preview plays them. Find Best sets the exit and offset as one
// entry and draws its cost curve.
#include "transition_fixture.h"

#include "core/model/foot_markers.h"
#include "widgets/timeline/ruler_markers.h"
#include "widgets/timeline/time_ruler.h"
#include "widgets/timeline/timeline_style.h"
#include "widgets/common/collapsible_section.h"
#include "widgets/timeline/timeline_widget.h"
#include "widgets/transitions/cost_curve_plot.h"
#include "widgets/transitions/find_best_box.h"

#include <QLabel>

#include <cmath>
#include <QMenu>
#include <QPushButton>

using namespace marrow;

namespace {

using SyncMarkersGuiTest = test::TransitionEditorTest;

QAction* actionNamed(QMenu* menu, const QString& prefix)
{
    for (QAction* a : menu->actions())
        if (a->text().startsWith(prefix))
            return a;
    return nullptr;
}

} // namespace

TEST_F(SyncMarkersGuiTest, MarkersOnTheRulerAreAddedAndDraggedWithUndo)
{
    doc::Document& d = window().document();
    const model::ClipId stride = d.rig().findClip("idle");
    ASSERT_GE(stride, 0);
    window().selection().setActiveClip(stride);
    QApplication::processEvents();
    ui::TimeRuler* ruler = window().timeline().ruler();
    ui::RulerMarkers* markers = ruler->markers();
    ASSERT_NE(markers, nullptr);
    const auto found = model::footMarkers(d.rig(), d.rig().clips[static_cast<std::size_t>(stride)]);
    ASSERT_GE(found.size(), 3u) << "the idle puts its feet down now and then";
    auto flags = markers->flags();
    ASSERT_EQ(flags.size(), found.size());
    EXPECT_TRUE(flags[0].found) << "found from the feet until edited";
    EXPECT_DOUBLE_EQ(flags[0].previewTime, found[0].time);

    const std::string before = test::bytesOf(d);
    const int entries = d.undoStack()->count();
    // Right-click on the ruler between the two flags: add an "L" there.
    const double between = 0.5 * (found[1].time + found[2].time);
    const int x = ui::timeline_style::timeToX(ruler->geometry(), between);
    QMenu* menu = markers->popupMenu(ruler->geometry(), x, ruler->mapToGlobal(QPoint(x, 5)), ruler);
    QAction* add = actionNamed(menu, "Add Sync Marker \"L\"");
    ASSERT_NE(add, nullptr);
    add->trigger();
    menu->close();
    EXPECT_EQ(d.undoStack()->count(), entries + 1);
    EXPECT_EQ(d.undoStack()->undoText(), "Add Sync Marker");
    const auto& own = d.rig().clips[static_cast<std::size_t>(stride)].syncMarkers;
    ASSERT_TRUE(own);
    ASSERT_EQ(own->size(), found.size() + 1);
    EXPECT_EQ((*own)[2].name, "L");
    EXPECT_NEAR((*own)[2].time, between, 1.0 / ruler->geometry().pixelsPerSecond() + 1e-9);
    EXPECT_FALSE(markers->flags()[0].found);

    // Drag the new flag to the right along the ruler's foot: one entry.
    const double added = (*own)[2].time;
    const int from = ui::timeline_style::timeToX(ruler->geometry(), added) + 3;
    const int y = ruler->height() - 5;
    QTest::mousePress(ruler, Qt::LeftButton, {}, QPoint(from, y));
    for (int dx = 4; dx <= 12; dx += 4)
        QTest::mouseMove(ruler, QPoint(from + dx, y));
    QTest::mouseRelease(ruler, Qt::LeftButton, {}, QPoint(from + 12, y));
    EXPECT_EQ(d.undoStack()->count(), entries + 2);
    EXPECT_EQ(d.undoStack()->undoText(), "Move Sync Marker");
    EXPECT_GT((*d.rig().clips[static_cast<std::size_t>(stride)].syncMarkers)[2].time, added);
    // A press above the flags still scrubs, with no undo entry.
    QTest::mouseClick(ruler, Qt::LeftButton, {}, QPoint(from, 3));
    EXPECT_EQ(d.undoStack()->count(), entries + 2);

    d.undoStack()->undo();
    d.undoStack()->undo();
    EXPECT_TRUE(test::bytesOf(d) == before);
    EXPECT_FALSE(d.rig().clips[static_cast<std::size_t>(stride)].syncMarkers);
}

TEST_F(SyncMarkersGuiTest, TransitionModeShowsBothClipsFlagsAndFindBestIsOneEntry)
{
    const int index = makeIdleToStride();
    doc::Document& d = window().document();
    // idle -> stride: A plays in real time until the exit, so its flags
    // before the exit sit at its markers' times; B's flags (its stride
    // lands each foot once a cycle) come after the exit.
    const model::Transition& t = d.rig().transitions[static_cast<std::size_t>(index)];
    const auto idle = model::syncMarkersOf(d.rig(), d.rig().clips[static_cast<std::size_t>(t.clipA)]);
    std::vector<double> expected;
    for (const auto& m : idle)
        if (m.time <= t.exit)
            expected.push_back(m.time);
    std::vector<double> shown;
    int flagsOfB = 0;
    for (const auto& f : window().timeline().ruler()->markers()->flags()) {
        if (f.sideB) {
            ++flagsOfB;
            EXPECT_GE(f.previewTime, t.exit - 1e-6);
            continue;
        }
        if (f.previewTime <= t.exit)
            shown.push_back(f.previewTime);
    }
    EXPECT_GT(flagsOfB, 0);
    ASSERT_EQ(shown.size(), expected.size());
    for (std::size_t k = 0; k < shown.size(); ++k)
        EXPECT_NEAR(shown[k], expected[k], 1.0 / 240.0 + 1e-9) << k;

    const std::string before = test::bytesOf(d);
    const model::Transition was = d.rig().transitions[static_cast<std::size_t>(index)];
    ui::FindBestBox* box = panel().findBest();
    ASSERT_NE(box, nullptr);
    EXPECT_TRUE(box->plot()->empty());
    // Unfold the section as a user would, then press the button.
    auto* section = panel().findChild<ui::CollapsibleSection*>(QStringLiteral("transitions.findBest"));
    ASSERT_NE(section, nullptr);
    section->setExpanded(true);
    QApplication::processEvents();
    ASSERT_TRUE(box->button()->isVisible());
    QTest::mouseClick(box->button(), Qt::LeftButton);
    ASSERT_TRUE(QTest::qWaitFor([box] { return !box->searching(); }, 120000)) << "the search runs on a worker";
    ASSERT_TRUE(box->result());
    EXPECT_FALSE(box->plot()->empty());
    EXPECT_EQ(box->plot()->slides().size(), box->plot()->exits().size()) << "the feet's slide beside the cost";
    const model::Transition& now = d.rig().transitions[static_cast<std::size_t>(index)];
    EXPECT_EQ(now.exit, box->result()->exit);
    EXPECT_EQ(now.offset, box->result()->offset);
    if (now.exit != was.exit || now.offset != was.offset) {
        EXPECT_EQ(d.undoStack()->undoText(), "Find Best Transition");
        d.undoStack()->undo();
    }
    EXPECT_TRUE(test::bytesOf(d) == before);
    EXPECT_FALSE(box->summary()->text().isEmpty());

    // A marker added on the ruler after the exit goes to B, at B's own time.
    const model::Transition& now2 = d.rig().transitions[static_cast<std::size_t>(index)];
    const auto timing = preview().sampledTiming();
    ASSERT_TRUE(timing);
    ui::TimeRuler* ruler = window().timeline().ruler();
    const double previewTime = now2.exit + 0.5 * now2.duration;
    const int x = ui::timeline_style::timeToX(ruler->geometry(), previewTime);
    const double shownTime = ruler->xToTime(x);
    const anim::TransitionFrame frame = anim::sampleTransition(*timing, shownTime);
    QMenu* menu = ruler->markers()->popupMenu(ruler->geometry(), x, ruler->mapToGlobal(QPoint(x, 5)), ruler);
    QAction* add = actionNamed(menu, "Add Sync Marker \"R\"");
    ASSERT_NE(add, nullptr);
    add->trigger();
    menu->close();
    const auto& onB = d.rig().clips[static_cast<std::size_t>(now2.clipB)].syncMarkers;
    ASSERT_TRUE(onB) << "B's markers became its own";
    EXPECT_FALSE(d.rig().clips[static_cast<std::size_t>(now2.clipA)].syncMarkers) << "A is untouched";
    bool found = false;
    for (const anim::SyncMarker& m : *onB)
        found = found || (m.name == "R" && std::abs(m.time - frame.timeB) < 1e-6);
    EXPECT_TRUE(found) << "an R at B's time " << frame.timeB;
}
