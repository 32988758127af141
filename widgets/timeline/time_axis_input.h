// SPDX-License-Identifier: MIT
#pragma once
#include <QPointer>
#include <Qt>

class QMouseEvent;
class QWheelEvent;

namespace marrow::ws {
class Playback;
}

namespace marrow::ui {

class TimelineGeometry;

// The mouse handling every view of the time axis shares (the ruler and the
// key tracks), so scrubbing and navigating feel the same wherever the user
// points:
//   - left press or drag right of the gutter scrubs: Playback time = the
//     time under the cursor, snapped to frames unless Shift is held;
//   - middle drag pans; Alt+wheel and horizontal wheels pan;
//   - the wheel zooms about the cursor (always in the ruler, with Ctrl in
//     the tracks, where the plain wheel scrolls rows).
// Owns only the drag state. The geometry and playback belong to the
// TimelineWidget; the geometry must outlive this object, the playback may
// be destroyed first (then scrubbing does nothing).
class TimeAxisInput {
public:
    // What an event did: whether it was for us, and whether the visible
    // range moved (the owner then repaints its sibling views).
    struct Outcome {
        bool handled = false;
        bool viewChanged = false;
    };
    enum class PlainWheel { Zooms, Ignored };

    TimeAxisInput(TimelineGeometry* geometry, ws::Playback* playback);

    Outcome press(const QMouseEvent& event);
    Outcome move(const QMouseEvent& event);
    Outcome release(const QMouseEvent& event);
    Outcome wheel(const QWheelEvent& event, PlainWheel plain);

    bool isScrubbing() const { return m_scrubbing; }
    bool isPanning() const { return m_panning; }

    // The time a scrub at widget x sets: snapped to the nearest frame unless
    // Shift is held (Playback then clamps it to the clip).
    double scrubTime(double widgetX, Qt::KeyboardModifiers modifiers) const;

private:
    void scrubTo(double widgetX, Qt::KeyboardModifiers modifiers);

    TimelineGeometry* m_geometry = nullptr;
    QPointer<ws::Playback> m_playback;
    bool m_scrubbing = false;
    bool m_panning = false;
    double m_lastPanX = 0.0;
};

} // namespace marrow::ui
