// SPDX-License-Identifier: MIT
#pragma once
#include <QImage>
#include <QRect>
#include <QRgb>

#include <array>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

namespace marrow::ui::graph {

// Draws the graph's dense layers straight into a 32-bit image (RGB32 or
// premultiplied ARGB32), in device pixels, where QPainter's cost per line
// or per ellipse would dominate with tens of thousands of them.
//
// A polyline is reduced to one vertical span per pixel column (the lowest
// and highest y the line reaches in that column), widened by half the line
// width above and below, with the partly covered end pixels blended by
// coverage: exact for any number of points per column, so dense curves
// cost what the image is wide.

class PlotRaster {
public:
    // `image` must stay alive, unshared and unpainted by others while this draws.
    explicit PlotRaster(QImage& image);

    // Points in device pixels with x non-decreasing (a curve over time); an
    // opaque `colour`; `width` in device pixels. Points far off the image
    // are fine (y is clamped, off-image columns skipped).
    void polyline(std::span<const double> xs, std::span<const double> ys, QRgb colour, double width);

    // Blends a premultiplied stamp (KeyStamps) with its centre on the
    // corner at device pixel (x, y): its top-left lands at x - w/2, y - h/2.
    void stamp(const QImage& stamp, int x, int y);

    // Fills device pixels `rect` (clipped to the image) with a premultiplied
    // colour, blended over the image when not opaque: QPainter's fills of
    // tall thin rects and lines hand each to its thread pool, which costs
    // more than the pixels.
    void fillRect(QRect rect, QRgb premultiplied);

private:
    void addSegment(double x0, double y0, double x1, double y1);
    void fillColumns(QRgb colour, double halfWidth);
    const std::array<std::uint32_t, 256>& colourTable(std::uint32_t opaque);

    std::uint32_t* row(int y) const { return reinterpret_cast<std::uint32_t*>(m_bits + y * m_stride); }

    uchar* m_bits = nullptr;  // taken once: scanLine() per pixel costs a detach check
    qsizetype m_stride = 0;
    int m_width = 0;
    int m_height = 0;
    std::vector<double> m_lo, m_hi;  // per column; lo > hi: untouched
    int m_first = 0, m_last = -1;    // the columns the current polyline touched
    // A stamp unpacked for blending: per pixel its premultiplied colour and
    // 255 - alpha as four 16-bit lanes (what the blend multiplies by).
    struct PreparedStamp {
        qint64 key = 0;
        int width = 0, height = 0;
        std::vector<std::uint32_t> colours;   // width x height
        std::vector<std::uint16_t> inverse;   // width x height x 4
        std::vector<std::pair<int, int>> rows;  // per row, the columns [first, end) that are not clear
    };
    const PreparedStamp& prepared(const QImage& stamp);

    std::vector<PreparedStamp> m_stamps;
    std::vector<std::array<std::uint32_t, 256>> m_tables;  // an opaque colour at each coverage; entry 255 is the colour
};

} // namespace marrow::ui::graph
