// SPDX-License-Identifier: MIT
#pragma once
// Shared by the timeline tests: public_rig opened into a document, the
// workspace around it (selection, key selection, playback, and the pose
// evaluator that keeps the playback's duration on the active clip, as the
// main window wires it),
// a shown TimelineWidget, and raw input helpers QTest lacks (wheel events,
// mouse moves that carry keyboard modifiers).
#include "../widgets/widget_test_support.h"

#include "core/workspace/key_selection.h"
#include "core/workspace/playback.h"
#include "core/workspace/pose_evaluator.h"
#include "core/workspace/selection.h"
#include "widgets/timeline/key_track_view.h"
#include "widgets/timeline/time_ruler.h"
#include "widgets/timeline/timeline_geometry.h"
#include "widgets/timeline/timeline_style.h"
#include "widgets/timeline/timeline_widget.h"

#include <QApplication>
#include <QMouseEvent>
#include <QTest>
#include <QWheelEvent>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>

namespace marrow::test {

struct TimelineFixture {
    std::unique_ptr<doc::Document> document = openDocument("synthetic/public_rig.gltf");
    ws::Selection selection{document.get()};
    ws::Playback playback;
    ws::PoseEvaluator evaluator{document.get(), &playback, &selection};
    ws::KeySelection keys{document.get(), &selection};
    ui::TimelineWidget timeline{document.get(), &selection, &playback};

    explicit TimelineFixture(QSize size = QSize(900, 360))
    {
        timeline.setKeySelection(&keys);
        timeline.resize(size);
        timeline.show();
        EXPECT_TRUE(QTest::qWaitForWindowExposed(&timeline));
    }

    model::ClipId clip(const std::string& name) const
    {
        const auto& clips = document->rig().clips;
        for (std::size_t i = 0; i < clips.size(); ++i)
            if (clips[i].name == name)
                return static_cast<model::ClipId>(i);
        ADD_FAILURE() << "public_rig has no clip " << name;
        return -1;
    }

    model::JointIndex joint(const char* name) const
    {
        const auto j = document->rig().skeleton.find(name);
        EXPECT_TRUE(j.has_value()) << "public_rig has no joint " << name;
        return j.value_or(-1);
    }

    const anim::Clip& activeClip() const
    {
        return document->rig().clips.at(static_cast<std::size_t>(selection.activeClip()));
    }

    // "stride": 0.8 s, every joint keyed in all three channels 9 times.
    void useStride() { selection.setActiveClip(clip("stride")); }

    ui::TimeRuler& ruler() const { return *timeline.ruler(); }
    ui::KeyTrackView& tracks() const { return *timeline.keyTrackView(); }
    const ui::TimelineGeometry& geometry() const { return timeline.geometry(); }

    // The widget x at which a time is drawn (gutter included).
    int xOf(double seconds) const { return ui::timeline_style::timeToX(geometry(), seconds); }
    // The time under widget x, before any snapping.
    double timeAtX(int x) const { return geometry().pixelToTime(x - ui::timeline_style::gutterWidth()); }
};

// A mouse move with buttons held and modifiers (QTest::mouseMove sends neither modifiers nor buttons).
inline void dragTo(QWidget* widget, QPoint pos, Qt::MouseButtons buttons, Qt::KeyboardModifiers modifiers = {})
{
    QMouseEvent move(QEvent::MouseMove, QPointF(pos), QPointF(widget->mapToGlobal(pos)), Qt::NoButton, buttons,
                     modifiers);
    QApplication::sendEvent(widget, &move);
}

// A left-button drag from `start` to `end` through their midpoint, as a
// hand drags a key or a handle (press, two moves, release).
inline void leftDrag(QWidget* widget, QPoint start, QPoint end)
{
    QTest::mousePress(widget, Qt::LeftButton, {}, start);
    dragTo(widget, start + (end - start) / 2, Qt::LeftButton);
    dragTo(widget, end, Qt::LeftButton);
    QTest::mouseRelease(widget, Qt::LeftButton, {}, end);
}

// One wheel event; angle is in eighths of a degree (120 per notch).
inline void wheel(QWidget* widget, QPoint pos, QPoint angle, Qt::KeyboardModifiers modifiers = {})
{
    QWheelEvent event(QPointF(pos), QPointF(widget->mapToGlobal(pos)), QPoint(), angle, Qt::NoButton, modifiers,
                      Qt::NoScrollPhase, false);
    QApplication::sendEvent(widget, &event);
}

// True when `seconds` is a whole frame at `fps` (within float noise).
inline bool onFrame(double seconds, double fps)
{
    return std::abs(seconds * fps - std::round(seconds * fps)) < 1e-6;
}

} // namespace marrow::test
