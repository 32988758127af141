// SPDX-License-Identifier: MIT
#pragma once
#include "widgets/timeline/time_axis_input.h"

#include <QPointer>
#include <QWidget>

namespace marrow::ws {
class Playback;
}

namespace marrow::ui {

class RulerMarkers;
class TimelineGeometry;

// The timeline's ruler: frame numbers on the major ticks, whole seconds
// ("1s") on their own marks, the range played [start, duration] lit and the
// rest dimmed (a clip's manual frame range bracketed in blue), and the
// playhead as an amber line under a handle showing its frame.
//
// Left of the time axis is the shared label gutter (timeline_style::
// gutterWidth()); the geometry's pixel 0 is the gutter's right edge. The ruler
// is the one that keeps the geometry's width equal to its own width minus
// the gutter: every view of the axis stacks under it at the same width.
//
// Sync markers (RulerMarkers, when set) are drawn along its foot: a left
// drag on a flag moves it, a right click opens their menu, and hovering
// one tells which markers stand there.
//
// Input (TimeAxisInput): press/drag scrubs the Playback time (snapped to
// frames, Shift for free), the wheel zooms about the cursor, middle drag or
// Alt+wheel pans. Owns nothing but that drag state; the geometry (owned by
// the TimelineWidget) must outlive it.
class TimeRuler : public QWidget {
    Q_OBJECT
public:
    TimeRuler(TimelineGeometry* geometry, ws::Playback* playback, QWidget* parent = nullptr);

    TimelineGeometry& geometry() const { return *m_geometry; }
    void setMarkers(RulerMarkers* markers);
    RulerMarkers* markers() const { return m_markers; }
    // Widget x of a time, and the time at a widget x (the gutter offset applied).
    double timeToX(double seconds) const;
    double xToTime(double x) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    // The user zoomed or panned: the visible range moved.
    void viewChanged();
    // The geometry's width changed with the ruler's.
    void widthChanged();

protected:
    bool event(QEvent* event) override;
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void contextMenuEvent(QContextMenuEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void handle(QEvent* event, TimeAxisInput::Outcome outcome);
    void paintTicks(QPainter& painter, const QRect& timeArea) const;
    void paintManualRange(QPainter& painter, const QRect& timeArea) const;
    void paintSeconds(QPainter& painter, const QRect& timeArea) const;
    void paintPlayhead(QPainter& painter, const QRect& timeArea) const;
    QRect playheadHandle(const QRect& timeArea) const;  // null when off screen

    TimelineGeometry* m_geometry = nullptr;
    QPointer<ws::Playback> m_playback;
    TimeAxisInput m_input;
    RulerMarkers* m_markers = nullptr;  // a child of the ruler, or another QObject that outlives it
};

} // namespace marrow::ui
