// SPDX-License-Identifier: MIT
#include "widgets/timeline/graph/tangent_handle.h"

#include <algorithm>
#include <cmath>

namespace marrow::ui::graph {

ScreenPoint handleOffset(double slope, HandleSide side, const HandleScales& scales)
{
    // One second along the tangent, in pixels.
    const double dx = scales.pixelsPerSecond;
    const double dy = -slope * scales.pixelsPerUnit;
    const double length = std::hypot(dx, dy);
    if (!(length > 0.0) || !std::isfinite(length))
        return {0.0, 0.0};
    const double k = static_cast<double>(static_cast<int>(side)) * scales.lengthPx / length;
    return {dx * k, dy * k};
}

double slopeFromHandle(ScreenPoint offset, HandleSide side, const HandleScales& scales)
{
    const double s = static_cast<double>(static_cast<int>(side));
    const double dx = s * std::max(s * offset.x, kMinHandleDx);
    return -(offset.y / scales.pixelsPerUnit) / (dx / scales.pixelsPerSecond);
}

} // namespace marrow::ui::graph
