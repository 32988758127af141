// SPDX-License-Identifier: MIT
#include "widgets/timeline/time_axis_input.h"

#include "core/workspace/playback.h"
#include "widgets/timeline/timeline_geometry.h"
#include "widgets/timeline/timeline_style.h"

#include <QMouseEvent>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace marrow::ui {

namespace {

// One wheel notch (120 units) zooms by about 19 %: four notches double the
// scale, fine enough to land where wanted, quick enough to cross a clip.
constexpr double kZoomPerNotch = 1.189207115;  // 2^(1/4)
// One notch of panning moves this many pixels.
constexpr double kPanPerNotch = 60.0;
// Zoom limits a user can reach: a frame at most this wide (a few frames stay
// in view), and at most this long a time across the view.
constexpr double kMaxPixelsPerFrame = 160.0;
constexpr double kMaxVisibleSeconds = 3600.0;

} // namespace

TimeAxisInput::TimeAxisInput(TimelineGeometry* geometry, ws::Playback* playback)
    : m_geometry(geometry)
    , m_playback(playback)
{
}

double TimeAxisInput::scrubTime(double widgetX, Qt::KeyboardModifiers modifiers) const
{
    const double t = m_geometry->pixelToTime(widgetX - timeline_style::gutterWidth());
    return (modifiers & Qt::ShiftModifier) ? t : m_geometry->snapToFrame(t);
}

void TimeAxisInput::scrubTo(double widgetX, Qt::KeyboardModifiers modifiers)
{
    if (m_playback)
        m_playback->setTime(scrubTime(widgetX, modifiers));
}

TimeAxisInput::Outcome TimeAxisInput::press(const QMouseEvent& event)
{
    const double x = event.position().x();
    if (event.button() == Qt::MiddleButton) {
        m_panning = true;
        m_lastPanX = x;
        return {true, false};
    }
    // The gutter holds labels, not time: a press there is not a scrub.
    if (event.button() == Qt::LeftButton && x >= timeline_style::gutterWidth()) {
        m_scrubbing = true;
        scrubTo(x, event.modifiers());
        return {true, false};
    }
    return {};
}

TimeAxisInput::Outcome TimeAxisInput::move(const QMouseEvent& event)
{
    const double x = event.position().x();
    if (m_panning) {
        // The content follows the hand: dragging right shows earlier times.
        m_geometry->panByPixels(m_lastPanX - x);
        m_lastPanX = x;
        return {true, true};
    }
    if (m_scrubbing) {
        // Dragging into the gutter keeps scrubbing (Playback clamps at 0).
        scrubTo(x, event.modifiers());
        return {true, false};
    }
    return {};
}

TimeAxisInput::Outcome TimeAxisInput::release(const QMouseEvent& event)
{
    if (event.button() == Qt::MiddleButton && m_panning) {
        m_panning = false;
        return {true, false};
    }
    if (event.button() == Qt::LeftButton && m_scrubbing) {
        m_scrubbing = false;
        return {true, false};
    }
    return {};
}

TimeAxisInput::Outcome TimeAxisInput::wheel(const QWheelEvent& event, PlainWheel plain)
{
    // Qt turns Alt+wheel into a horizontal wheel on some platforms, so take
    // whichever axis moved.
    const QPoint angle = event.angleDelta();
    const bool alt = event.modifiers() & Qt::AltModifier;
    const bool horizontal = angle.x() != 0 && angle.y() == 0;
    if (alt || horizontal) {
        const int delta = angle.y() != 0 ? angle.y() : angle.x();
        // Wheel down (negative) moves towards later times.
        m_geometry->panByPixels(-delta / 120.0 * kPanPerNotch);
        return {true, true};
    }
    const bool zoom = plain == PlainWheel::Zooms || (event.modifiers() & Qt::ControlModifier);
    if (!zoom || angle.y() == 0)
        return {};
    const double scale = m_geometry->pixelsPerSecond();
    const double lowest = m_geometry->width() / kMaxVisibleSeconds;
    const double highest = std::max(lowest, kMaxPixelsPerFrame * m_geometry->fps());
    const double wanted = std::clamp(scale * std::pow(kZoomPerNotch, angle.y() / 120.0), lowest, highest);
    if (wanted == scale)
        return {true, false};  // at a limit: swallow the wheel, nothing moves
    const double anchor = event.position().x() - timeline_style::gutterWidth();
    m_geometry->zoomAbout(anchor, wanted / scale);
    return {true, true};
}

} // namespace marrow::ui
