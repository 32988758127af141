// SPDX-License-Identifier: MIT
#pragma once
#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

namespace marrow::ws {

// The current time and the transport: play/pause, loop, step one frame, jump
// to start or end. View state, outside the document and the undo stack:
// scrubbing and playing never make undo entries.
//
// Playing advances by real elapsed time (QElapsedTimer), not by counting
// timer ticks, so a slow frame does not slow the animation down. Stepping
// works in whole frames at fps(): the time snaps to the nearest frame, then
// moves exactly one, so frame n is always n / fps. Invariant: 0 <= time()
// <= max(duration(), scrubEnd()): the timeline may scrub past the clip's end
// (to key there, as Blender's scene range allows), while playing and
// stepping run over [0, duration()].
class Playback : public QObject {
    Q_OBJECT
public:
    // Clip: time runs over the active clip. Transition: over a transition's
    // duration (the transition panel drives it; placeholder until then).
    enum class Mode { Clip, Transition };
    Q_ENUM(Mode)

    explicit Playback(QObject* parent = nullptr);

    double time() const { return m_time; }
    double duration() const { return m_duration; }
    double fps() const { return m_fps; }
    bool isPlaying() const { return m_timer.isActive(); }
    // Whether playing runs backwards (Shift+Ctrl+Space, Blender's reverse play).
    bool isReversed() const { return m_reversed; }
    bool loops() const { return m_loop; }
    Mode mode() const { return m_mode; }

    // The frame the time is on (rounded to the nearest), and the frame count.
    long long frame() const;
    long long lastFrame() const;

    void setTime(double seconds);       // clamped to [0, max(duration, scrubEnd)]
    // How far past the duration the time may be set (the timeline's visible end).
    void setScrubEnd(double seconds);
    double scrubEnd() const { return m_scrubEnd; }
    void setFrame(long long frame);     // time = frame / fps, clamped
    void setDuration(double seconds);   // negative or non-finite -> 0; clamps the time
    void setFps(double fps);            // ignored unless finite and > 0
    void setLoop(bool loop);
    void setMode(Mode mode);
    // Timer tick interval while playing (default 16 ms, about 60 Hz).
    void setTickIntervalMs(int ms);

public slots:
    void play();          // forwards
    void playReversed();  // backwards (from the end when stopped at the start)
    void pause();
    void togglePlay();           // Space: play forwards, or pause
    void togglePlayReversed();   // Shift+Ctrl+Space: play backwards, or pause
    void stepForward();   // one frame later (wraps to 0 when looping at the end)
    void stepBackward();  // one frame earlier (wraps to the end when looping at 0)
    void jumpToStart();
    void jumpToEnd();
    // Advances by `seconds` as a tick does (backwards while reversed);
    // public so tests need no sleeping.
    void advance(double seconds);

signals:
    void timeChanged(double seconds);
    void durationChanged(double seconds);
    void fpsChanged(double fps);
    void playingChanged(bool playing);
    void reversedChanged(bool reversed);
    void loopChanged(bool loop);
    void modeChanged(marrow::ws::Playback::Mode mode);

private:
    void onTick();
    void start(bool reversed);
    void rewind(double seconds);

    double m_time = 0.0;
    double m_duration = 0.0;
    double m_scrubEnd = 0.0;
    double m_fps = 30.0;
    bool m_loop = true;
    bool m_reversed = false;
    Mode m_mode = Mode::Clip;
    QTimer m_timer;
    QElapsedTimer m_elapsed;
};

} // namespace marrow::ws
