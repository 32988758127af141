// SPDX-License-Identifier: MIT
#pragma once
#include "core/document/channel_key.h"

#include <QColor>
#include <QPalette>
#include <QRect>

#include <array>
#include <vector>

class QPainter;
class QPalette;

namespace marrow::ui {

class TimelineGeometry;
struct TickStep;

// Metrics, colours and the painting shared by the ruler and the key tracks,
// so the two widgets stack into one aligned timeline: the same gutter on the
// left, the same grid, the same clip range shading and the same playhead.
// Colours derive from the widget's palette where one fits (the app runs
// Fusion with a dark palette); the channel and playhead accents are fixed
// hues muted to sit on a dark background.
namespace timeline_style {

// Width of the label column left of the time axis, in every timeline widget
// (ruler, dope sheet, graph, transition track): one width, so they stay
// aligned. The geometry's pixel 0 is this x, so its width excludes the
// gutter. The user drags its right edge in the dope sheet to resize it.
inline constexpr int kDefaultGutterWidth = 164;
inline constexpr int kMinGutterWidth = 120;
inline constexpr int kMaxGutterWidth = 480;
int gutterWidth();
// Clamped to [kMinGutterWidth, kMaxGutterWidth]; true when it changed.
bool setGutterWidth(int width);
inline constexpr int kRulerHeight = 28;
inline constexpr int kRowHeight = 18;
inline constexpr int kKeyRadius = 5;       // channel diamonds, |dx| + |dy| <= radius
inline constexpr int kSummaryRadius = 7;   // the summary row's diamonds, larger (Blender)
inline constexpr int kHitSlop = 2;         // extra pixels a click may miss a diamond by
inline constexpr double kMajorTickSpacing = 64.0;  // minimum pixels between labelled ticks
inline constexpr double kMinorTickSpacing = 6.0;   // minimum pixels between minor ticks

// Translation red-ish, rotation green-ish, scale blue-ish, muted for a dark UI.
QColor channelColor(doc::ChannelKind kind);
QColor playheadColor();

// Widget x of a time, rounded to a whole pixel so 1-px lines stay crisp.
int timeToX(const TimelineGeometry& geometry, double seconds);

// The ruler's labelled step: TimelineGeometry::tickStep, except that at a
// whole-number frame rate a step in frames is raised to one that divides a
// second (5 -> 6 frames at 24 fps), so whole seconds always get a tick. The
// grid uses the same step, so its lines sit on the ruler's ticks.
TickStep majorStep(const TimelineGeometry& geometry);
// The unlabelled subdivision of `major` in seconds (whole frames when major
// counts frames), or 0 when even the coarsest would be denser than
// kMinorTickSpacing.
double minorStep(const TimelineGeometry& geometry, const TickStep& major);

// The parts of `timeArea` before `start` and after `duration` (either may
// be empty), and the shade paintOutsideRange darkens them with.
std::array<QRect, 2> outsideRangeRects(const TimelineGeometry& geometry, const QRect& timeArea, double duration,
                                       double start = 0.0);
QColor outsideRangeShade();
// The x of every line paintGrid draws, and their colour.
std::vector<int> gridLineXs(const TimelineGeometry& geometry, const QRect& timeArea);
QColor gridLineColor(const QPalette& palette);

// Darkens everything in `timeArea` outside [start, duration] (the clip, or
// its manual frame range), so the range played reads as the lit part of
// the track.
void paintOutsideRange(QPainter& painter, const TimelineGeometry& geometry, const QRect& timeArea,
                       double duration, double start = 0.0);
// Faint vertical lines at the ruler's major ticks, from timeArea's top to bottom.
void paintGrid(QPainter& painter, const TimelineGeometry& geometry, const QRect& timeArea, const QPalette& palette);
// The playhead's 1-px line over `timeArea` (nothing when the time is off screen).
void paintPlayheadLine(QPainter& painter, const TimelineGeometry& geometry, const QRect& timeArea, double seconds);

} // namespace timeline_style

} // namespace marrow::ui
