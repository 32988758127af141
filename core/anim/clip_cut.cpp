// SPDX-License-Identifier: MIT
#include "core/anim/clip_cut.h"

#include "core/anim/channel_sampling.h"

#include <algorithm>

namespace marrow::anim {

namespace {

// Cubic Hermite on [0, 1] and its derivative in u.
struct HermiteWeights {
    float h00, h10, h01, h11;
    float d00, d10, d01, d11;
};

HermiteWeights hermiteAt(float u)
{
    const float u2 = u * u, u3 = u2 * u;
    return {2.f * u3 - 3.f * u2 + 1.f, u3 - 2.f * u2 + u, -2.f * u3 + 3.f * u2, u3 - u2,
            6.f * u2 - 6.f * u,        3.f * u2 - 4.f * u + 1.f, -6.f * u2 + 6.f * u, 3.f * u2 - 2.f * u};
}

// One key of a cut: where the clip is at a time between its keys.
template <class T>
struct CutKey {
    T value;
    T slope;  // per second (cubic only)
    Interpolation mode = Interpolation::Linear;
    TangentMode tangent = TangentMode::Free;
};

// The channel at t, strictly between two keys or outside them. A cubic
// segment gives its raw Hermite value (a quaternion unnormalised, as the
// sampler normalises only the sum) and slope, so the two halves of the
// segment are the same curve.
template <class T>
CutKey<T> keyAt(const Channel<T>& c, double t)
{
    const std::size_t n = c.size();
    if (n == 1 || t < c.times.front())
        return {c.values.front(), zeroValue<T>()};
    if (t > c.times.back())
        return {c.values.back(), zeroValue<T>()};
    std::uint32_t cursor = 0;
    const std::size_t i = findKeyInterval(c.times, t, cursor);
    const Interpolation mode = c.segment(i);
    const TangentMode tangent = c.tangentMode(i);
    switch (mode) {
    case Interpolation::Step:
        return {c.values[i], zeroValue<T>(), mode, tangent};
    case Interpolation::Linear:
        return {sampleChannel(c, t, cursor), zeroValue<T>(), mode, tangent};
    case Interpolation::CubicSpline:
        break;
    }
    const float dt = c.times[i + 1] - c.times[i];
    const float u = static_cast<float>((t - c.times[i]) / dt);
    const HermiteWeights h = hermiteAt(u);
    const T m0 = c.outTangents[i] * dt, m1 = c.inTangents[i + 1] * dt;
    const T value = c.values[i] * h.h00 + m0 * h.h10 + c.values[i + 1] * h.h01 + m1 * h.h11;
    const T slope = (c.values[i] * h.d00 + m0 * h.d10 + c.values[i + 1] * h.d01 + m1 * h.d11) * (1.f / dt);
    return {value, slope, mode, TangentMode::Free};  // Free: the slope stays as cut
}

template <class T>
void pushKey(Channel<T>& out, const Channel<T>& c, float time, const CutKey<T>& k)
{
    out.times.push_back(time);
    out.values.push_back(k.value);
    if (!c.interpolations.empty())
        out.interpolations.push_back(k.mode);
    if (!c.inTangents.empty()) {
        out.inTangents.push_back(k.slope);
        out.outTangents.push_back(k.slope);
    }
    if (!c.tangentModes.empty())
        out.tangentModes.push_back(k.tangent);
}

template <class T>
void copyKey(Channel<T>& out, const Channel<T>& c, std::size_t k, float time)
{
    out.times.push_back(time);
    out.values.push_back(c.values[k]);
    if (!c.interpolations.empty())
        out.interpolations.push_back(c.interpolations[k]);
    if (!c.inTangents.empty()) {
        out.inTangents.push_back(c.inTangents[k]);
        out.outTangents.push_back(c.outTangents[k]);
    }
    if (!c.tangentModes.empty())
        out.tangentModes.push_back(c.tangentModes[k]);
}

template <class T>
Channel<T> cutChannel(const Channel<T>& c, double s, double e)
{
    Channel<T> out;
    if (c.empty())
        return out;
    const float length = static_cast<float>(e - s);
    const auto first = static_cast<std::size_t>(
        std::lower_bound(c.times.begin(), c.times.end(), s, [](float key, double x) { return key < x; }) -
        c.times.begin());
    if (first == c.size() || static_cast<double>(c.times[first]) != s)
        pushKey(out, c, 0.f, keyAt(c, s));
    bool endKeyed = false;
    for (std::size_t k = first; k < c.size() && static_cast<double>(c.times[k]) <= e; ++k) {
        const double key = c.times[k];
        endKeyed = key == e;
        const float time = key == s ? 0.f : endKeyed ? length : static_cast<float>(key - s);
        if ((time <= 0.f && key != s) || (time >= length && !endKeyed))
            continue;  // rounded onto an end key
        copyKey(out, c, k, time);
    }
    if (!endKeyed) {
        const bool pastTheKeys = e > static_cast<double>(c.times.back());
        if (pastTheKeys && !out.outTangents.empty())
            out.outTangents.back() = zeroValue<T>();  // unused by the clip past its last key: a cubic hold
        pushKey(out, c, length, keyAt(c, e));
    }
    return out;
}

MorphTrack cutMorphTrack(const MorphTrack& track, double s, double e)
{
    MorphTrack out{track.mesh, track.interpolation, {}, {}};
    const std::size_t targets = track.targetCount();
    if (targets == 0)
        return track;  // no keys: nothing to cut
    const bool cubic = track.interpolation == Interpolation::CubicSpline;
    const std::size_t stride = targets * (cubic ? 3 : 1);
    const float length = static_cast<float>(e - s);
    // A key sampled at t: weights, and for cubic the slopes (Hermite's, or a hold's 0).
    auto sampled = [&](double t) {
        std::vector<float> key(stride, 0.f);
        const std::size_t at = cubic ? targets : 0;
        sampleMorphTrack(track, static_cast<float>(t), std::span<float>(key.data() + at, targets));
        if (cubic && t > track.times.front() && t < track.times.back()) {
            const auto it = std::upper_bound(track.times.begin(), track.times.end(), static_cast<float>(t));
            const std::size_t k = static_cast<std::size_t>(it - track.times.begin()) - 1;
            const float dt = track.times[k + 1] - track.times[k];
            const HermiteWeights h = hermiteAt(static_cast<float>((t - track.times[k]) / dt));
            for (std::size_t w = 0; w < targets; ++w) {
                const float p0 = track.values[k * stride + targets + w], p1 = track.values[(k + 1) * stride + targets + w];
                const float m0 = track.values[k * stride + 2 * targets + w] * dt;
                const float m1 = track.values[(k + 1) * stride + w] * dt;
                key[at + w] = p0 * h.h00 + m0 * h.h10 + p1 * h.h01 + m1 * h.h11;
                key[w] = key[2 * targets + w] = (p0 * h.d00 + m0 * h.d10 + p1 * h.d01 + m1 * h.d11) / dt;
            }
        }
        return key;
    };
    auto push = [&](float time, const float* key) {
        out.times.push_back(time);
        out.values.insert(out.values.end(), key, key + stride);
    };
    const auto first = static_cast<std::size_t>(
        std::lower_bound(track.times.begin(), track.times.end(), s, [](float key, double x) { return key < x; }) -
        track.times.begin());
    // Before the first key the clip holds it; a cubic track holds only
    // with that key's in-tangent (unused by the clip there) zeroed.
    bool holdBefore = false;
    if (first == track.times.size() || static_cast<double>(track.times[first]) != s) {
        push(0.f, sampled(s).data());
        holdBefore = cubic && s < static_cast<double>(track.times.front());
    }
    bool endKeyed = false;
    for (std::size_t k = first; k < track.times.size() && static_cast<double>(track.times[k]) <= e; ++k) {
        const double key = track.times[k];
        endKeyed = key == e;
        const float time = key == s ? 0.f : endKeyed ? length : static_cast<float>(key - s);
        if ((time <= 0.f && key != s) || (time >= length && !endKeyed))
            continue;
        push(time, track.values.data() + k * stride);
        if (holdBefore && k == 0)
            std::fill_n(out.values.end() - static_cast<std::ptrdiff_t>(stride), targets, 0.f);
    }
    if (!endKeyed) {
        if (cubic && e > static_cast<double>(track.times.back()) && !out.times.empty())
            std::fill_n(out.values.end() - static_cast<std::ptrdiff_t>(targets), targets, 0.f);  // a cubic hold
        push(length, sampled(e).data());
    }
    return out;
}

} // namespace

Clip cutClip(const Clip& clip, double start, double end)
{
    Clip cut;
    cut.name = clip.name;
    for (const JointTrack& t : clip.tracks) {
        JointTrack c;
        c.joint = t.joint;
        c.rotationMode = t.rotationMode;
        c.translation = cutChannel(t.translation, start, end);
        c.rotation = cutChannel(t.rotation, start, end);
        c.scale = cutChannel(t.scale, start, end);
        c.euler = cutChannel(t.euler, start, end);
        cut.tracks.push_back(std::move(c));
    }
    for (const MorphTrack& m : clip.morphTracks)
        cut.morphTracks.push_back(cutMorphTrack(m, start, end));
    if (clip.syncMarkers) {
        std::vector<SyncMarker> markers;
        for (const SyncMarker& m : *clip.syncMarkers)
            if (m.time >= start && m.time < end)
                markers.push_back({m.name, m.time - start});
        if (!markers.empty())
            cut.syncMarkers = std::move(markers);
    }
    cut.updateDuration();
    if (cut.lastKeyTime() <= 0.f)
        cut.duration = static_cast<float>(end - start);  // no keys: the room the part had
    return cut;
}

} // namespace marrow::anim
