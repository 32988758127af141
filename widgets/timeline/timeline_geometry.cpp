// SPDX-License-Identifier: MIT
#include "widgets/timeline/timeline_geometry.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace marrow::ui {

TimelineGeometry::TimelineGeometry(double widthPx, double start, double end, double fps)
{
    setWidth(widthPx);
    setFps(fps);
    setVisibleRange(start, end);
}

void TimelineGeometry::setWidth(double widthPx)
{
    m_width = (std::isfinite(widthPx) && widthPx >= 1.0) ? widthPx : 1.0;
}

void TimelineGeometry::setVisibleRange(double start, double end)
{
    if (!std::isfinite(start) || !std::isfinite(end) || !(end > start))
        return;
    m_start = start;
    m_pixelsPerSecond = std::clamp(m_width / (end - start), kMinPixelsPerSecond, kMaxPixelsPerSecond);
}

void TimelineGeometry::setFps(double fps)
{
    if (std::isfinite(fps) && fps > 0.0)
        m_fps = fps;
}

void TimelineGeometry::zoomAbout(double anchorPx, double factor)
{
    if (!std::isfinite(factor) || factor <= 0.0 || !std::isfinite(anchorPx))
        return;
    const double anchorTime = pixelToTime(anchorPx);
    m_pixelsPerSecond = std::clamp(m_pixelsPerSecond * factor, kMinPixelsPerSecond, kMaxPixelsPerSecond);
    // Solve timeToPixel(anchorTime) == anchorPx for the start, at the scale
    // actually reached, so the point under the cursor never drifts.
    m_start = anchorTime - anchorPx / m_pixelsPerSecond;
}

void TimelineGeometry::panByPixels(double dx)
{
    if (std::isfinite(dx))
        m_start += dx / m_pixelsPerSecond;
}

long long TimelineGeometry::frameAt(double seconds) const
{
    return std::llround(seconds * m_fps);
}

double TimelineGeometry::snapToFrame(double seconds) const
{
    // Divide rather than multiply by 1/fps: frame n then maps to exactly the
    // same double as Playback's n / fps.
    return static_cast<double>(frameAt(seconds)) / m_fps;
}

TickStep TimelineGeometry::tickStep(double minSpacingPx) const
{
    const double wanted = std::max(minSpacingPx, 0.0) / m_pixelsPerSecond;  // seconds between ticks
    const double frame = 1.0 / m_fps;
    if (wanted <= frame)
        return {frame, 1};
    // Below a second, count in frames (1, 2, 5, 10, 20, 50, ... frames) so
    // every tick is a frame a user can step to.
    static constexpr std::array<int, 3> kMantissas{1, 2, 5};
    for (long long decade = 1; static_cast<double>(decade) * frame < 1.0; decade *= 10) {
        for (int m : kMantissas) {
            const long long frames = m * decade;
            const double seconds = static_cast<double>(frames) / m_fps;
            if (seconds >= 1.0)
                break;
            if (seconds >= wanted)
                return {seconds, static_cast<int>(frames)};
        }
    }
    // From one second up: 1, 2, 5 x 10^n seconds.
    for (double decade = 1.0;; decade *= 10.0) {
        for (int m : kMantissas) {
            const double seconds = m * decade;
            if (seconds >= wanted || !std::isfinite(seconds * 10.0))
                return {seconds, 0};
        }
    }
}

std::optional<std::size_t> TimelineGeometry::hitKey(std::span<const double> times, double x, double y,
                                                    double rowCenterY, double radiusPx) const
{
    const double dy = std::abs(y - rowCenterY);
    if (!(radiusPx >= 0.0) || dy > radiusPx)
        return std::nullopt;
    std::optional<std::size_t> best;
    double bestDistance = 0.0;
    for (std::size_t i = 0; i < times.size(); ++i) {
        const double distance = std::abs(timeToPixel(times[i]) - x) + dy;
        // <= so that, among equals, the later key (painted last, on top) wins.
        if (distance <= radiusPx && (!best || distance <= bestDistance)) {
            best = i;
            bestDistance = distance;
        }
    }
    return best;
}

} // namespace marrow::ui
