// SPDX-License-Identifier: MIT
#pragma once
#include <cstddef>
#include <optional>
#include <span>
#include <vector>

namespace marrow::ui::graph {

// A point drawn in the plot (a key or a tangent handle's end), in widget pixels.
struct ScreenPoint {
    double x = 0.0;
    double y = 0.0;
    bool operator==(const ScreenPoint&) const = default;
};

// The point within `radiusPx` (Euclidean) of (x, y) nearest to it; between
// equal distances the later one, since later points are drawn on top.
std::optional<std::size_t> nearestPoint(std::span<const ScreenPoint> points, double x, double y, double radiusPx);

// Indices of the points inside the box spanned by two corners (any order, edges included).
std::vector<std::size_t> pointsInBox(std::span<const ScreenPoint> points, ScreenPoint a, ScreenPoint b);

} // namespace marrow::ui::graph
