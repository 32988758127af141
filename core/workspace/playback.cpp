// SPDX-License-Identifier: MIT
#include "core/workspace/playback.h"

#include <algorithm>
#include <cmath>

namespace marrow::ws {

Playback::Playback(QObject* parent)
    : QObject(parent)
{
    m_timer.setInterval(16);
    m_timer.setTimerType(Qt::PreciseTimer);
    connect(&m_timer, &QTimer::timeout, this, &Playback::onTick);
}

long long Playback::frame() const
{
    return std::llround(m_time * m_fps);
}

long long Playback::lastFrame() const
{
    // The last whole frame inside the duration (a 1 s clip at 30 fps ends on
    // frame 30). Clip durations are floats: 77 / 30 s stored as a float is
    // 76.99999 frames, still frame 77, so the tolerance is 1e-4 of a frame.
    return static_cast<long long>(std::floor(m_duration * m_fps + 1e-4));
}

void Playback::setTime(double seconds)
{
    if (!std::isfinite(seconds))
        return;
    seconds = std::clamp(seconds, 0.0, std::max(m_duration, m_scrubEnd));
    if (seconds == m_time)
        return;
    m_time = seconds;
    emit timeChanged(m_time);
}

void Playback::setFrame(long long frame)
{
    frame = std::clamp(frame, 0LL, lastFrame());
    setTime(static_cast<double>(frame) / m_fps);
}

void Playback::setDuration(double seconds)
{
    if (!std::isfinite(seconds) || seconds < 0.0)
        seconds = 0.0;
    if (seconds != m_duration) {
        m_duration = seconds;
        emit durationChanged(m_duration);
    }
    setTime(m_time);  // clamps
}

void Playback::setScrubEnd(double seconds)
{
    if (!std::isfinite(seconds) || seconds < 0.0)
        seconds = 0.0;
    m_scrubEnd = seconds;
    setTime(m_time);  // clamps
}

void Playback::setFps(double fps)
{
    if (!std::isfinite(fps) || fps <= 0.0 || fps == m_fps)
        return;
    m_fps = fps;
    emit fpsChanged(m_fps);
}

void Playback::setLoop(bool loop)
{
    if (loop == m_loop)
        return;
    m_loop = loop;
    emit loopChanged(m_loop);
}

void Playback::setMode(Mode mode)
{
    if (mode == m_mode)
        return;
    pause();
    m_mode = mode;
    emit modeChanged(m_mode);
}

void Playback::setTickIntervalMs(int ms)
{
    m_timer.setInterval(std::max(1, ms));
}

void Playback::play()
{
    start(false);
}

void Playback::playReversed()
{
    start(true);
}

void Playback::start(bool reversed)
{
    if (reversed != m_reversed) {
        m_reversed = reversed;
        emit reversedChanged(reversed);
    }
    if (isPlaying())
        return;
    // Pressing play at the end of a non-looping clip starts it over (at the
    // start, reversed play starts from the end).
    if (!m_loop && !reversed && m_time >= m_duration)
        setTime(0.0);
    if (!m_loop && reversed && m_time <= 0.0)
        setTime(m_duration);
    m_elapsed.start();
    m_timer.start();
    emit playingChanged(true);
}

void Playback::pause()
{
    if (!isPlaying())
        return;
    m_timer.stop();
    emit playingChanged(false);
}

void Playback::togglePlay()
{
    isPlaying() ? pause() : play();
}

void Playback::togglePlayReversed()
{
    isPlaying() ? pause() : playReversed();
}

void Playback::stepForward()
{
    const long long last = lastFrame();
    long long next = frame() + 1;
    if (next > last)
        next = m_loop ? 0 : last;
    setFrame(next);
}

void Playback::stepBackward()
{
    long long prev = frame() - 1;
    if (prev < 0)
        prev = m_loop ? lastFrame() : 0;
    setFrame(prev);
}

void Playback::jumpToStart()
{
    setTime(0.0);
}

void Playback::jumpToEnd()
{
    setTime(m_duration);
}

void Playback::advance(double seconds)
{
    if (!std::isfinite(seconds) || seconds <= 0.0)
        return;
    if (m_reversed)
        return rewind(seconds);
    double t = m_time + seconds;
    if (t > m_duration) {
        if (m_loop && m_duration > 0.0) {
            t = std::fmod(t, m_duration);
        } else {
            t = m_duration;
            pause();  // a non-looping clip stops on its last frame
        }
    }
    setTime(t);
}

void Playback::rewind(double seconds)
{
    double t = m_time - seconds;
    if (t < 0.0) {
        if (m_loop && m_duration > 0.0) {
            t = m_duration - std::fmod(-t, m_duration);
        } else {
            t = 0.0;
            pause();  // a non-looping clip played backwards stops on its first frame
        }
    }
    setTime(t);
}

void Playback::onTick()
{
    // Real elapsed time since the previous tick, in nanoseconds (restart()
    // alone reports whole milliseconds, which would drift at 60 Hz).
    const qint64 ns = m_elapsed.nsecsElapsed();
    m_elapsed.restart();
    advance(static_cast<double>(ns) * 1e-9);
}

} // namespace marrow::ws
