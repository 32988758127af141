// SPDX-License-Identifier: MIT
#pragma once
#include <cstddef>
#include <optional>
#include <span>

namespace marrow::ui {

// A ruler step chosen for a pixel density: either a whole number of frames
// (below one second, so ticks land on the frames a user steps through) or
// 1, 2 or 5 x 10^n seconds (n >= 0).
struct TickStep {
    double seconds = 1.0;  // distance between two major ticks, > 0
    int frames = 0;        // > 0 when the step is a whole number of frames below a second, else 0
};

// The mapping between time (seconds) and horizontal pixels for the timeline's
// ruler and key tracks. It owns only numbers: the width of the area in
// pixels, the visible time range [visibleStart, visibleEnd] and the frame
// rate. Pixel 0 is visibleStart, pixel width() is visibleEnd.
//
// Invariants: width() >= 1; fps() > 0; pixelsPerSecond() lies in
// [kMinPixelsPerSecond, kMaxPixelsPerSecond] so time <-> pixel is always
// invertible and zoom cannot collapse the range to nothing. Pure: no Qt, no
// widget, so every rule here is tested headless.
class TimelineGeometry {
public:
    static constexpr double kMinPixelsPerSecond = 0.01;
    static constexpr double kMaxPixelsPerSecond = 1.0e5;

    TimelineGeometry() = default;
    // Shows [start, end] over `widthPx` pixels at `fps`; invalid values fall back as the setters say.
    TimelineGeometry(double widthPx, double start, double end, double fps);

    double width() const { return m_width; }
    double visibleStart() const { return m_start; }
    double visibleEnd() const { return m_start + m_width / m_pixelsPerSecond; }
    double visibleDuration() const { return m_width / m_pixelsPerSecond; }
    double pixelsPerSecond() const { return m_pixelsPerSecond; }
    double fps() const { return m_fps; }

    // Resizing keeps the start and the scale (more or less time shows), as a
    // widget's timeline does when its dock grows. Values < 1 or non-finite -> 1.
    void setWidth(double widthPx);
    // Fits [start, end] into the width. Ignored unless both are finite and end > start.
    void setVisibleRange(double start, double end);
    // Ignored unless finite and > 0.
    void setFps(double fps);

    double timeToPixel(double seconds) const { return (seconds - m_start) * m_pixelsPerSecond; }
    double pixelToTime(double px) const { return m_start + px / m_pixelsPerSecond; }

    // Multiplies the scale by `factor` (> 1 zooms in), keeping the time under
    // `anchorPx` where it was. The scale is clamped to its limits, and the
    // anchor still holds at the clamped scale. Non-finite or <= 0 factors are ignored.
    void zoomAbout(double anchorPx, double factor);
    // Moves the view by `dx` pixels: positive dx shows later times (content slides left).
    void panByPixels(double dx);

    // The nearest frame time (frame n is n / fps; halves round away from zero).
    double snapToFrame(double seconds) const;
    long long frameAt(double seconds) const;

    // The smallest readable step whose ticks are at least `minSpacingPx` apart.
    // Never below one frame: zoomed in further, ticks stay one frame apart.
    // Monotonic: a larger pixelsPerSecond never gives a larger step.
    TickStep tickStep(double minSpacingPx = 60.0) const;

    // Index of the key diamond under (x, y), or nullopt. Keys sit at
    // timeToPixel(times[i]) on a row centred at rowCenterY; a diamond of
    // "radius" r covers |dx| + |dy| <= r. When diamonds overlap the nearest
    // centre wins, and between equal distances the later key (drawn on top).
    std::optional<std::size_t> hitKey(std::span<const double> times, double x, double y, double rowCenterY,
                                      double radiusPx) const;

private:
    double m_width = 800.0;
    double m_start = 0.0;
    double m_pixelsPerSecond = 100.0;
    double m_fps = 30.0;
};

} // namespace marrow::ui
