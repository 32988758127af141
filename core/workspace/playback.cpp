// SPDX-License-Identifier: MIT
#include "core/workspace/playback.h"

#include "core/anim/clip_range.h"

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

long long Playback::firstFrame() const
{
    // The first whole frame inside the range, with lastFrame's tolerance.
    return static_cast<long long>(std::ceil(m_start * m_fps - 1e-4));
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
    m_stepEnd = 0.0;  // steps past the end are over once the time is set otherwise
    moveTo(seconds);
}

void Playback::moveTo(double seconds)
{
    seconds = std::clamp(seconds, 0.0, std::max({m_duration, m_scrubEnd, m_stepEnd}));
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
    setRange(0.0, seconds, false);
}

void Playback::setRange(double start, double end, bool manual)
{
    if (!std::isfinite(end) || end < 0.0)
        end = 0.0;
    if (!std::isfinite(start) || start < 0.0)
        start = 0.0;
    start = std::min(start, end);
    if (start != m_start || end != m_duration || manual != m_manualRange) {
        m_start = start;
        m_duration = end;
        m_manualRange = manual;
        emit durationChanged(m_duration);
    }
    moveTo(m_time);  // clamps
}

void Playback::setScrubEnd(double seconds)
{
    if (!std::isfinite(seconds) || seconds < 0.0)
        seconds = 0.0;
    m_scrubEnd = seconds;
    moveTo(m_time);  // clamps
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
    // Pressing play outside the range (a step or a scrub went past its
    // end), or at the end of a non-looping one, starts it over (reversed
    // play from the end). A thousandth of a frame is inside: the clip's end
    // is a float.
    const double eps = 1e-4 / m_fps;
    const bool outside = m_time < m_start - eps || m_time > m_duration + eps;
    if (!reversed && (outside || (!m_loop && m_time >= m_duration)))
        setTime(m_start);
    if (reversed && (outside || (!m_loop && m_time <= m_start)))
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
    const long long next = frame() + 1;
    if (isPlaying()) {
        const long long first = firstFrame(), last = lastFrame();
        setTime(static_cast<double>(next > last ? (m_loop ? first : last) : std::max(next, first)) / m_fps);
        return;
    }
    // Stopped: anywhere past the end too (Blender steps without bounds).
    const double t = static_cast<double>(next) / m_fps;
    m_stepEnd = std::max(m_stepEnd, t);
    moveTo(t);
}

void Playback::stepBackward()
{
    const long long prev = frame() - 1;
    if (isPlaying()) {
        const long long first = firstFrame(), last = lastFrame();
        setTime(static_cast<double>(prev < first ? (m_loop ? last : first) : std::min(prev, last)) / m_fps);
        return;
    }
    moveTo(static_cast<double>(std::max(prev, 0LL)) / m_fps);  // keeps a step's reach past the end
}

void Playback::jumpToStart()
{
    setTime(m_start);
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
        if (m_loop && m_duration > m_start) {
            t = anim::wrapIntoRange(t, m_start, m_duration);
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
    if (t < m_start) {
        if (m_loop && m_duration > m_start) {
            t = anim::wrapIntoRange(t, m_start, m_duration);
        } else {
            t = m_start;
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
