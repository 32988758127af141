// SPDX-License-Identifier: MIT
#include "core/anim/clip_resample.h"

#include "core/anim/channel_sampling.h"

#include <glm/geometric.hpp>

#include <cmath>

namespace marrow::anim {

namespace {

// The frame times inside [t0, t1], with both ends.
std::vector<float> frameTimes(float t0, float t1, double fps)
{
    std::vector<float> times{t0};
    for (double f = std::floor(static_cast<double>(t0) * fps) + 1.0; f / fps < static_cast<double>(t1); f += 1.0) {
        const auto t = static_cast<float>(f / fps);
        if (t > times.back() && t < t1)
            times.push_back(t);
    }
    if (t1 > times.back())
        times.push_back(t1);
    return times;
}

void keepHemisphere(const glm::quat& previous, glm::quat& q)
{
    if (glm::dot(previous, q) < 0.f)
        q = -q;
}
void keepHemisphere(const glm::vec3&, glm::vec3&) {}

template <class T>
Channel<T> resampled(const Channel<T>& c, double fps)
{
    if (c.empty())
        return {};
    Channel<T> out;
    std::uint32_t cursor = 0;
    out.times = frameTimes(c.firstTime(), c.lastTime(), fps);
    out.values.reserve(out.times.size());
    for (const float t : out.times) {
        T v = sampleChannel(c, t, cursor);
        if (!out.values.empty())
            keepHemisphere(out.values.back(), v);
        out.values.push_back(v);
    }
    return out;
}

MorphTrack resampled(const MorphTrack& track, double fps)
{
    if (track.times.empty())
        return track;
    MorphTrack out;
    out.mesh = track.mesh;
    out.interpolation = Interpolation::Linear;
    out.times = frameTimes(track.times.front(), track.lastTime(), fps);
    std::vector<float> weights(track.targetCount(), 0.f);
    for (const float t : out.times) {
        sampleMorphTrack(track, t, weights);
        out.values.insert(out.values.end(), weights.begin(), weights.end());
    }
    return out;
}

} // namespace

Clip resampleClip(const Clip& clip, double fps)
{
    Clip out = clip;
    for (JointTrack& t : out.tracks) {
        t.translation = resampled(t.translation, fps);
        t.rotation = resampled(t.rotation, fps);
        t.scale = resampled(t.scale, fps);
        t.euler = resampled(t.euler, fps);
    }
    for (MorphTrack& m : out.morphTracks)
        m = resampled(m, fps);
    return out;
}

} // namespace marrow::anim
