// SPDX-License-Identifier: MIT
#include "widgets/timeline/graph/graph_hit.h"

#include <algorithm>

namespace marrow::ui::graph {

std::optional<std::size_t> nearestPoint(std::span<const ScreenPoint> points, double x, double y, double radiusPx)
{
    std::optional<std::size_t> best;
    double bestD2 = radiusPx * radiusPx;
    for (std::size_t i = 0; i < points.size(); ++i) {
        const double dx = points[i].x - x, dy = points[i].y - y;
        const double d2 = dx * dx + dy * dy;
        if (d2 <= bestD2) {
            best = i;
            bestD2 = d2;
        }
    }
    return best;
}

std::vector<std::size_t> pointsInBox(std::span<const ScreenPoint> points, ScreenPoint a, ScreenPoint b)
{
    const double x0 = std::min(a.x, b.x), x1 = std::max(a.x, b.x);
    const double y0 = std::min(a.y, b.y), y1 = std::max(a.y, b.y);
    std::vector<std::size_t> inside;
    for (std::size_t i = 0; i < points.size(); ++i)
        if (points[i].x >= x0 && points[i].x <= x1 && points[i].y >= y0 && points[i].y <= y1)
            inside.push_back(i);
    return inside;
}

} // namespace marrow::ui::graph
