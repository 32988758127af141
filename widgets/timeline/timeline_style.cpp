// SPDX-License-Identifier: MIT
#include "widgets/timeline/timeline_style.h"

#include "widgets/timeline/timeline_geometry.h"

#include <QPainter>
#include <QPalette>

#include <algorithm>
#include <cmath>

namespace marrow::ui::timeline_style {

namespace {

// Far-off times map to huge pixels; clamp before converting so int never overflows.
int clampedX(double x)
{
    constexpr double kLimit = 1.0e6;
    return static_cast<int>(std::lround(std::clamp(x, -kLimit, kLimit)));
}

int g_gutterWidth = kDefaultGutterWidth;

} // namespace

int gutterWidth() { return g_gutterWidth; }

bool setGutterWidth(int width)
{
    const int clamped = std::clamp(width, kMinGutterWidth, kMaxGutterWidth);
    if (clamped == g_gutterWidth)
        return false;
    g_gutterWidth = clamped;
    return true;
}

QColor channelColor(doc::ChannelKind kind)
{
    switch (kind) {
    case doc::ChannelKind::Translation: return QColor(214, 104, 96);
    case doc::ChannelKind::Rotation: return QColor(120, 186, 106);
    case doc::ChannelKind::Scale: return QColor(98, 148, 220);
    }
    return QColor(180, 180, 180);
}

QColor playheadColor()
{
    // Amber: apart from all three channel hues and from the palette's
    // (usually blue) highlight, so the playhead never reads as a key.
    return QColor(236, 164, 64);
}

int timeToX(const TimelineGeometry& geometry, double seconds)
{
    return gutterWidth() + clampedX(geometry.timeToPixel(seconds));
}

TickStep majorStep(const TimelineGeometry& geometry)
{
    const TickStep step = geometry.tickStep(kMajorTickSpacing);
    const double fps = geometry.fps();
    const long long whole = std::llround(fps);
    if (step.frames <= 1 || whole <= 1 || std::abs(fps - static_cast<double>(whole)) > 1e-9)
        return step;
    for (long long frames = step.frames; frames < whole; ++frames)
        if (whole % frames == 0)
            return {static_cast<double>(frames) / fps, static_cast<int>(frames)};
    return {1.0, 0};
}

double minorStep(const TimelineGeometry& geometry, const TickStep& major)
{
    const double pps = geometry.pixelsPerSecond();
    if (major.frames > 0) {
        // The finest whole-frame divisor of the major step that stays readable.
        for (int d = 1; d < major.frames; ++d) {
            const double seconds = d / geometry.fps();
            if (major.frames % d == 0 && seconds * pps >= kMinorTickSpacing)
                return seconds;
        }
        return 0.0;
    }
    for (const int parts : {10, 5, 2}) {
        const double seconds = major.seconds / parts;
        if (seconds * pps >= kMinorTickSpacing)
            return seconds;
    }
    return 0.0;
}

std::array<QRect, 2> outsideRangeRects(const TimelineGeometry& geometry, const QRect& timeArea, double duration,
                                       double start)
{
    const int x0 = std::clamp(timeToX(geometry, std::clamp(start, 0.0, std::max(duration, 0.0))), timeArea.left(),
                              timeArea.right() + 1);
    const int x1 = std::clamp(timeToX(geometry, std::max(duration, 0.0)), timeArea.left(), timeArea.right() + 1);
    std::array<QRect, 2> rects;
    if (x0 > timeArea.left())
        rects[0] = QRect(timeArea.left(), timeArea.top(), x0 - timeArea.left(), timeArea.height());
    // The end frame itself is inside the clip: shade from the pixel after it.
    if (x1 + 1 <= timeArea.right())
        rects[1] = QRect(x1 + 1, timeArea.top(), timeArea.right() - x1, timeArea.height());
    return rects;
}

QColor outsideRangeShade()
{
    return QColor(0, 0, 0, 70);
}

void paintOutsideRange(QPainter& painter, const TimelineGeometry& geometry, const QRect& timeArea,
                       double duration, double start)
{
    for (const QRect& r : outsideRangeRects(geometry, timeArea, duration, start))
        if (!r.isEmpty())
            painter.fillRect(r, outsideRangeShade());
}

std::vector<int> gridLineXs(const TimelineGeometry& geometry, const QRect& timeArea)
{
    const TickStep step = majorStep(geometry);
    const double first = std::ceil(geometry.pixelToTime(timeArea.left() - gutterWidth()) / step.seconds);
    const double last = std::floor(geometry.pixelToTime(timeArea.right() + 1 - gutterWidth()) / step.seconds);
    std::vector<int> xs;
    for (double i = first; i <= last; i += 1.0)
        xs.push_back(timeToX(geometry, i * step.seconds));
    return xs;
}

QColor gridLineColor(const QPalette& palette)
{
    QColor line = palette.color(QPalette::WindowText);
    line.setAlpha(22);
    return line;
}

void paintGrid(QPainter& painter, const TimelineGeometry& geometry, const QRect& timeArea, const QPalette& palette)
{
    painter.setPen(gridLineColor(palette));
    for (const int x : gridLineXs(geometry, timeArea))
        painter.drawLine(x, timeArea.top(), x, timeArea.bottom());
}

void paintPlayheadLine(QPainter& painter, const TimelineGeometry& geometry, const QRect& timeArea, double seconds)
{
    const int x = timeToX(geometry, seconds);
    if (x < timeArea.left() || x > timeArea.right())
        return;
    painter.setPen(playheadColor());
    painter.drawLine(x, timeArea.top(), x, timeArea.bottom());
}

} // namespace marrow::ui::timeline_style
