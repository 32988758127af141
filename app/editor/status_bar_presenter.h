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
// the picture moves. The left stays free for messages ("Opened …").
// The frame readout lives in the timeline only (it was shown twice), and the
// fps shows only during playback or while the user moves the view (orbit,
// pan, zoom): the repaints of a brush stroke, a click or an idle viewport
// come at the user's pace, and "0 fps" or "1 fps" then reads as if the
// editor were slow. The rate is measured here, over the run of frames since
// the last pause, so a long idle spell never drags it towards 0.
class StatusBarPresenter : public QObject {
    Q_OBJECT
public:
    StatusBarPresenter(QStatusBar* bar, doc::Document* document, ws::Selection* selection, ws::Playback* playback);

    // The viewport painted a frame that took `paintMs` of CPU.
    void onFrame(double paintMs);
    // The user moved the view (a navigation drag, a wheel step): the rate
    // shows until kViewMoveHoldMs after the last move.
    void onViewMoved();
    QLabel* fpsLabel() const { return m_fps; }
    QLabel* selectionLabel() const { return m_selection; }
    QLabel* modeLabel() const { return m_mode; }

    // How long the rate stays after the last view move (ms).
    static constexpr qint64 kViewMoveHoldMs = 500;
    // A gap between frames longer than this (ms) starts a new run: the rate
    // never averages over a pause.
    static constexpr qint64 kFrameGapMs = 250;
    // Frames per second over the current run of frames (at most the last
    // second of it); 0 with fewer than two frames.
    double rate() const;

public slots:
    void updateSelection();
    // The viewport's active tool: "Mode: <tool>", with what the mouse does as the tooltip.
    void setMode(const QString& tool, const QString& hint);
    // A mode over the tools (Edit Skeleton) and its rule, shown before the
    // tool: "Mode: Edit Skeleton · Pose — children follow…"; empty: none.
    void setModePrefix(const QString& mode, const QString& rule);

private:
    void updateFps();

    QPointer<doc::Document> m_document;
    QPointer<ws::Selection> m_selectionModel;
    QPointer<ws::Playback> m_playback;
    QLabel* m_selection = nullptr;
    QLabel* m_mode = nullptr;
    QLabel* m_fps = nullptr;
    QString m_tool, m_hint, m_prefix, m_rule;
    QTimer m_idleCheck;
    QElapsedTimer m_clock;
    std::deque<qint64> m_frameTimes;  // ms on m_clock: the current run's frames, the last second of it
    qint64 m_lastViewMove = -kViewMoveHoldMs;  // ms on m_clock
    double m_lastPaintMs = 0.0;
};

} // namespace marrow::app
