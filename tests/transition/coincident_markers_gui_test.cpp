// SPDX-License-Identifier: MIT
// Sync markers at one time (issue 37: "L" and "R up" on one frame drew as
// one unreadable glyph): on the ruler they stand side by side, each
// pennant drawn in full, and hovering them names every marker there.
#include "transition_fixture.h"

#include "core/commands/edit_sync_markers_command.h"
#include "widgets/timeline/ruler_markers.h"
#include "widgets/timeline/time_ruler.h"
#include "widgets/timeline/timeline_widget.h"

#include <QHelpEvent>
#include <QImage>
#include <QToolTip>

namespace marrow::test {
namespace {

using CoincidentMarkersTest = TransitionEditorTest;

// Columns of the ruler's flag band holding the (filled) flag colour.
int flagColumns(const QImage& image, int bandTop, int from, int to)
{
    int columns = 0;
    for (int x = std::max(0, from); x < std::min(image.width(), to); ++x)
        for (int y = bandTop; y < image.height(); ++y) {
            const QColor c = image.pixelColor(x, y);
            if (std::abs(c.red() - 120) + std::abs(c.green() - 200) + std::abs(c.blue() - 120) < 40) {
                ++columns;
                break;
            }
        }
    return columns;
}

TEST_F(CoincidentMarkersTest, MarkersAtOneTimeStandSideBySideAndTheTooltipNamesThem)
{
    doc::Document& d = window().document();
    const model::ClipId idle = d.rig().findClip("idle");
    ASSERT_GE(idle, 0);
    window().selection().setActiveClip(idle);
    // One frame holds a left foot down and the right one lifting; another
    // marker sits alone later.
    const double at = 0.4, alone = 1.0;
    ASSERT_GT(d.rig().clips[static_cast<std::size_t>(idle)].duration, alone);
    d.undoStack()->push(cmd::makeEditSyncMarkersCommand(&d, idle, std::vector<anim::SyncMarker>{{"L", at}, {"R up", at},
                                                                                                {"R", alone}},
                                                        "Set markers")
                            .release());
    QApplication::processEvents();
    ui::TimeRuler* ruler = window().timeline().ruler();
    ui::RulerMarkers* markers = ruler->markers();
    const auto placed = markers->placed(ruler->geometry());
    ASSERT_EQ(placed.size(), 3u);
    const auto& first = placed[0];
    const auto& second = placed[1];
    EXPECT_DOUBLE_EQ(first.pole, second.pole) << "both mark the same time";
    EXPECT_GE(second.left, first.left + first.width) << "the second pennant starts past the first";
    EXPECT_DOUBLE_EQ(placed[2].left, placed[2].pole) << "a flag alone hangs at its pole";

    // What is drawn: the two pennants side by side cover both widths.
    ruler->repaint();
    const QImage image = ruler->grab().toImage();
    const int band = ui::RulerMarkers::bandTop(ruler->height());
    const int pole = static_cast<int>(first.pole);
    EXPECT_GE(flagColumns(image, band, pole, pole + 40), static_cast<int>(first.width + second.width) - 2);

    // Hovering either names both, with what each means.
    for (const auto& p : {first, second}) {
        const QString tip = markers->toolTipAt(ruler->geometry(), p.left + p.width / 2);
        EXPECT_TRUE(tip.contains("L: left foot down")) << tip.toStdString();
        EXPECT_TRUE(tip.contains("R up: right foot lifts")) << tip.toStdString();
        EXPECT_FALSE(tip.contains("R: right foot down")) << "the marker a second on is elsewhere";
    }
    const QPoint over(static_cast<int>(second.left + second.width / 2), ruler->height() - 5);
    QHelpEvent help(QEvent::ToolTip, over, ruler->mapToGlobal(over));
    QApplication::sendEvent(ruler, &help);
    EXPECT_TRUE(QToolTip::text().contains("right foot lifts")) << QToolTip::text().toStdString();
    EXPECT_TRUE(markers->toolTipAt(ruler->geometry(), 2.0).isEmpty()) << "no flag, no tip";
    QToolTip::hideText();
}

} // namespace
} // namespace marrow::test
