// SPDX-License-Identifier: MIT
#include "widgets/timeline/graph/plot_raster.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>

namespace marrow::ui::graph {

namespace {

constexpr double kFar = 1.0e6;  // y beyond this is off any image; keeps the maths finite
constexpr double kNone = std::numeric_limits<double>::infinity();

// Each byte of `x` times a / 255, rounded (two bytes per multiply).
std::uint32_t byteMul(std::uint32_t x, std::uint32_t a)
{
    std::uint32_t rb = (x & 0xff00ffu) * a;
    rb = ((rb + ((rb >> 8) & 0xff00ffu) + 0x800080u) >> 8) & 0xff00ffu;
    std::uint32_t ag = ((x >> 8) & 0xff00ffu) * a;
    ag = (ag + ((ag >> 8) & 0xff00ffu) + 0x800080u) & 0xff00ff00u;
    return ag | rb;
}

// `src` (premultiplied) over `dst`.
std::uint32_t over(std::uint32_t dst, std::uint32_t src)
{
    return src + byteMul(dst, 255u - qAlpha(src));
}

} // namespace

PlotRaster::PlotRaster(QImage& image)
    : m_bits(image.bits())
    , m_stride(image.bytesPerLine())
    , m_width(image.width())
    , m_height(image.height())
    , m_lo(static_cast<std::size_t>(std::max(0, image.width())), kNone)
    , m_hi(static_cast<std::size_t>(std::max(0, image.width())), -kNone)
{
}

void PlotRaster::addSegment(double x0, double y0, double x1, double y1)
{
    if (x1 < 0.0 || x0 >= m_width)
        return;
    const int c0 = std::max(0, static_cast<int>(std::floor(x0)));
    const int c1 = std::min(m_width - 1, static_cast<int>(std::floor(x1)));
    const double dx = x1 - x0;
    const double slope = dx > 0.0 ? (y1 - y0) / dx : 0.0;  // one division per segment, not two per column
    for (int c = c0; c <= c1; ++c) {
        // The part of the segment inside column c, as its y range.
        double ya = y0, yb = y1;
        if (dx > 0.0) {
            const double xa = std::max(x0, static_cast<double>(c));
            const double xb = std::min(x1, static_cast<double>(c + 1));
            ya = y0 + slope * (xa - x0);
            yb = y0 + slope * (xb - x0);
        }
        const auto i = static_cast<std::size_t>(c);
        m_lo[i] = std::min({m_lo[i], ya, yb});
        m_hi[i] = std::max({m_hi[i], ya, yb});
    }
    if (c0 <= c1) {
        m_first = m_last < m_first ? c0 : std::min(m_first, c0);
        m_last = std::max(m_last, c1);
    }
}

void PlotRaster::fillColumns(QRgb colour, double halfWidth)
{
    const std::uint32_t src = colour | 0xff000000u;
    for (int c = m_first; c <= m_last; ++c) {
        const auto i = static_cast<std::size_t>(c);
        if (m_lo[i] > m_hi[i])
            continue;
        const double a = m_lo[i] - halfWidth, b = m_hi[i] + halfWidth;
        m_lo[i] = kNone;
        m_hi[i] = -kNone;
        const int r0 = std::max(0, static_cast<int>(std::floor(a)));
        const int r1 = std::min(m_height - 1, static_cast<int>(std::ceil(b)) - 1);
        // The end rows are partly covered, the rows between wholly.
        const auto blend = [&](int r) {
            const double cover = std::min(b, r + 1.0) - std::max(a, static_cast<double>(r));
            std::uint32_t& px = row(r)[c];
            const auto alpha = static_cast<std::uint32_t>(std::clamp(cover, 0.0, 1.0) * 255.0 + 0.5);
            px = byteMul(src, alpha) + byteMul(px, 255u - alpha);
        };
        if (r0 > r1)
            continue;
        blend(r0);
        for (int r = r0 + 1; r < r1; ++r)
            row(r)[c] = src;
        if (r1 > r0)
            blend(r1);
    }
    m_first = 0;
    m_last = -1;
}

void PlotRaster::polyline(std::span<const double> xs, std::span<const double> ys, QRgb colour, double width)
{
    const std::size_t n = std::min(xs.size(), ys.size());
    if (n == 0 || m_width <= 0 || m_height <= 0)
        return;
    const auto y = [&](std::size_t i) { return std::clamp(ys[i], -kFar, kFar); };
    if (n == 1)
        addSegment(xs[0], y(0), xs[0], y(0));
    for (std::size_t i = 0; i + 1 < n; ++i)
        addSegment(xs[i], y(i), xs[i + 1], y(i + 1));
    fillColumns(colour, width / 2.0);
}

void PlotRaster::stamp(const QImage& stamp, int x, int y)
{
    const int left = x - stamp.width() / 2, top = y - stamp.height() / 2;
    const int c0 = std::max(0, -left), c1 = std::min(stamp.width(), m_width - left);
    const int r0 = std::max(0, -top), r1 = std::min(stamp.height(), m_height - top);
    for (int r = r0; r < r1; ++r) {
        const auto* s = reinterpret_cast<const std::uint32_t*>(stamp.constScanLine(r));
        std::uint32_t* d = row(top + r) + left;
        for (int c = c0; c < c1; ++c) {
            if (qAlpha(s[c]) == 255)
                d[c] = s[c];  // the disc's inside: most of a stamp
            else if (s[c] != 0)
                d[c] = over(d[c], s[c]);
        }
    }
}

} // namespace marrow::ui::graph
