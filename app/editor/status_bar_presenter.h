// SPDX-License-Identifier: MIT
#pragma once
#include <QElapsedTimer>
#include <QObject>
#include <QPointer>
#include <QTimer>

#include <deque>

class QLabel;
class QStatusBar;

namespace marrow::doc {
class Document;
}
namespace marrow::ws {
class Playback;
class Selection;
}

namespace marrow::app {

// The status bar's permanent right side: the viewport's mode (the active
// tool, its hint in the tooltip), the selection, and the frame rate while
// something moves. The left stays free for messages ("Opened …").
// The frame readout lives in the timeline only (it was shown twice), and the
// fps shows only during playback or an interaction (a navigation drag, a
// scrub): an idle viewport repaints once in a while, and "1 fps" then reads
// as if the editor were slow.
class StatusBarPresenter : public QObject {
    Q_OBJECT
public:
    StatusBarPresenter(QStatusBar* bar, doc::Document* document, ws::Selection* selection, ws::Playback* playback);

    // The viewport painted a frame: its rate over the last second and the CPU ms it took.
    void onFrame(double fps, double paintMs);
    QLabel* fpsLabel() const { return m_fps; }
    QLabel* selectionLabel() const { return m_selection; }
    QLabel* modeLabel() const { return m_mode; }

    // Frames in the last second that count as "moving" (below: idle repaints).
    static constexpr int kMovingFrames = 5;

public slots:
    void updateSelection();
    // The viewport's active tool: "Mode: <tool>", with what the mouse does as the tooltip.
    void setMode(const QString& tool, const QString& hint);

private:
    void updateFps();

    QPointer<doc::Document> m_document;
    QPointer<ws::Selection> m_selectionModel;
    QPointer<ws::Playback> m_playback;
    QLabel* m_selection = nullptr;
    QLabel* m_mode = nullptr;
    QLabel* m_fps = nullptr;
    QTimer m_idleCheck;
    QElapsedTimer m_clock;
    std::deque<qint64> m_frameTimes;  // ms on m_clock, the last second's frames
    double m_lastFps = 0.0, m_lastPaintMs = 0.0;
};

} // namespace marrow::app
