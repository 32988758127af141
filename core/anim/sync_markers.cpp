// SPDX-License-Identifier: MIT
#include "core/anim/sync_markers.h"

#include <glm/geometric.hpp>

#include <algorithm>
#include <cstdint>
#include <cmath>
#include <limits>

namespace marrow::anim {

std::vector<SyncMarker> sortedMarkers(std::vector<SyncMarker> markers)
{
    std::stable_sort(markers.begin(), markers.end(),
                     [](const SyncMarker& x, const SyncMarker& y) { return x.time < y.time; });
    return markers;
}

namespace {

// The index of the marker at or before t; before the first one, the last
// (a loop earlier).
std::size_t previousMarker(std::span<const SyncMarker> m, double t)
{
    std::size_t i = m.size() - 1;  // before the first: the last, a loop earlier
    for (std::size_t k = 0; k < m.size(); ++k)
        if (m[k].time <= t)
            i = k;
    return i;
}

double wrap(double t, double length)
{
    const double w = std::fmod(t, length);
    return w < 0.0 ? w + length : w;
}

} // namespace

MarkerSpan markerSpan(std::span<const SyncMarker> m, double length, double time)
{
    MarkerSpan span;
    span.previous = previousMarker(m, time);
    const std::size_t i = span.previous;
    // The next marker of another name: two of one name in a row are no step
    // (B has no such pair side by side).
    std::size_t j = (i + 1) % m.size();
    for (std::size_t step = 1; step < m.size() && m[j].name == m[i].name; ++step)
        j = (i + step + 1) % m.size();
    if (m[j].name == m[i].name)
        j = (i + 1) % m.size();  // one name only: marker to marker
    span.next = j;
    double start = m[i].time, end = m[j].time;
    if (start > time)
        start -= length;  // the last marker, a loop before
    while (end <= time)
        end += length;
    span.fraction = end > start ? (time - start) / (end - start) : 0.0;
    return span;
}

std::optional<double> markerSyncedTime(std::span<const SyncMarker> a, double lengthA, double timeA,
                                       std::span<const SyncMarker> b, double lengthB, double nearB)
{
    if (a.empty() || b.empty() || !(lengthA > 0.0) || !(lengthB > 0.0))
        return std::nullopt;
    const MarkerSpan span = markerSpan(a, lengthA, timeA);
    const std::size_t i = span.previous, j = span.next;
    const double f = span.fraction;
    std::optional<double> best;
    double bestDistance = std::numeric_limits<double>::max();
    for (std::size_t k = 0; k < b.size(); ++k) {
        if (b[k].name != a[i].name)
            continue;
        // The first marker after it named as A's next (itself a loop later at most).
        std::size_t step = 1;
        while (step < b.size() && b[(k + step) % b.size()].name != a[j].name)
            ++step;
        const std::size_t next = (k + step) % b.size();
        if (b[next].name != a[j].name)
            continue;
        double endB = b[next].time;
        if (endB <= b[k].time)
            endB += lengthB;
        const double t = wrap(b[k].time + f * (endB - b[k].time), lengthB);
        const double d = std::abs(wrap(t - nearB + 0.5 * lengthB, lengthB) - 0.5 * lengthB);
        if (d < bestDistance) {
            bestDistance = d;
            best = t;
        }
    }
    return best;
}

} // namespace marrow::anim
