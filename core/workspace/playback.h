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
// timer ticks, so a slow frame does not slow the animation down, over the
// range [start(), duration()] (the clip's manual frame range, else 0 to its
// length), looping or stopping at its ends. Stepping works in whole frames
// at fps(): the time snaps to the nearest frame, then moves exactly one, so
// frame n is always n / fps; stopped, a step goes anywhere from frame 0 on
// (past the end too, as Blender's do: key there and the clip grows), while
// playing it wraps within the range as playing does. Invariant: 0 <= time()
// <= max(duration(), scrubEnd(), the last frame a step went to): the
// timeline may scrub past the clip's end (to key there, as Blender's scene
// range allows).
class Playback : public QObject {
    Q_OBJECT
public:
    // Clip: time runs over the active clip. Transition: over a transition's
    // duration (the transition panel drives it; placeholder until then).
    enum class Mode { Clip, Transition };
    Q_ENUM(Mode)

    explicit Playback(QObject* parent = nullptr);

    double time() const { return m_time; }
    // The range playing runs over: [start(), duration()].
    double start() const { return m_start; }
    double duration() const { return m_duration; }
    // Whether the range is the clip's manual frame range (the ruler marks it).
    bool isRangeManual() const { return m_manualRange; }
    double fps() const { return m_fps; }
    bool isPlaying() const { return m_timer.isActive(); }
    // Whether playing runs backwards (Shift+Ctrl+Space, Blender's reverse play).
    bool isReversed() const { return m_reversed; }
    bool loops() const { return m_loop; }
    Mode mode() const { return m_mode; }

    // The frame the time is on (rounded to the nearest), the range's first
    // frame and its last (the frame count from 0).
    long long frame() const;
    long long firstFrame() const;
    long long lastFrame() const;

    void setTime(double seconds);       // clamped to [0, max(duration, scrubEnd)]
    // How far past the duration the time may be set (the timeline's visible end).
    void setScrubEnd(double seconds);
    double scrubEnd() const { return m_scrubEnd; }
    void setFrame(long long frame);     // time = frame / fps, clamped to [0, lastFrame]
    void setDuration(double seconds);   // setRange(0, seconds, false)
    // The range to play over (end: negative or non-finite -> 0; start
    // clamped to [0, end]); clamps the time. Emits durationChanged when
    // start, end or manual changed.
    void setRange(double start, double end, bool manual);
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
    // One frame later: stopped, past the end too; playing, wrapping to the
    // range's start when looping at its end.
    void stepForward();
    // One frame earlier: stopped, down to frame 0; playing, wrapping to the
    // range's end when looping at its start.
    void stepBackward();
    void jumpToStart();   // the range's start
    void jumpToEnd();     // the range's end
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
    // Sets the time clamped to [0, max(duration, scrubEnd, stepEnd)].
    void moveTo(double seconds);

    double m_time = 0.0;
    double m_start = 0.0;
    double m_duration = 0.0;
    double m_scrubEnd = 0.0;
    double m_stepEnd = 0.0;  // how far stopped steps went past the end (0 once the time is set otherwise)
    bool m_manualRange = false;
    double m_fps = 30.0;
    bool m_loop = true;
    bool m_reversed = false;
    Mode m_mode = Mode::Clip;
    QTimer m_timer;
    QElapsedTimer m_elapsed;
};

} // namespace marrow::ws
