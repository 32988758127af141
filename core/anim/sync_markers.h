// SPDX-License-Identifier: MIT
#pragma once
#include <glm/vec3.hpp>

#include <optional>
#include <span>
#include <string>
#include <vector>

namespace marrow::anim {

// A named event in a clip (Unreal's sync marker): "L" and "R" where a foot
// goes down. Synced transitions reach matching markers of both clips
// together.
struct SyncMarker {
    std::string name;
    double time = 0.0;  // seconds into the clip
    bool operator==(const SyncMarker&) const = default;
};

// Markers sorted by time (equal times keep their order).
std::vector<SyncMarker> sortedMarkers(std::vector<SyncMarker> markers);

// Where a time sits among a clip's markers (sorted, non-empty, inside
// [0, length)): the marker at or before it (the last, a loop earlier,
// before the first), the next one of another name (two of one name in a
// row, as a clip that is not one clean cycle gives across its loop, are no
// step; marker to marker when all share one name), and the fraction of the
// way from the one to the other.
struct MarkerSpan {
    std::size_t previous = 0;
    std::size_t next = 0;
    double fraction = 0.0;
};
MarkerSpan markerSpan(std::span<const SyncMarker> markers, double length, double time);

// B's time that sits between the same pair of markers as A's time does
// (Unreal's marker-based sync): A at fraction f between its previous
// marker (name p) and its next of another name (n, across the loop; two
// of one name in a row, as a clip that is not one clean cycle gives across
// its loop, are passed over as no step), B at the same
// fraction between a marker named p and the first one after it named n
// (other markers between are passed over: a clip that is not one clean
// cycle can give A a pair B does not have side by side).
// Of several such pairs in B, the one whose time lies nearest (across the
// loop) to `nearB` (where phase sync would put B). nullopt when A has no
// marker or B has no such pair. Both clips cycle; lengths > 0; markers
// sorted and inside [0, length).
std::optional<double> markerSyncedTime(std::span<const SyncMarker> a, double lengthA, double timeA,
                                       std::span<const SyncMarker> b, double lengthB, double nearB);

} // namespace marrow::anim
