// SPDX-License-Identifier: MIT
#include "core/anim/clip_range.h"

#include "core/anim/clip.h"

#include <cmath>

namespace marrow::anim {

namespace {

// A key at `time` holding the channel's last value (see holdKeysToDuration).
template <class T>
void holdChannel(Channel<T>& ch, float time)
{
    const std::size_t last = ch.size() - 1;
    const Interpolation mode = ch.segment(last);
    ch.times.push_back(time);
    ch.values.push_back(ch.values[last]);
    if (!ch.interpolations.empty())
        ch.interpolations.push_back(mode);
    if (!ch.outTangents.empty()) {
        ch.outTangents[last] = zeroValue<T>();
        ch.outTangents.push_back(zeroValue<T>());
    }
    if (!ch.inTangents.empty())
        ch.inTangents.push_back(zeroValue<T>());
    if (!ch.tangentModes.empty()) {
        ch.tangentModes[last] = TangentMode::Flat;
        ch.tangentModes.push_back(TangentMode::Flat);
    }
}

void holdMorphTrack(MorphTrack& track, float time)
{
    const std::size_t targets = track.targetCount();
    const bool cubic = track.interpolation == Interpolation::CubicSpline;
    const std::size_t stride = cubic ? 3 * targets : targets;
    const std::size_t lastKey = track.values.size() - stride;
    std::vector<float> key(track.values.begin() + static_cast<std::ptrdiff_t>(lastKey), track.values.end());
    if (cubic) {
        // In-tangents, values, out-tangents: the last key's out and the new key's slopes flat.
        std::fill(track.values.end() - static_cast<std::ptrdiff_t>(targets), track.values.end(), 0.f);
        std::fill(key.begin(), key.begin() + static_cast<std::ptrdiff_t>(targets), 0.f);
        std::fill(key.end() - static_cast<std::ptrdiff_t>(targets), key.end(), 0.f);
    }
    track.times.push_back(time);
    track.values.insert(track.values.end(), key.begin(), key.end());
}

} // namespace

std::optional<std::string> validateRange(const ClipRange& range)
{
    if (!std::isfinite(range.start) || !std::isfinite(range.end))
        return "a frame range that is not finite";
    if (range.start < 0.f)
        return "a frame range that starts before 0";
    if (range.end <= range.start)
        return "a frame range that ends before it starts";
    if (range.end > kMaxClipSeconds)
        return "a frame range longer than a day";
    return std::nullopt;
}

float followedLength(const std::optional<ClipRange>& range, float lastKey, float current)
{
    if (range)
        return range->end;
    return lastKey > 0.f ? lastKey : current;
}

double wrapIntoRange(double t, double start, double end)
{
    const double span = end - start;
    if (!(span > 0.0) || !std::isfinite(t))
        return start;
    if (t >= start && t <= end)
        return t;
    double wrapped = std::fmod(t - start, span);
    if (wrapped < 0.0)
        wrapped += span;
    return start + wrapped;
}

bool holdKeysToDuration(Clip& clip)
{
    const float last = clip.lastKeyTime();
    if (!(clip.duration > last))
        return false;
    // The first channel that ends last: a joint's, else a morph track's.
    const auto hold = [&](auto& channel) {
        if (channel.empty() || channel.lastTime() != last)
            return false;
        holdChannel(channel, clip.duration);
        return true;
    };
    for (JointTrack& t : clip.tracks)
        if (hold(t.translation) || hold(t.rotation) || hold(t.euler) || hold(t.scale))
            return true;
    for (MorphTrack& t : clip.morphTracks)
        if (!t.times.empty() && t.targetCount() > 0 && t.lastTime() == last) {
            holdMorphTrack(t, clip.duration);
            return true;
        }
    return false;
}

} // namespace marrow::anim
