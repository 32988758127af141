// SPDX-License-Identifier: MIT
#include "core/anim/frame_rate.h"

#include <algorithm>
#include <cmath>

namespace marrow::anim {

namespace {

template <class T>
void addTimes(const Channel<T>& channel, std::vector<float>& out)
{
    out.insert(out.end(), channel.times.begin(), channel.times.end());
}

bool onFrames(const std::vector<float>& times, double fps, double tolerance)
{
    return std::all_of(times.begin(), times.end(), [&](float t) {
        const double frames = static_cast<double>(t) * fps;
        return std::abs(frames - std::round(frames)) <= tolerance * fps;
    });
}

} // namespace

std::optional<double> detectFrameRate(const std::vector<Clip>& clips, double tolerance)
{
    std::vector<float> times;
    for (const Clip& clip : clips)
        for (const JointTrack& track : clip.tracks) {
            addTimes(track.translation, times);
            addTimes(track.rotation, times);
            addTimes(track.euler, times);
            addTimes(track.scale, times);
        }
    // Files repeat one time grid over every channel: test each time once.
    std::sort(times.begin(), times.end());
    times.erase(std::unique(times.begin(), times.end()), times.end());
    const bool timed = std::any_of(times.begin(), times.end(), [&](float t) { return std::abs(t) > tolerance; });
    if (!timed)
        return std::nullopt;
    for (double fps : kCommonFrameRates)
        if (onFrames(times, fps, tolerance))
            return fps;
    return std::nullopt;
}

} // namespace marrow::anim
