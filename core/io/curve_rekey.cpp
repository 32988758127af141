// SPDX-License-Identifier: MIT
#include "core/io/curve_rekey.h"
#include "core/anim/channel_sampling.h"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <set>

namespace marrow::io {

namespace {

constexpr double kSlopeStep = 1e-3;  // seconds, for the one-sided slopes

template <class T>
void setCubic(anim::Channel<T>& ch, const std::vector<double>& times, std::vector<T> values, std::vector<T> in,
              std::vector<T> out)
{
    ch = {};
    for (double t : times)
        ch.times.push_back(static_cast<float>(t));
    ch.values = std::move(values);
    ch.inTangents = std::move(in);
    ch.outTangents = std::move(out);
    ch.interpolations.assign(times.size(), anim::Interpolation::CubicSpline);
}

} // namespace

// The track's transform at time t (the rest's parts where it has no channel).
math::Transform sampleTrack(const anim::JointTrack& track, const math::Transform& rest, double t)
{
    std::uint32_t c0 = 0, c1 = 0, c2 = 0;
    math::Transform out = rest;
    if (!track.translation.empty())
        out.translation = anim::sampleChannel(track.translation, t, c0);
    if (!track.rotation.empty())
        out.rotation = anim::sampleChannel(track.rotation, t, c1);
    if (!track.scale.empty())
        out.scale = anim::sampleChannel(track.scale, t, c2);
    return out;
}

// Whether the track poses as `local` at time t: their matrices agree within
// `tolerance` (relative to the translation's size), and 10x that in the
// 3x3 part (about radians). Matrices, not parts: a mirrored joint splits
// into rotation and negative scale more than one way.
bool agreesAt(const LocalAt& local, double t, const anim::JointTrack& track, const math::Transform& rest,
              float tolerance)
{
    const glm::mat4 theirs = math::toMatrix(sampleTrack(track, rest, t));
    const glm::mat4 mine = math::toMatrix(local(t));
    const float size = std::max(1.f, glm::length(glm::vec3(theirs[3])));
    if (glm::length(glm::vec3(mine[3]) - glm::vec3(theirs[3])) > tolerance * size)
        return false;
    for (int c = 0; c < 3; ++c) {
        const float scale = std::max(1.f, glm::length(glm::vec3(theirs[c])));
        if (glm::length(glm::vec3(mine[c]) - glm::vec3(theirs[c])) > 10.f * tolerance * scale)
            return false;
    }
    return true;
}

bool matchesAtKeys(const LocalAt& local, const std::vector<double>& keys, const anim::JointTrack& track,
                   const math::Transform& rest)
{
    return std::all_of(keys.begin(), keys.end(),
                       [&](double t) { return agreesAt(local, t, track, rest, 1e-4f); });
}

bool differsBetweenKeys(const LocalAt& local, const std::vector<double>& keys, const anim::JointTrack& track,
                        const math::Transform& rest)
{
    for (std::size_t i = 0; i + 1 < keys.size(); ++i)
        for (double f : {0.25, 0.5, 0.75})
            if (!agreesAt(local, keys[i] + f * (keys[i + 1] - keys[i]), track, rest, 1e-5f))
                return true;
    return false;
}

std::vector<double> rekeyTimes(const std::vector<double>& keys, double fps, const std::vector<double>& extra)
{
    if (keys.empty())
        return {};
    // Times within kSameTime are one key (keys land on frames up to the
    // file's time rounding, and a float time cannot tell them apart).
    constexpr double kSameTime = 1e-5;
    std::set<double> out;
    for (double t : keys)
        if (out.empty() || t - *out.rbegin() >= kSameTime)
            out.insert(t);
    const double first = *out.begin(), last = *out.rbegin(), step = 1.0 / fps;
    std::vector<double> more(extra);
    for (double f = std::ceil(first * fps - 1e-6); f * step < last; ++f)
        more.push_back(f * step);
    for (double t : more) {
        if (t <= first || t >= last)
            continue;
        const auto next = out.lower_bound(t);
        if ((next != out.end() && *next - t < kSameTime) || (next != out.begin() && t - *std::prev(next) < kSameTime))
            continue;
        out.insert(t);
    }
    return {out.begin(), out.end()};
}

void rekeyTrack(const LocalAt& local, const std::vector<double>& times, const math::Transform& rest,
                anim::JointTrack& track, const StepsAt& steps)
{
    std::vector<glm::vec3> tv, ti, to, sv, si, so;
    std::vector<glm::quat> rv, ri, ro;
    const double h = kSlopeStep;
    for (double t : times) {
        const math::Transform a = local(t), f1 = local(t + h), f2 = local(t + 2 * h);
        const math::Transform b1 = local(t - h), b2 = local(t - 2 * h);
        const auto fwd = [h](auto x0, auto x1, auto x2) { return (-3.f * x0 + 4.f * x1 - x2) / static_cast<float>(2 * h); };
        const auto bwd = [h](auto x0, auto x1, auto x2) { return (3.f * x0 - 4.f * x1 + x2) / static_cast<float>(2 * h); };
        tv.push_back(a.translation);
        to.push_back(fwd(a.translation, f1.translation, f2.translation));
        ti.push_back(bwd(a.translation, b1.translation, b2.translation));
        sv.push_back(a.scale);
        so.push_back(fwd(a.scale, f1.scale, f2.scale));
        si.push_back(bwd(a.scale, b1.scale, b2.scale));
        // Quaternion keys on one hemisphere, each with its neighbours.
        glm::quat q = a.rotation;
        if (!rv.empty() && glm::dot(rv.back(), q) < 0.f)
            q = -q;
        const auto near = [&q](glm::quat x) { return glm::dot(x, q) < 0.f ? -x : x; };
        rv.push_back(q);
        ro.push_back(fwd(q, near(f1.rotation), near(f2.rotation)));
        ri.push_back(bwd(q, near(b1.rotation), near(b2.rotation)));
    }
    // A channel the track had, or one the curves move away from the rest
    // (their split into parts may differ from the rest's).
    const auto moves = [](const auto& values, auto restValue) {
        return std::any_of(values.begin(), values.end(),
                           [&](const auto& v) { return glm::length(v - restValue) > 1e-6f; });
    };
    if (!track.translation.empty() || moves(tv, rest.translation))
        setCubic(track.translation, times, tv, ti, to);
    const bool turns = std::any_of(rv.begin(), rv.end(), [&rest](const glm::quat& q) {
        return std::min(glm::length(q - rest.rotation), glm::length(q + rest.rotation)) > 1e-6f;
    });
    if (!track.rotation.empty() || turns)
        setCubic(track.rotation, times, rv, ri, ro);
    if (!track.scale.empty() || moves(sv, rest.scale))
        setCubic(track.scale, times, sv, si, so);
    if (!steps)
        return;
    for (std::size_t i = 0; i + 1 < times.size(); ++i)
        if (steps(times[i], times[i + 1])) {
            for (auto* interpolations : {&track.translation.interpolations, &track.rotation.interpolations,
                                         &track.scale.interpolations})
                if (i < interpolations->size())
                    (*interpolations)[i] = anim::Interpolation::Step;
        }
}

} // namespace marrow::io
