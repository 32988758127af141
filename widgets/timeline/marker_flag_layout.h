// SPDX-License-Identifier: MIT
#pragma once
#include <span>
#include <string>
#include <vector>

namespace marrow::ui {

// Where the ruler's sync-marker flags stand. Markers at the same or nearly
// the same time ("L" and "R up" on one frame) would draw as one unreadable
// glyph; instead each pennant starts at its pole unless the one before
// still covers that spot, and then just after it, so coincident flags
// stand side by side (their poles still mark their times). `poles` are
// sorted ascending; returns each pennant's left edge, in pixels.
std::vector<double> flagLefts(std::span<const double> poles, std::span<const double> widths, double gap = 2.0);

// The short label a flag shows: "L up" becomes "L↑" (not "L ", which reads
// as "L"); other names their first two characters.
std::string flagLabel(const std::string& name);

// A marker name for people: "L" is "left foot down", "R up" "right foot
// lifts"; other names as they are, quoted.
std::string markerMeaning(const std::string& name);

} // namespace marrow::ui
