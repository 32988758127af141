// SPDX-License-Identifier: MIT
#include "core/anim/frame_rate.h"

#include <algorithm>
#include <cmath>
#include <cstddef>

namespace marrow::anim {

namespace {

template <class T>
void addTimes(const Channel<T>& channel, std::vector<float>& out)
{
    out.insert(out.end(), channel.times.begin(), channel.times.end());
}

// A clip's distinct key times after t = 0.
std::vector<float> timedKeys(const Clip& clip, double tolerance)
{
    std::vector<float> times;
    for (const JointTrack& track : clip.tracks) {
        addTimes(track.translation, times);
        addTimes(track.rotation, times);
        addTimes(track.euler, times);
        addTimes(track.scale, times);
    }
    std::sort(times.begin(), times.end());
    times.erase(std::unique(times.begin(), times.end()), times.end());
    std::erase_if(times, [&](float t) { return std::abs(t) <= tolerance; });
    return times;
}

bool onFrame(float t, double fps, double tolerance)
{
    const double frames = static_cast<double>(t) * fps;
    return std::abs(frames - std::round(frames)) <= tolerance * fps;
}

bool isMultiple(double rate, double of)
{
    const double ratio = rate / of;
    return std::abs(ratio - std::round(ratio)) < 1e-9;
}

} // namespace

std::optional<double> detectFrameRate(const std::vector<Clip>& clips, double tolerance)
{
    std::vector<float> keys;
    for (const Clip& clip : clips) {
        const std::vector<float> times = timedKeys(clip, tolerance);
        keys.insert(keys.end(), times.begin(), times.end());
    }
    if (keys.empty())
        return std::nullopt;
    std::array<std::size_t, kCommonFrameRates.size()> held{};
    for (std::size_t r = 0; r < kCommonFrameRates.size(); ++r)
        held[r] = static_cast<std::size_t>(
            std::count_if(keys.begin(), keys.end(), [&](float t) { return onFrame(t, kCommonFrameRates[r], tolerance); }));
    const std::size_t most = *std::max_element(held.begin(), held.end());
    if (static_cast<double>(most) < kMostKeysOnRate * static_cast<double>(keys.size()))
        return std::nullopt;
    std::optional<double> winner;  // the smallest rate holding `most`
    for (std::size_t r = 0; r < kCommonFrameRates.size(); ++r) {
        if (held[r] != most)
            continue;
        if (!winner)
            winner = kCommonFrameRates[r];
        else if (!isMultiple(kCommonFrameRates[r], *winner))
            return std::nullopt;  // 24 and 25 fps hold the same keys: no telling which
    }
    return winner;
}

} // namespace marrow::anim
