// SPDX-License-Identifier: MIT
#pragma once
#include "core/model/ids.h"
#include "core/model/transition.h"
#include "widgets/timeline/time_axis_input.h"
#include "widgets/timeline/transition/transition_track_layout.h"

#include <QPointer>
#include <QWidget>

namespace marrow::doc {
class Document;
}
namespace marrow::ws {
class Playback;
class TransitionPreview;
}

namespace marrow::ui {

class TimelineGeometry;

// The timeline in transition mode, under the shared ruler (which spans the
// preview [0, T]): a bar for clip A from 0, a bar for clip B from the exit
// time, the blend [e, e + D] shaded over both with the weight curve drawn in
// it, and under them the foot-slide plot (per frame: A alone, B alone, the
// transition). Dragging the blend's start moves the exit, its end the
// duration, and B's bar the offset: snapped to frames (Ctrl: free), one undo
// entry per drag, Esc or a right click puts it back with no entry. A press
// anywhere else scrubs, as in the ruler; scrubbing makes no undo entry.
class TransitionTrackView : public QWidget {
    Q_OBJECT
public:
    // Row layout in widget pixels.
    static constexpr int kRowATop = 6;
    static constexpr int kRowBTop = 36;
    static constexpr int kRowHeight = 24;
    static constexpr int kPlotTop = 68;
    static constexpr int kHandleSlop = 5;

    TransitionTrackView(doc::Document* document, ws::Playback* playback, ws::TransitionPreview* preview,
                        TimelineGeometry* geometry, QWidget* parent = nullptr);

    // The handle under widget point p (None when none is shown or hit).
    TransitionHandle handleAt(const QPointF& p) const;
    // Widget x of a handle of the previewed transition (for tests).
    int handleX(TransitionHandle handle) const;
    bool isDragging() const { return m_drag != TransitionHandle::None; }

    QSize sizeHint() const override { return {600, 130}; }
    QSize minimumSizeHint() const override { return {200, 90}; }

signals:
    void viewChanged();

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;

private:
    void paintBars(QPainter& p, const model::Transition& t, const TransitionSpans& s);
    void paintPlot(QPainter& p);
    void push(const model::Transition& changed);
    void cancelDrag();
    void handleAxis(QEvent* event, TimeAxisInput::Outcome outcome);

    QPointer<doc::Document> m_document;
    QPointer<ws::Playback> m_playback;
    QPointer<ws::TransitionPreview> m_preview;
    TimelineGeometry* m_geometry;
    TimeAxisInput m_input;
    TransitionHandle m_drag = TransitionHandle::None;
    model::Transition m_original;  // before the drag
    double m_pressX = 0.0;
    model::InteractionId m_interaction{};
};

} // namespace marrow::ui
