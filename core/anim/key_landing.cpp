// SPDX-License-Identifier: MIT
#include "core/anim/key_landing.h"

#include "core/anim/key_ops.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

namespace marrow::anim {

namespace {

// Frame steps count from the frame a time sits on, not the one below it,
// when float rounding puts the time a hair under its frame.
constexpr double kOnFrame = 1e-4;

// Whether a sorted list holds a time within kSameKeyTime of t.
bool holds(const std::vector<float>& sorted, float t)
{
    const auto it = std::lower_bound(sorted.begin(), sorted.end(), t - kSameKeyTime);
    return it != sorted.end() && *it <= t + kSameKeyTime;
}

void insertSorted(std::vector<float>& sorted, float t)
{
    sorted.insert(std::upper_bound(sorted.begin(), sorted.end(), t), t);
}

// t in frames, exactly on its frame when within kOnFrame of it.
double framesOf(double t, double fps)
{
    const double frames = t * fps;
    const double whole = std::round(frames);
    return std::abs(frames - whole) < kOnFrame ? whole : frames;
}

} // namespace

double clampKeyOffset(double offset, double earliest)
{
    return std::max(offset, -std::max(0.0, earliest));
}

double clampKeyFactor(double factor, double pivot, double earliest, double latest)
{
    // pivot + (t - pivot) * f >= 0 is linear in t: holding at both ends of
    // [earliest, latest] it holds for every key between them.
    double lo = -std::numeric_limits<double>::infinity();
    double hi = std::numeric_limits<double>::infinity();
    for (const double t : {earliest, latest}) {
        const double lever = t - pivot;
        if (lever > 0.0)
            lo = std::max(lo, -pivot / lever);
        else if (lever < 0.0)
            hi = std::min(hi, -pivot / lever);
    }
    if (lo > hi)  // only with a pivot below 0: no factor keeps every key
        return factor;
    return std::clamp(factor, lo, hi);
}

double snappedScaleTime(double t, double pivot, double factor, double fps)
{
    if (!std::isfinite(fps) || fps <= 0.0)
        fps = 30.0;
    const double pivotFrames = framesOf(pivot, fps);
    const double frames = pivotFrames + (framesOf(t, fps) - pivotFrames) * factor;
    // Half up (not half away from zero, nor to even): the same direction at
    // every frame, and a hair under a half still counts as the half.
    return std::max(0.0, std::floor(frames + 0.5 + kOnFrame) / fps);
}

KeyLanding landKeys(std::span<const float> times, std::span<const std::size_t> moved, std::span<const float> wanted,
                    double fps)
{
    if (!std::isfinite(fps) || fps <= 0.0)
        fps = 30.0;
    KeyLanding out;
    out.times.assign(moved.size(), 0.f);
    // Each distinct in-range index once, taken in landing order (then old order).
    std::vector<std::pair<std::size_t, std::size_t>> order;  // (index into times, position in moved)
    constexpr std::size_t kNone = std::numeric_limits<std::size_t>::max();
    std::vector<std::size_t> first(times.size(), kNone);  // per key: its first position in moved
    for (std::size_t p = 0; p < moved.size() && p < wanted.size(); ++p) {
        out.times[p] = wanted[p];
        if (moved[p] < times.size() && first[moved[p]] == kNone) {
            first[moved[p]] = p;
            order.emplace_back(moved[p], p);
        }
    }
    std::stable_sort(order.begin(), order.end(), [&](const auto& a, const auto& b) {
        return wanted[a.second] != wanted[b.second] ? wanted[a.second] < wanted[b.second] : a.first < b.first;
    });
    std::vector<float> still;  // the unmoved keys' times
    for (std::size_t i = 0; i < times.size(); ++i)
        if (first[i] == kNone)
            still.push_back(times[i]);
    std::sort(still.begin(), still.end());

    std::vector<float> placed;  // sorted landing times of the keys placed so far
    std::vector<bool> landedOn(still.size(), false);
    for (std::size_t n = 0; n < order.size(); ++n) {
        const auto [index, p] = order[n];
        float at = wanted[p];
        const bool sameJump = n > 0 && times[order[n - 1].first] == times[index] &&
                              wanted[order[n - 1].second] == wanted[p];
        if (sameJump) {
            at = out.times[order[n - 1].second];  // a jump lands as one
        } else if (holds(placed, at)) {
            // Crowded: the next whole frame after this one that holds no key.
            double f = std::floor(static_cast<double>(at) * fps + kOnFrame) + 1.0;
            while (holds(placed, static_cast<float>(f / fps)) || holds(still, static_cast<float>(f / fps)))
                f += 1.0;
            at = static_cast<float>(f / fps);
        }
        out.times[p] = at;
        if (!sameJump)
            insertSorted(placed, at);
        // Unmoved keys under the landing go (retimeKeys overwrites them).
        for (auto it = std::lower_bound(still.begin(), still.end(), at - kSameKeyTime);
             it != still.end() && *it <= at + kSameKeyTime; ++it)
            landedOn[static_cast<std::size_t>(it - still.begin())] = true;
    }
    out.merged = static_cast<std::size_t>(std::count(landedOn.begin(), landedOn.end(), true));
    for (std::size_t p = 0; p < moved.size() && p < wanted.size(); ++p)
        if (moved[p] < times.size())
            out.times[p] = out.times[first[moved[p]]];  // a repeated index lands with its first
    return out;
}

template <class T>
KeyLanding planLanding(const Channel<T>& channel, std::span<const std::size_t> indices,
                       const std::function<float(float)>& wanted, double fps)
{
    std::vector<float> asked;
    asked.reserve(indices.size());
    for (const std::size_t i : indices)
        asked.push_back(i < channel.size() ? wanted(channel.times[i]) : 0.f);
    return landKeys(channel.times, indices, asked, fps);
}

template <class T>
std::vector<std::size_t> landAndRetime(Channel<T>& channel, std::span<const std::size_t> indices,
                                       const std::function<float(float)>& wanted, double fps, std::size_t* merged)
{
    const KeyLanding landing = planLanding(channel, indices, wanted, fps);
    if (merged)
        *merged += landing.merged;
    // retimeKeys maps by time: the keys of one old time (a jump) share a landing.
    std::vector<std::pair<float, float>> to;
    for (std::size_t p = 0; p < indices.size(); ++p)
        if (indices[p] < channel.size())
            to.emplace_back(channel.times[indices[p]], landing.times[p]);
    std::sort(to.begin(), to.end());
    const auto map = [&to](float t) {
        const auto it = std::lower_bound(to.begin(), to.end(), std::pair<float, float>(t, -std::numeric_limits<float>::infinity()));
        return it != to.end() && it->first == t ? it->second : t;
    };
    return retimeKeys(channel, indices, map);
}

template std::vector<std::size_t> landAndRetime(Vec3Channel&, std::span<const std::size_t>,
                                                const std::function<float(float)>&, double, std::size_t*);
template std::vector<std::size_t> landAndRetime(QuatChannel&, std::span<const std::size_t>,
                                                const std::function<float(float)>&, double, std::size_t*);
template KeyLanding planLanding(const Vec3Channel&, std::span<const std::size_t>, const std::function<float(float)>&,
                                double);
template KeyLanding planLanding(const QuatChannel&, std::span<const std::size_t>, const std::function<float(float)>&,
                                double);

} // namespace marrow::anim
