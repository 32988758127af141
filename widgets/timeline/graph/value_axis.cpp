// SPDX-License-Identifier: MIT
#include "widgets/timeline/graph/value_axis.h"

#include <algorithm>
#include <cmath>

namespace marrow::ui::graph {

ValueAxis::ValueAxis(double heightPx, double bottom, double top)
{
    setHeight(heightPx);
    setRange(bottom, top);
}

void ValueAxis::setHeight(double heightPx)
{
    m_height = std::isfinite(heightPx) && heightPx >= 1.0 ? heightPx : 1.0;
}

void ValueAxis::setRange(double bottom, double top)
{
    if (!std::isfinite(bottom) || !std::isfinite(top) || !(top > bottom))
        return;
    const double span = top - bottom;
    const double clamped = std::clamp(span, kMinSpan, kMaxSpan);
    if (clamped != span) {
        const double centre = 0.5 * (bottom + top);
        bottom = centre - 0.5 * clamped;
        top = centre + 0.5 * clamped;
    }
    m_bottom = bottom;
    m_top = top;
}

void ValueAxis::fit(double lo, double hi, double margin)
{
    if (!std::isfinite(lo) || !std::isfinite(hi))
        return;
    if (hi < lo)
        std::swap(lo, hi);
    double span = hi - lo;
    if (span < kMinSpan) {
        span = std::max(1.0, std::abs(lo));
        lo -= 0.5 * span;
        hi += 0.5 * span;
    }
    const double pad = std::max(0.0, margin) * span;
    setRange(lo - pad, hi + pad);
}

void ValueAxis::zoomAbout(double anchorY, double factor)
{
    if (!std::isfinite(factor) || factor <= 0.0)
        return;
    const double anchor = pixelToValue(anchorY);
    const double span = std::clamp((m_top - m_bottom) / factor, kMinSpan, kMaxSpan);
    // The anchor keeps its fraction of the height.
    const double above = anchorY / m_height;
    m_top = anchor + above * span;
    m_bottom = m_top - span;
}

void ValueAxis::panByPixels(double dy)
{
    if (!std::isfinite(dy))
        return;
    const double dv = dy / pixelsPerUnit();
    m_top += dv;
    m_bottom += dv;
}

double ValueAxis::tickStep(double minSpacingPx) const
{
    const double minUnits = std::max(minSpacingPx, 1.0) / pixelsPerUnit();
    double decade = std::pow(10.0, std::floor(std::log10(minUnits)));
    for (;;) {
        for (const double m : {1.0, 2.0, 5.0})
            if (m * decade >= minUnits)
                return m * decade;
        decade *= 10.0;
    }
}

} // namespace marrow::ui::graph
